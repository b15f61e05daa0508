import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { offerDetail } from './offerDetailFixtures.ts';
import { renderOfferScreen } from './offerScreenHarness.tsx';

const params = { origin: 'mixedFeed', type: 'benefit', id: 'offer-1' };

/** What the offer page's wiring tells the analytics (issue 27): the page never calls it itself. */
describe('offer page analytics', () => {
  it('an opened offer, then a claimed promo code, each naming the offer', async () => {
    const claims: unknown[] = [];
    const page = renderOfferScreen({
      answer: offerDetail({
        type: 'benefit',
        promoExists: true,
        isVoucherCodeSoldOut: false,
        voucherClaimCap: 3,
        userVoucherCodeClaimCount: 0,
        callToAction: { type: 'claim', label: 'Get your code' },
      }),
      params,
      send: async (_method, _path, body) => {
        claims.push(body);
        return { code: 'CODE-1', userClaimedCount: 1, claimCap: 3 };
      },
    });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(page.analytics.events).toEqual([{ name: 'offer_opened', customParams: { offerId: 'offer-1' } }]));

    fireEvent.click(await screen.findByRole('button', { name: 'Get your code' }));
    await waitFor(() => expect(claims).toHaveLength(1));
    await waitFor(() => expect(page.analytics.events.map((e) => e.name)).toEqual(['offer_opened', 'promo_claimed']));
    expect(page.analytics.events[1]!.customParams).toEqual({ offerId: 'offer-1' });
  });

  it('a failed load is no opened offer', async () => {
    const page = renderOfferScreen({ answer: new Error('offline'), params });
    await screen.findByRole('button', { name: /try again/i });
    expect(page.analytics.events).toEqual([]);
  });
});
