import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutSessions, stockHolds } from '../../server/db/schema/index.ts';
import { checkoutLifetimeMs } from '../../server/commerce/checkout.ts';
import { ApiError } from '../../server/errors.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember } from './support/factories.ts';
import { availability, fillCart, makeConcert, offlinePayments, plainMembers, providerSession, reserveOpen, signedEvent } from './checkout.helpers.ts';

/*
 * Holds that cannot be hoarded (docs/checkout.md): one member's checkouts hold units of one
 * variant for at most the brand's minutes (45) within 6 hours without buying; a checkout opened
 * near the ceiling holds only what is left, and when that runs out the units are back on sale and
 * the member's window is told why; at the ceiling a checkout is refused with the time it reopens.
 */

const webhookSecret = 'whsec_test_ceiling';
const payments = offlinePayments(webhookSecret);
const minute = 60_000;
const brandId = 'aurora';
let t: TestApp;
// Whole seconds: the time a member may hold again is told to the second.
let clock = Math.floor(Date.now() / 1000) * 1000;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, payments });
  const aurora = await makeBrand(t.db, brandId, ['localhost']);
  await makeConcert(t.db, brandId, [['hoard', 4], ['other', 4]]);
  await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test' });
  headers = { 'x-app-url': 'http://localhost:8080', authorization: `Bearer ${await t.idTokenFor('aurora-tenant', 'member@aurora.test')}` };
}, 60_000);
afterAll(() => t?.close());

const line = (itemVariantId: string, quantity: number) => ({ itemVariantId, offerId: 'concert', quantity });
const expiredAtProvider = async (row: Parameters<typeof providerSession>[0]) => {
  const { payload, headers: h } = signedEvent(webhookSecret, 'checkout.session.expired', providerSession(row, 'expired'));
  return t.app.inject({ method: 'POST', url: '/v1/payment/webhook', payload, headers: h });
};
const session = async (id: string) => (await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0]!;

describe('the hold ceiling', () => {
  it('cuts the second checkout to what is left, puts the units back on sale when it runs out, then refuses until the window frees up', async () => {
    const [hoarder] = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, 1, 'hoarder');
    await fillCart(t.db, brandId, hoarder!, [line('hoard', 4)]);
    const start = clock;

    // First checkout: the full 31 minutes, left to lapse.
    const first = await reserveOpen(t.db, brandId, hoarder!, clock);
    expect(first.expiresAt.getTime() - clock).toBe(checkoutLifetimeMs);
    expect(first.holdAgainAt).toBeNull();
    clock += checkoutLifetimeMs;
    await expiredAtProvider(first);
    expect((await session(first.id)).endReason).toBeNull();

    // Second: 14 minutes are left of the 45.
    const second = await reserveOpen(t.db, brandId, hoarder!, clock);
    expect(second.expiresAt.getTime() - clock).toBe(14 * minute);
    expect(second.holdAgainAt).not.toBeNull();
    expect((await availability(t, 'concert', headers)).hoard).toBe(0);
    clock += 14 * minute;
    // The hold ran out: the units are on sale again, and the member's window learns why.
    expect((await availability(t, 'concert', headers)).hoard).toBe(4);
    await expiredAtProvider(second);
    const ended = await session(second.id);
    expect(ended).toMatchObject({ status: 'expired', endReason: 'holdLimit' });

    // Third: refused, with when the first hold has aged out enough for a 5-minute hold.
    const refused = await reserveOpen(t.db, brandId, hoarder!, clock).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, code: 'checkout/hold-limit-reached', facts: { holdLimitMinutes: 45 } });
    const againAt = (refused as ApiError).facts.holdAgainAt!;
    expect(againAt).toBe(start + 6 * 60 * minute + 5 * minute);
    expect(ended.holdAgainAt!.getTime()).toBe(againAt);
    expect(await t.db.select().from(stockHolds).where(eq(stockHolds.userId, hoarder!))).toHaveLength(0);

    // Another evening is another count; and once the window has freed up the member may hold again.
    await fillCart(t.db, brandId, hoarder!, [line('other', 1)]);
    await expect(reserveOpen(t.db, brandId, hoarder!, clock)).resolves.toMatchObject({ status: 'open' });
    await fillCart(t.db, brandId, hoarder!, [line('hoard', 1)]);
    clock = againAt;
    const later = await reserveOpen(t.db, brandId, hoarder!, clock);
    expect(later.expiresAt.getTime() - clock).toBe(5 * minute);
  });

  it('a checkout the member replaced remembers why (their other window is told)', async () => {
    const [member] = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, 1, 'two-tabs');
    await fillCart(t.db, brandId, member!, [line('other', 1)]);
    const first = await reserveOpen(t.db, brandId, member!, clock);
    const second = await reserveOpen(t.db, brandId, member!, clock + 1000);
    expect(await session(first.id)).toMatchObject({ status: 'expired', endReason: 'replaced' });
    expect(await session(second.id)).toMatchObject({ status: 'open', endReason: null });
  });
});
