import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { brands, checkoutSessions, mailOutbox, paymentRefunds, stockHolds, waitingListEntries } from '../../server/db/schema/index.ts';
import { sweepWaitingLists, waitingLineWork } from '../../server/commerce/waitingList.ts';
import { openDatabase } from '../../server/db/database.ts';
import { tryLockSweptWork } from '../../server/repositories/jobClaims.repository.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand } from './support/factories.ts';
import { makeVariant } from './support/commerceFactories.ts';
import { availability, commerceDeps, fillCart, makeConcert, offlinePayments, ordersOf, providerSession, reserveOpen, signedEvent } from './checkout.helpers.ts';
import { signedInMembers, type SignedInMember } from './promo.helpers.ts';

/*
 * The fair waiting list (spec 5) on PGlite, or on PostgreSQL with TEST_DATABASE_URL: members
 * line up on a sold-out variant; units freed by an expired checkout go to the first in line, one
 * each, held for them and mailed; meanwhile they are not on public sale; an unused offer lapses
 * and passes on; buying ends the place. The concurrency case frees stock while 50 members join.
 */

const webhookSecret = 'whsec_test_waiting';
const payments = offlinePayments(webhookSecret);
const brandId = 'aurora';
const adminToken = 'operator-token-of-this-test';
const hour = 3_600_000;
let t: TestApp;
let clock = Date.now();
let members: SignedInMember[];

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, payments, adminToken });
  const aurora = await makeBrand(t.db, brandId, ['localhost']);
  await makeConcert(t.db, brandId, [['full', 2], ['open', 5], ['rush', 5], ['short', 1], ['gala', 3]]);
  members = await signedInMembers(t, aurora, 'http://localhost:8080', 80, 'fan');
  // These tests are about the line, with the brand's own hold hours; the default and its cap have tests of their own (waitingList.fairness.test.ts).
  const [row] = await t.db.select().from(brands).where(eq(brands.id, brandId));
  await t.db.update(brands).set({ settings: { ...row!.settings, waitingListHoldHours: 12 } }).where(eq(brands.id, brandId));
}, 120_000);
afterAll(() => t?.close());

const webhook = (type: 'checkout.session.completed' | 'checkout.session.expired', session: ReturnType<typeof providerSession>) => {
  const { payload, headers } = signedEvent(webhookSecret, type, session);
  return t.app.inject({ method: 'POST', url: '/v1/payment/webhook', payload, headers });
};
/** Each member calls from an address of their own, as people do (one address holds only a few places per evening). */
const addresses = new Map<string, string>();
const addressOf = (m: SignedInMember) => addresses.get(m.uid) ?? (addresses.set(m.uid, `10.1.${Math.floor(addresses.size / 250)}.${(addresses.size % 250) + 1}`), addresses.get(m.uid)!);
const call = (m: SignedInMember, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, remoteAddress: addressOf(m), headers: { ...m.headers, 'accept-language': 'sv' }, ...(payload ? { payload } : {}) });
const join = (m: SignedInMember, itemVariantId: string) => call(m, 'POST', '/v1/join/waiting_list', { itemVariantId });
const leave = (m: SignedInMember, itemVariantId: string) => call(m, 'POST', '/v1/leave/waiting_list', { itemVariantId });
const places = async (m: SignedInMember) => (await call(m, 'GET', '/v1/get_list/waiting_list?offerId=concert')).json();
/** Opens a checkout holding `quantity` of the variant for the member (their cart holds just that). */
const hold = async (m: SignedInMember, itemVariantId: string, quantity: number) => {
  await fillCart(t.db, brandId, m.uid, [{ itemVariantId, offerId: 'concert', quantity }]);
  return reserveOpen(t.db, brandId, m.uid, clock);
};
const mailsTo = (m: SignedInMember) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, `${m.uid.replace(`-${brandId}-`, '-')}@${brandId}.test`)).orderBy(asc(mailOutbox.id));
/**
 * The sweep run at `at`, past some offers' end. The app's own clock stays where it is, so the
 * members' ID tokens stay valid; what the API shows of places does not depend on it.
 */
const sweepAt = (at: number) => sweepWaitingLists(commerceDeps(t.db, { now: () => at, log: t.app.log }));
const waitingHolds = (itemVariantId: string) =>
  t.db.select().from(stockHolds).where(and(eq(stockHolds.brandId, brandId), eq(stockHolds.itemVariantId, itemVariantId), eq(stockHolds.kind, 'waiting_list')));

describe('joining and leaving', () => {
  it('refuses a variant that is not sold out and one that does not exist', async () => {
    expect((await join(members[0]!, 'open')).json()).toMatchObject({ status: 409, code: 'waiting_list/not_sold_out' });
    expect((await join(members[0]!, 'nope')).json()).toMatchObject({ status: 404, code: 'waiting_list/item_not_found' });
    expect(await places(members[0]!)).toEqual([]);
  });

  it('lines members up in order on a sold-out variant, one place each; leaving moves the rest up', async () => {
    const [holder, a, b, c] = [members[1]!, members[2]!, members[3]!, members[4]!];
    await hold(holder, 'full', 2);
    expect((await availability(t, 'concert', a.headers)).full).toBe(0);
    expect((await join(a, 'full')).json()).toEqual({ itemVariantId: 'full', status: 'waiting', place: 1, offeredUntil: null });
    expect((await join(b, 'full')).json()).toMatchObject({ status: 'waiting', place: 2 });
    expect((await join(c, 'full')).json()).toMatchObject({ status: 'waiting', place: 3 });
    // Joining twice keeps the place.
    expect((await join(b, 'full')).json()).toMatchObject({ status: 'waiting', place: 2 });
    expect(await t.db.select().from(waitingListEntries).where(eq(waitingListEntries.userId, b.uid))).toHaveLength(1);
    expect((await leave(a, 'full')).json()).toEqual({ itemVariantId: 'full', status: 'notWaiting', place: null, offeredUntil: null });
    expect(await places(a)).toEqual([]);
    expect(await places(b)).toEqual([{ itemVariantId: 'full', status: 'waiting', place: 1, offeredUntil: null }]);
    expect(await places(c)).toEqual([{ itemVariantId: 'full', status: 'waiting', place: 2, offeredUntil: null }]);
    // Back in line after leaving: at the end.
    expect((await join(a, 'full')).json()).toMatchObject({ status: 'waiting', place: 3 });
  });
});

describe('freed places go to the line in order', () => {
  it('an expired checkout offers its units to the first two waiting, held for 12 hours and mailed; nobody else can buy them', async () => {
    const [holder, a, b, c] = [members[1]!, members[2]!, members[3]!, members[4]!];
    const [session] = await t.db.select().from(stockHolds).where(and(eq(stockHolds.userId, holder.uid), eq(stockHolds.itemVariantId, 'full')));
    const row = (await reserveRowOf(session!.checkoutSessionId!))!;
    expect((await webhook('checkout.session.expired', providerSession(row, 'expired'))).statusCode).toBe(200);
    const until = clock + 12 * hour;
    expect(await places(b)).toEqual([{ itemVariantId: 'full', status: 'offered', place: null, offeredUntil: until }]);
    expect(await places(c)).toEqual([{ itemVariantId: 'full', status: 'offered', place: null, offeredUntil: until }]);
    expect(await places(a)).toEqual([{ itemVariantId: 'full', status: 'waiting', place: 1, offeredUntil: null }]);
    // Each offered member may buy their one unit; the member still waiting and a stranger see none.
    expect((await availability(t, 'concert', b.headers)).full).toBe(1);
    expect((await availability(t, 'concert', a.headers)).full).toBe(0);
    expect((await availability(t, 'concert', members[9]!.headers)).full).toBe(0);
    await fillCart(t.db, brandId, members[9]!.uid, [{ itemVariantId: 'full', offerId: 'concert', quantity: 1 }]);
    await expect(reserveOpen(t.db, brandId, members[9]!.uid, clock)).rejects.toMatchObject({ code: 'checkout/sold-out' });
    const [mail] = await mailsTo(b);
    expect(mail!.subject).toBe('En plats är ledig för dig hos Aurora');
    expect(mail!.text).toContain('Nordlys live: Evening full');
    expect(mail!.text).toContain('http://localhost:8080/live/concert');
    expect(await mailsTo(a)).toEqual([]);
  });

  it('an unpaid checkout of an offered place gives it back; paying it ends the place', async () => {
    const b = members[3]!;
    const first = await hold(b, 'full', 1);
    // While the checkout runs, its own hold keeps the unit (not the offer's).
    expect(await waitingHolds('full')).toHaveLength(1);
    await webhook('checkout.session.expired', providerSession(first, 'expired'));
    expect(await places(b)).toEqual([{ itemVariantId: 'full', status: 'offered', place: null, offeredUntil: expect.any(Number) }]);
    expect(await waitingHolds('full')).toHaveLength(2);
    const second = await hold(b, 'full', 1);
    await webhook('checkout.session.completed', providerSession(second, 'complete'));
    expect(await ordersOf(t.db, brandId, second.id)).toHaveLength(1);
    expect(await places(b)).toEqual([]);
  });

  // Two connections at once: PGlite has one, so this runs on PostgreSQL only.
  it.skipIf(!process.env.TEST_DATABASE_URL)('a line another instance is sweeping is skipped, not waited for and not swept twice', async () => {
    const other = await openDatabase({ databaseUrl: t.database.url!, dataDir: 'unused' });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const sweeping = other.db.transaction(async (tx) => {
      expect(await tryLockSweptWork(tx, waitingLineWork({ brandId, itemVariantId: 'full' }))).toBe(true);
      held();
      await released;
    });
    try {
      await isHeld;
      // Past the offer's end: without the other sweep it would expire and pass on (the next test).
      expect(await sweepAt(clock + 12 * hour + 1_000)).toEqual({ expired: 0, offered: 0 });
      expect(await places(members[4]!)).toEqual([{ itemVariantId: 'full', status: 'offered', place: null, offeredUntil: expect.any(Number) }]);
    } finally {
      release();
      await sweeping;
      await other.close();
    }
  });

  it('an offer that lapses unused expires and passes to the next in line', async () => {
    const [a, c] = [members[2]!, members[4]!];
    const later = clock + 12 * hour + 1_000;
    expect(await sweepAt(later)).toEqual({ expired: 1, offered: 1 });
    expect(await places(c)).toEqual([{ itemVariantId: 'full', status: 'expired', place: null, offeredUntil: expect.any(Number) }]);
    expect(await places(a)).toEqual([{ itemVariantId: 'full', status: 'offered', place: null, offeredUntil: later + 12 * hour }]);
    expect(await mailsTo(a)).toHaveLength(1);
    // The member whose offer lapsed may line up again, at the back.
    expect((await join(c, 'full')).json()).toMatchObject({ status: 'waiting', place: 1 });
  });

  it('holds an offer for the hours the brand set', async () => {
    const [holder, d] = [members[5]!, members[6]!];
    const [aurora] = await t.db.select().from(brands).where(eq(brands.id, brandId));
    await t.db.update(brands).set({ settings: { ...aurora!.settings, waitingListHoldHours: 2 } }).where(eq(brands.id, brandId));
    const row = await hold(holder, 'short', 1);
    await join(d, 'short');
    await webhook('checkout.session.expired', providerSession(row, 'expired'));
    expect(await places(d)).toEqual([{ itemVariantId: 'short', status: 'offered', place: null, offeredUntil: clock + 2 * hour }]);
    await t.db.update(brands).set({ settings: aurora!.settings }).where(eq(brands.id, brandId));
  });
});

describe('a deleted account', () => {
  it('leaves its lines: a place held for it passes to the next member at once', async () => {
    const [holder, leaving, next] = [members[15]!, members[16]!, members[17]!];
    await makeVariant(t.db, brandId, 'concert', 'farewell', { stock: 1, dateEnd: new Date(Date.now() + 30 * 24 * hour) });
    const row = await hold(holder, 'farewell', 1);
    await join(leaving, 'farewell');
    await join(next, 'farewell');
    await webhook('checkout.session.expired', providerSession(row, 'expired'));
    expect(await places(leaving)).toEqual([expect.objectContaining({ itemVariantId: 'farewell', status: 'offered' })]);
    const deleted = await t.app.inject({ method: 'DELETE', url: '/v1/delete/user', headers: leaving.headers });
    expect(deleted.statusCode).toBe(204);
    expect(await places(next)).toEqual([expect.objectContaining({ itemVariantId: 'farewell', status: 'offered' })]);
    expect((await waitingHolds('farewell')).map((h) => h.userId)).toEqual([next.uid]);
  });
});

describe('a cancelled order', () => {
  const cancel = (orderId: string, headers: Record<string, string> = { 'x-klubb-admin-token': adminToken }) =>
    t.app.inject({ method: 'POST', url: '/admin/orders/cancel', remoteAddress: '127.0.0.1', headers, payload: { brandId, orderId } });

  it('frees its units to the waiting list in order, records the refund, voids its tickets and mails the buyer; twice changes nothing', async () => {
    const [buyer, first, second, third] = [members[10]!, members[11]!, members[12]!, members[13]!];
    const row = await hold(buyer, 'gala', 3);
    await webhook('checkout.session.completed', providerSession(row, 'complete'));
    const [order] = await ordersOf(t.db, brandId, row.id);
    for (const m of [first, second, third]) expect((await join(m, 'gala')).json()).toMatchObject({ status: 'waiting' });
    // Only the operator, with the server's token, cancels.
    expect((await cancel(order!.id, {})).statusCode).toBe(404);
    expect((await cancel('no-such-order')).json()).toMatchObject({ status: 404, code: 'order_not_found' });

    const answer = await cancel(order!.id);
    expect(answer.statusCode).toBe(200);
    // The provider is offline in this file: the refund is recorded and left for the sweep.
    expect(answer.json()).toMatchObject({ orderId: order!.id, status: 'cancelled', cancelledNow: true, refunded: false, offered: 3 });
    for (const m of [first, second, third]) expect(await places(m)).toEqual([expect.objectContaining({ status: 'offered' })]);
    const refund = (await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.checkoutSessionId, row.id)))[0];
    expect(refund).toMatchObject({ status: 'needed', reason: 'order_cancelled', amount: order!.amount });
    // The member reads the short reference, not the internal id.
    expect((await mailsTo(buyer)).map((m) => m.subject)).toContain(`Your Aurora order ${order!.reference} is cancelled`);
    const history = (await call(buyer, 'GET', '/v1/get_list/order_history')).json();
    const listed = history.find((o: { id: string }) => o.id === order!.id);
    expect(listed).toMatchObject({ status: 'cancelled' });
    // Its three tickets still carry valid signatures, so scanners get them as void.
    const voided = (await t.app.inject({ method: 'GET', url: '/v1/get/tickets/void?appUrl=http://localhost:8080' })).json();
    expect(voided.ticketIds).toEqual(listed.ticketList.map((k: { id: string }) => k.id).sort());
    expect(voided.ticketIds).toHaveLength(3);
    // The cancelled units count for nothing sold: the three held places are all there is.
    expect((await availability(t, 'concert', members[14]!.headers)).gala).toBe(0);
    expect((await availability(t, 'concert', first.headers)).gala).toBe(1);

    expect((await cancel(order!.id)).json()).toMatchObject({ cancelledNow: false, offered: 0 });
    expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.checkoutSessionId, row.id))).toHaveLength(1);
  });
});

describe('under concurrency', () => {
  it('stock freed while 50 members join and 5 sessions expire: each freed unit is offered to exactly one member, in line order; lapsed offers pass on in order', async () => {
    // Members no test before touched.
    const holders = members.slice(75, 80);
    const fans = members.slice(25, 75);
    const rows = [];
    for (const m of holders) rows.push(await hold(m, 'rush', 1));
    // The first five line up before anything frees, so every freed unit finds someone waiting.
    for (const m of fans.slice(0, 5)) expect((await join(m, 'rush')).json()).toMatchObject({ status: 'waiting' });
    const answers = await Promise.all([
      ...fans.slice(5).map((m) => join(m, 'rush')),
      ...rows.map((row) => webhook('checkout.session.expired', providerSession(row, 'expired'))),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const line = await t.db
      .select()
      .from(waitingListEntries)
      .where(and(eq(waitingListEntries.brandId, brandId), eq(waitingListEntries.itemVariantId, 'rush')))
      .orderBy(asc(waitingListEntries.position));
    expect(line).toHaveLength(50);
    // The five offered are the first five in line; one hold each, five in all.
    expect(line.map((e) => e.status)).toEqual([...Array(5).fill('offered'), ...Array(45).fill('waiting')]);
    const held = await waitingHolds('rush');
    expect(held.map((h) => h.userId).sort()).toEqual(line.slice(0, 5).map((e) => e.userId).sort());
    expect(held.every((h) => h.quantity === 1)).toBe(true);
    const waitingPlaces = await Promise.all(line.slice(5).map((e) => places(fans.find((m) => m.uid === e.userId)!)));
    expect(waitingPlaces.map((p) => p.find((x: { itemVariantId: string }) => x.itemVariantId === 'rush').place)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect((await availability(t, 'concert', fans.find((m) => m.uid === line[5]!.userId)!.headers)).rush).toBe(0);

    // All five offers lapse: the next five in line get them, nobody else.
    const later = clock + 12 * hour + 1_000;
    const swept = await sweepAt(later);
    // Offers of the tests before lapse too (nobody waits behind them); the line below tells this variant's.
    expect(swept.offered).toBe(5);
    const after = await t.db
      .select()
      .from(waitingListEntries)
      .where(and(eq(waitingListEntries.brandId, brandId), eq(waitingListEntries.itemVariantId, 'rush')))
      .orderBy(asc(waitingListEntries.position));
    expect(after.map((e) => e.status)).toEqual([...Array(5).fill('expired'), ...Array(5).fill('offered'), ...Array(40).fill('waiting')]);
    expect((await waitingHolds('rush')).filter((h) => h.expiresAt.getTime() > later).map((h) => h.userId).sort()).toEqual(after.slice(5, 10).map((e) => e.userId).sort());
  }, 120_000);
});

async function reserveRowOf(checkoutId: string) {
  const [row] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkoutId));
  return row;
}
