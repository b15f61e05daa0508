import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Order } from '../../contract/checkout.ts';
import type { ItemVariant } from '../../contract/commerce.ts';
import { setBrandLocality } from '../../src/i18n/format.ts';
import { offerDetail } from './offer/offerDetailFixtures.ts';
import { renderOfferScreen } from './offer/offerScreenHarness.tsx';
import { readOnlyApi, renderRoute } from './routeHarness.tsx';

/**
 * Issue 22, item 2: an evening at 19:00 in Stockholm reads 19:00 on every device, whatever its
 * own time zone, and English follows the brand region (day before month, 24-hour clock, "kr").
 * Node applies a changed process.env.TZ at once, so each block below runs on another device zone.
 */
const year = new Date().getUTCFullYear() + 1;
// 12 December (winter time, UTC+1) at 18:00 UTC is 19:00 in Stockholm and Oslo.
const evening = Date.UTC(year, 11, 12, 18, 0);

const variant: ItemVariant = {
  id: 'standing', title: 'Standing', description: '', images: [], price: { current: 42_000, original: 42_000 }, currency: 'SEK',
  customFeeIdList: [], taxRates: [], purchaseCap: 8, date: { start: evening, end: evening + 3 * 3_600_000 },
  location: { address: 'Hötorget 8', zipCode: '111 57', city: 'Stockholm', mapUrl: '' },
};

const order: Order = {
  id: 'a3c1e1f0-0000-4000-8000-000000000001', reference: 'o-1', createdAt: evening - 20 * 24 * 3_600_000, paymentMethod: 'card', amount: 42_000, currency: 'SEK',
  itemList: [{
    itemVariantId: 'standing', offerId: 'concert', offerTitle: 'Mørketid live', offerPuffImage: { jpeg: {}, webp: {} },
    itemVariantType: 'ticket', quantity: 1, unitPrice: 42_000, linePrice: 42_000, itemVariant: variant,
  }],
  itemVariantCustomFeeBuildRecord: {}, taxList: [], additionalInfo: '', status: 'paid', ticketList: [],
};

const deviceZone = process.env.TZ;
afterAll(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

describe.each(['UTC', 'America/New_York'])('on a device in %s', (zone) => {
  beforeAll(() => {
    process.env.TZ = zone;
    setBrandLocality({ timeZone: 'Europe/Stockholm', region: 'SE' });
  });

  it('the device itself would say another hour (so the checks below can fail)', () => {
    expect(new Date(evening).getHours()).not.toBe(19);
  });

  it('the ticket picker offers the evening at 19:00, day before month', async () => {
    renderOfferScreen({
      answer: offerDetail({ id: 'concert', itemVariantType: 'ticket', callToAction: { type: 'payment', label: 'Buy tickets' }, itemVariantList: [variant], itemVariantAvailability: { standing: 20 } }),
      params: { type: 'live', id: 'concert' },
    });
    fireEvent.change(await screen.findByLabelText('City', { selector: 'select' }), { target: { value: 'Stockholm' } });
    const times = within(screen.getByLabelText('Time', { selector: 'select' })).getAllByRole('option').map((o) => o.textContent);
    expect(times).toContain(`${weekdayOf(evening)}, 12 December at 19:00`);
  });

  it('the order shows the evening at 19:00 and the amount as the region writes it', async () => {
    const { api } = readOnlyApi(async () => [order]);
    renderRoute('orders', '/more/orderHistory', api);
    const toggle = await screen.findByRole('button', { name: /^Order o-1/ });
    fireEvent.click(toggle);
    const line = within(screen.getByRole('list', { name: 'What you bought' }));
    expect(line.getByText(`12 Dec ${year}, 19:00`)).toBeTruthy();
    expect(toggle.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('420,00 kr');
  });
});

/** The English weekday of a moment in Stockholm (the only part of the date that moves with the year). */
function weekdayOf(ms: number): string {
  return new Intl.DateTimeFormat('en', { weekday: 'long', timeZone: 'Europe/Stockholm' }).format(ms);
}
