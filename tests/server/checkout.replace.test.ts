import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutSessions, stockHolds } from '../../server/db/schema/index.ts';
import { reserveCheckout } from '../../server/commerce/checkout.ts';
import { defaultCommerceLimits } from '../../server/commerce/limits.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember } from './support/factories.ts';
import { availability, commerceDeps, fillCart, makeConcert, offlinePayments, plainMembers, reserveOpen } from './checkout.helpers.ts';

/*
 * A member's next checkout replaces the last one only when it holds (docs/checkout.md, "One
 * checkout per member"): one who opens again and finds the stock gone keeps what they held, and
 * a refused opening does not count against their checkouts per 15 minutes.
 */

const brandId = 'aurora';
let t: TestApp;
const clock = Date.now();
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, payments: offlinePayments('whsec_test_replace') });
  const aurora = await makeBrand(t.db, brandId, ['localhost']);
  await makeConcert(t.db, brandId, [['last-two', 2], ['gone', 1], ['plenty', 10]]);
  await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test' });
  headers = { 'x-app-url': 'http://localhost:8080', authorization: `Bearer ${await t.idTokenFor('aurora-tenant', 'member@aurora.test')}` };
}, 60_000);
afterAll(() => t?.close());

const line = (itemVariantId: string, quantity: number) => ({ itemVariantId, offerId: 'concert', quantity });
const holdsOf = (userId: string) => t.db.select().from(stockHolds).where(eq(stockHolds.userId, userId));
const sessionsOf = (userId: string) => t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId));

describe("a member's next checkout", () => {
  it('takes over their own held units when it holds, and leaves them held when it cannot', async () => {
    const [member] = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, 1, 'again');
    await fillCart(t.db, brandId, member!, [line('last-two', 2)]);
    const first = await reserveOpen(t.db, brandId, member!, clock);
    expect((await availability(t, 'concert', headers))['last-two']).toBe(0);
    // The same two again: their own held units are theirs to hold again.
    const second = await reserveOpen(t.db, brandId, member!, clock);
    expect((await holdsOf(member!)).map((h) => [h.checkoutSessionId, h.quantity])).toEqual([[second.id, 2]]);
    expect((await sessionsOf(member!)).find((s) => s.id === first.id)).toMatchObject({ status: 'expired', endReason: 'replaced' });
    // Three: more than there are. Refused, and the two stay held by the open checkout.
    await fillCart(t.db, brandId, member!, [line('last-two', 3)]);
    await expect(reserveOpen(t.db, brandId, member!, clock)).rejects.toMatchObject({ status: 409, code: 'checkout/sold-out' });
    expect((await holdsOf(member!)).map((h) => [h.checkoutSessionId, h.quantity])).toEqual([[second.id, 2]]);
    const sessions = await sessionsOf(member!);
    expect(sessions.find((s) => s.id === second.id)).toMatchObject({ status: 'open', endReason: null });
    expect(sessions).toHaveLength(2);
    expect((await availability(t, 'concert', headers))['last-two']).toBe(0);
  });

  it('refused for sold-out does not count against the checkouts a member may open', async () => {
    const [buyer, latecomer] = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, 2, 'gone');
    await fillCart(t.db, brandId, buyer!, [line('gone', 1)]);
    await fillCart(t.db, brandId, latecomer!, [line('gone', 1)]);
    await reserveOpen(t.db, brandId, buyer!, clock);
    const deps = { ...commerceDeps(t.db, { now: () => clock }), limits: { ...defaultCommerceLimits, checkoutsPerMember: 2 } };
    const open = () => reserveCheckout(deps, { brandId, userId: latecomer!, language: 'en', clientAddress: '192.0.2.77' }, clock);
    for (let i = 0; i < 4; i++) await expect(open()).rejects.toMatchObject({ code: 'checkout/sold-out' });
    // Had the refusals counted, the third would have been 429 too-many-checkouts.
    await fillCart(t.db, brandId, latecomer!, [line('plenty', 1)]);
    await expect(open()).resolves.toMatchObject({ lines: [expect.objectContaining({ itemVariantId: 'plenty', quantity: 1 })] });
    await expect(open()).resolves.toMatchObject({ lines: [expect.objectContaining({ itemVariantId: 'plenty' })] });
    await expect(open()).rejects.toMatchObject({ status: 429, code: 'checkout/too-many-checkouts' });
  });
});
