import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClaimedPromoCode } from '../../contract/promoCode.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { activateLocale, loadMessages } from '../../src/i18n/i18n.ts';
import { imageOptions } from './components/offerFixtures.ts';
import { readOnlyApi, renderRoute } from './routeHarness.tsx';

const claimed = (code: string, claimedAt: string, offerId: string, title: string, kind: ClaimedPromoCode['kind'] = 'unique'): ClaimedPromoCode => ({
  code,
  kind,
  claimedAt,
  groupId: `/benefit/${offerId}`,
  offer: { id: offerId, type: 'benefit', title, puffImage: imageOptions() },
});

/** /more/voucher through the route table (lazy screen and wiring), over a fake API. */
function renderVouchers(answer: () => Promise<ClaimedPromoCode[]>) {
  const { api, calls } = readOnlyApi(answer);

  const { pushed } = renderRoute('vouchers', '/more/voucher', api);
  return { calls, pushed };
}

/** The screen is a lazy chunk: its first load may outlast findBy's default wait on a busy machine. */
const lazyWait = { timeout: 15_000 };

afterEach(async () => {
  cleanup();
  await activateLocale('en');
});

describe('/more/voucher', () => {
  const codes = [
    claimed('SPA-1', '2026-11-20T10:00:00Z', 'aurora-benefit-001', 'Two for one at Spa'),
    claimed('BIKE-2', '2026-11-22T09:00:00Z', 'aurora-benefit-005', 'Two for one at Cykelverkstan'),
    claimed('SPA-2', '2026-11-24T08:00:00Z', 'aurora-benefit-001', 'Two for one at Spa'),
    claimed('BIKE-1', '2026-10-02T09:00:00Z', 'aurora-benefit-005', 'Two for one at Cykelverkstan'),
  ];

  it('groups the codes by offer, newest first, with links to the offers and dates', async () => {
    const { calls, pushed } = renderVouchers(async () => codes);
    const groups = await screen.findByRole('list', { name: 'Promo codes by offer' }, lazyWait);
    expect(calls).toEqual(['/v1/get_list/offer/voucher/code']);
    const headings = within(groups).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Two for one at Spa', 'Two for one at Cykelverkstan']);
    const spa = screen.getByRole('list', { name: 'Codes for Two for one at Spa' });
    expect([...spa.querySelectorAll('code')].map((c) => c.textContent)).toEqual(['SPA-2', 'SPA-1']);
    expect(within(spa).getByText('24 November 2026')).toBeTruthy();
    const bikes = screen.getByRole('list', { name: 'Codes for Two for one at Cykelverkstan' });
    expect([...bikes.querySelectorAll('code')].map((c) => c.textContent)).toEqual(['BIKE-2', 'BIKE-1']);

    const link = within(groups).getByRole('link', { name: 'Two for one at Spa' });
    expect(link.getAttribute('href')).toBe('/benefit/aurora-benefit-001');
    fireEvent.click(link);
    expect(pushed).toEqual(['/benefit/aurora-benefit-001']);
  });

  it('lists a revealed member code with the offer’s own codes, saying it is the same for every member', async () => {
    renderVouchers(async () => [...codes, claimed('SPA-ALL', '2026-11-23T08:00:00Z', 'aurora-benefit-001', 'Two for one at Spa', 'common')]);
    const spa = await screen.findByRole('list', { name: 'Codes for Two for one at Spa' }, lazyWait);
    expect([...spa.querySelectorAll('code')].map((c) => c.textContent)).toEqual(['SPA-2', 'SPA-ALL', 'SPA-1']);
    const common = within(spa).getAllByRole('listitem')[1]!;
    expect(common.textContent).toContain('Member code, the same for every member. Shown on 23 November 2026');
    expect(within(spa).getAllByRole('listitem')[0]!.textContent).toContain('Claimed on 24 November 2026');
  });

  it('copies a code and says so', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderVouchers(async () => codes);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy code BIKE-1' }, lazyWait));
    await waitFor(() => expect(screen.getByText('Successfully copied to clipboard BIKE-1')).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith('BIKE-1');
  });

  it('shows Swedish month names in Swedish', async () => {
    await activateLocale('sv');
    // The screen is signed in: its texts are in the content catalog, loaded with the content routes.
    await loadMessages('content');
    renderVouchers(async () => codes);
    const spa = await screen.findByRole('list', { name: 'Koder för Two for one at Spa' }, lazyWait);
    expect(within(spa).getByText('24 november 2026')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mina rabattkoder');
  });

  it('says so when there are none', async () => {
    renderVouchers(async () => []);
    expect(await screen.findByText('You have not claimed any promo codes yet. Claim them on the offers that have them.', {}, lazyWait)).toBeTruthy();
  });

  it('a failed load can be retried', async () => {
    let fail = true;
    renderVouchers(async () => {
      if (fail) throw new ApiError(500, 'internal_error', 'boom');
      return codes;
    });
    const alert = await screen.findByRole('alert', {}, lazyWait);
    expect(alert.textContent).toContain('Could not fetch the data just now. Please try again.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Promo codes by offer' })).toBeTruthy();
  });
});
