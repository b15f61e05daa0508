import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferDetail } from '../../contract/offer.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember, makeOffer, testImage } from './support/factories.ts';
import { makeCustomFee, makeTaxRate, makeVariant } from './support/commerceFactories.ts';

let t: TestApp;
let headers: Record<string, string>;
const start = Date.UTC(2030, 4, 3, 17);
const vat6 = { id: 'vat6', percentage: 6, display_name: 'VAT 6%' };
const vat25 = { id: 'vat25', percentage: 25, display_name: 'VAT 25%' };

beforeAll(async () => {
  t = await createTestApp();
  const aurora = await makeBrand(t.db, 'aurora', ['localhost']);
  await makeBrand(t.db, 'borealis', ['borealis.localhost']);
  await makeTaxRate(t.db, 'aurora', 'vat6', 6);
  await makeTaxRate(t.db, 'aurora', 'vat25', 25);
  await makeTaxRate(t.db, 'borealis', 'vat25', 15, 'Other brand');
  await makeCustomFee(t.db, 'aurora', 'service', 2_500, ['vat25']);
  await makeCustomFee(t.db, 'aurora', 'unused', 900, []);
  await makeCustomFee(t.db, 'borealis', 'service', 9_900, []);
  await makeOffer(t.db, 'aurora', 'concert', { type: 'live', itemVariantType: 'ticket' });
  await makeOffer(t.db, 'aurora', 'story', { type: 'editorial' });
  // Listed by position: the sold-out and the past one come first, so the index points past them.
  await makeVariant(t.db, 'aurora', 'concert', 'sold', { position: 0, stock: 0, dateEnd: new Date(start) });
  await makeVariant(t.db, 'aurora', 'concert', 'past', { position: 1, stock: 5, dateEnd: new Date(Date.UTC(2020, 0, 1)) });
  await makeVariant(t.db, 'aurora', 'concert', 'seated', {
    position: 2, title: 'Seated', description: 'Row 1-10', images: [testImage], priceCurrent: 59_500, priceOriginal: 65_000,
    customFeeIds: ['service'], taxRateIds: ['vat6'], purchaseCap: 4, stock: 40, dateStart: new Date(start), dateEnd: new Date(start + 3 * 3_600_000),
    locationAddress: 'Hötorget 8', locationZipCode: '111 57', locationCity: 'Stockholm', locationMapUrl: 'https://maps.example/k',
  });
  await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test' });
  headers = { 'x-app-url': 'http://localhost:8080', authorization: `Bearer ${await t.idTokenFor('aurora-tenant', 'member@aurora.test')}` };
}, 60_000);
afterAll(() => t?.close());

const detail = async (query: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/v1/get/offer', query, headers })).json() as OfferDetail;

describe('GET /v1/get/offer variant fields', () => {
  it('lists the variants in order with their fees, availability and the first buyable index', async () => {
    const offer = await detail({ id: 'concert', getAvailability: 'true' });
    expect(offer.itemVariantType).toBe('ticket');
    expect(offer.itemVariantList.map((v) => v.id)).toEqual(['sold', 'past', 'seated']);
    expect(offer.itemVariantList[2]).toEqual({
      id: 'seated', title: 'Seated', description: 'Row 1-10', images: [testImage], price: { current: 59_500, original: 65_000 },
      currency: 'SEK', customFeeIdList: ['service'], taxRates: [vat6], purchaseCap: 4, onSaleAt: null, date: { start, end: start + 3 * 3_600_000 },
      location: { address: 'Hötorget 8', zipCode: '111 57', city: 'Stockholm', mapUrl: 'https://maps.example/k' },
    });
    // Only the fees the variants name, and only the brand's own.
    expect(offer.itemVariantCustomFeeBuildRecord).toEqual({ service: { id: 'service', title: 'Fee service', price: { current: 2_500, original: 2_500 }, taxRates: [vat25] } });
    expect(offer.itemVariantAvailability).toEqual({ sold: 0, past: 5, seated: 40 });
    expect(offer.itemVariantIndex).toBe(2);
  });

  it('leaves availability out unless asked for, and the fields empty for an offer that sells nothing', async () => {
    expect((await detail({ id: 'concert' })).itemVariantAvailability).toEqual({});
    expect(await detail({ id: 'story', getAvailability: 'true' })).toMatchObject({
      itemVariantType: null, itemVariantList: [], itemVariantCustomFeeBuildRecord: {}, itemVariantAvailability: {}, itemVariantIndex: 0,
    });
  });
});
