import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand } from './support/factories.ts';
import { makeVariant } from './support/commerceFactories.ts';
import { fillCart, makeConcert, offlinePayments, reserveOpen } from './checkout.helpers.ts';
import { signedInMembers, type SignedInMember } from './promo.helpers.ts';
import { queueOpensBeforeMs } from '../../server/commerce/saleQueue.ts';

/*
 * The checkout keeps an evening's on-sale time and its sale queue (docs/checkout.md): before the
 * time nobody holds it, after it only a member the queue admitted; nobody waiting and room in the
 * stock admits a late comer at once.
 */

const brandId = 'aurora';
const minute = 60_000;
let t: TestApp;
let clock = Date.now();
let members: SignedInMember[];
const onSaleAt = clock + 20 * minute;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, payments: offlinePayments('whsec_test_on_sale') });
  const aurora = await makeBrand(t.db, brandId, ['localhost']);
  const ticket = await makeConcert(t.db, brandId, []);
  await makeVariant(t.db, brandId, 'concert', 'premiere', { ...ticket, stock: 1, purchaseCap: 1, onSaleAt: new Date(onSaleAt), title: 'Premiere' });
  members = await signedInMembers(t, aurora, 'http://localhost:8080', 3, 'on-sale');
  for (const m of members) await fillCart(t.db, brandId, m.uid, [{ itemVariantId: 'premiere', offerId: 'concert', quantity: 1 }]);
}, 60_000);
afterAll(() => t?.close());

const place = (m: SignedInMember) => t.app.inject({ method: 'POST', url: '/v1/sale_queue/place', headers: m.headers, payload: { itemVariantId: 'premiere' } }).then((r) => r.json());
const open = (m: SignedInMember) => reserveOpen(t.db, brandId, m.uid, clock).catch((error: { status: number; code: string }) => ({ refused: error.code, status: error.status }));

describe('a checkout of an evening with an on-sale time', () => {
  it('is refused before the time, then admits only whom the queue let in, in turn', async () => {
    const [first, second, third] = members as [SignedInMember, SignedInMember, SignedInMember];
    expect(await open(first)).toEqual({ refused: 'checkout/not-on-sale', status: 409 });
    clock = onSaleAt - queueOpensBeforeMs + minute;
    expect(await place(first)).toMatchObject({ state: 'waiting' });
    expect(await place(second)).toMatchObject({ state: 'waiting' });
    expect(await open(first)).toEqual({ refused: 'checkout/not-on-sale', status: 409 });
    clock = onSaleAt;
    // One ticket: the queue admits one member; the other waits, and cannot jump the line by checking out.
    const [a, b] = [await place(first), await place(second)];
    const [admitted, waiting] = a.state === 'admitted' ? [first, second] : [second, first];
    expect([a.state, b.state].sort()).toEqual(['admitted', 'waiting']);
    expect(await open(waiting)).toEqual({ refused: 'checkout/queue-turn-needed', status: 409 });
    expect(await open(third)).toEqual({ refused: 'checkout/queue-turn-needed', status: 409 });
    await expect(open(admitted)).resolves.toMatchObject({ status: 'open' });
  });
});
