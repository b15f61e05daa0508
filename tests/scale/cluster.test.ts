import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, checkoutSessions, mailOutbox, orders, promoCodes, shoppingCartLines, shoppingCarts, stockHolds } from '../../server/db/schema/index.ts';
import { makeBrand, makeOffer } from '../server/support/factories.ts';
import { makeVariant } from '../server/support/commerceFactories.ts';
import { codeList, givePromo, signedInMembers, type SignedInMember } from '../server/promo.helpers.ts';
import { eventually, startCluster, testJobLeaseMs, type Cluster } from './support/cluster.ts';

/*
 * Three server processes on one PostgreSQL through PgBouncer in transaction pooling, one shared
 * payments stand-in, one SMTP relay: the concurrency suites as a scaled-out deployment runs them.
 * Every step of a checkout may land on another instance (open on one, pay on the next, the
 * provider's event on a third); each mail reaches the relay once; an instance killed mid-storm
 * loses nothing.
 */

const brandId = 'aurora';
const appUrl = 'http://localhost:8080';
let c: Cluster;
let aurora: { id: string; authTenantId: string };

beforeAll(async () => {
  c = await startCluster(3);
  aurora = await makeBrand(c.t.db, brandId, ['localhost']);
  // Every test member comes from 127.0.0.1: the places per address are another suite's subject.
  const [row] = await c.t.db.select().from(brands).where(eq(brands.id, brandId));
  await c.t.db.update(brands).set({ settings: { ...row!.settings, waitingListPlacesPerAddress: 50 } }).where(eq(brands.id, brandId));
  await makeOffer(c.t.db, brandId, 'concert', { type: 'live', itemVariantType: 'ticket' });
}, 180_000);
afterAll(() => c?.stop());

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A request to one instance; a refused connection (a dead instance) is the answer 0. */
async function via(port: number, m: SignedInMember, method: string, path: string, body?: object): Promise<Answer> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { ...m.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(60_000),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } catch {
    return { status: 0, body: {} };
  }
}

async function fillCart(m: SignedInMember, itemVariantId: string, quantity: number) {
  await c.t.db.insert(shoppingCarts).values({ brandId, userId: m.uid }).onConflictDoNothing();
  await c.t.db.delete(shoppingCartLines).where(and(eq(shoppingCartLines.brandId, brandId), eq(shoppingCartLines.userId, m.uid)));
  await c.t.db.insert(shoppingCartLines).values({ brandId, userId: m.uid, itemVariantId, offerId: 'concert', quantity });
}

const openCheckout = (port: number, m: SignedInMember) => via(port, m, 'POST', '/v1/payment/checkout', { testMode: true });
const payByCard = (port: number, m: SignedInMember, session: Record<string, unknown>) =>
  via(port, m, 'POST', '/v1/payment/local/confirm', {
    stripeCheckoutSessionId: session.id,
    clientSecret: session.clientSecret,
    name: 'Race Er',
    email: `${m.uid}@pay.test`,
    cardNumber: '4242424242424242',
    expMonth: 12,
    expYear: 34,
    cvc: '123',
  });

/** The variant's orders with the address each confirmation goes to. */
async function ordersOf(itemVariantId: string) {
  const rows = await c.t.db
    .select({ orderId: orders.id, email: checkoutSessions.email, lines: checkoutSessions.lines })
    .from(orders)
    .innerJoin(checkoutSessions, and(eq(checkoutSessions.brandId, orders.brandId), eq(checkoutSessions.id, orders.checkoutSessionId)))
    .where(eq(orders.brandId, brandId));
  return rows.filter((r) => r.lines.some((l) => l.itemVariantId === itemVariantId));
}

const unsentMail = async () =>
  (await c.t.db.select({ id: mailOutbox.id }).from(mailOutbox).where(and(eq(mailOutbox.delivery, 'queued'), isNull(mailOutbox.sentAt)))).length;

const mailsTo = (addresses: readonly string[]) => addresses.map((a) => c.mailedTo().filter((to) => to === a).length);

describe('three instances behind PgBouncer', () => {
  it('300 parallel checkouts for 10 tickets: exactly 10 orders, paid on another instance than opened, one mail each', async () => {
    await makeVariant(c.t.db, brandId, 'concert', 'rush', { stock: 10, purchaseCap: 8 });
    const members = await signedInMembers(c.t, aurora, appUrl, 300, 'rush');
    for (const m of members) await fillCart(m, 'rush', 1);
    const answers = await Promise.all(members.map((m, i) => openCheckout(c.ports[i % 3]!, m)));
    const opened = answers.flatMap((a, i) => (a.status === 200 ? [{ i, session: a.body }] : []));
    expect(opened).toHaveLength(10);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${String(a.body.code)}`))).toEqual(new Set(['409 checkout/sold-out']));
    // The card form on the next instance: the session lives at the shared provider, not in the instance that opened it.
    const paid = await Promise.all(opened.map(({ i, session }) => payByCard(c.ports[(i + 1) % 3]!, members[i]!, session)));
    expect(paid.map((p) => p.status)).toEqual(opened.map(() => 200));
    const made = await eventually(() => ordersOf('rush'), (rows) => rows.length >= 10);
    expect(made).toHaveLength(10);
    await eventually(() => Promise.resolve(c.mailedTo()), () => made.every((o) => c.mailedTo().includes(o.email)));
    await eventually(unsentMail, (n) => n === 0);
    expect(mailsTo(made.map((o) => o.email))).toEqual(made.map(() => 1));
  }, 180_000);

  it('500 parallel promo claims over three instances hand out exactly the 50 codes, nobody past the cap', async () => {
    await makeOffer(c.t.db, brandId, 'promo');
    await givePromo(c.t, brandId, 'promo', { codes: codeList('SCALE', 50), claimCap: 2 });
    const members = await signedInMembers(c.t, aurora, appUrl, 200, 'claim');
    const claimers = Array.from({ length: 500 }, (_, i) => members[(i * 7) % 200]!);
    const answers = await Promise.all(claimers.map((m, i) => via(c.ports[i % 3]!, m, 'POST', '/v1/claim/offer/voucher/code', { id: 'promo' })));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(50);
    expect(new Set(won.map((a) => a.body.code)).size).toBe(50);
    const refusals = new Set(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${String(a.body.code)}`));
    expect([...refusals].filter((r) => r !== '409 voucher_no_codes_remaining' && r !== '409 voucher_claim_cap_reached')).toEqual([]);
    const rows = await c.t.db
      .select({ code: promoCodes.code, claimedBy: promoCodes.claimedBy })
      .from(promoCodes)
      .where(and(eq(promoCodes.brandId, brandId), eq(promoCodes.offerId, 'promo'), isNotNull(promoCodes.claimedBy)));
    expect(rows.map((r) => r.code).sort()).toEqual(won.map((a) => String(a.body.code)).sort());
    const perMember = new Map<string, number>();
    for (const r of rows) perMember.set(r.claimedBy!, (perMember.get(r.claimedBy!) ?? 0) + 1);
    expect(Math.max(...perMember.values())).toBeLessThanOrEqual(2);
  }, 180_000);

  it("the three instances' sweeps settle lapsed checkouts and mail each waiting member offered a place once", async () => {
    await makeVariant(c.t.db, brandId, 'concert', 'evening', { stock: 6, purchaseCap: 1 });
    const holders = await signedInMembers(c.t, aurora, appUrl, 6, 'holder');
    const waiters = await signedInMembers(c.t, aurora, appUrl, 10, 'waiter');
    for (const m of holders) await fillCart(m, 'evening', 1);
    const opened = await Promise.all(holders.map((m, i) => openCheckout(c.ports[i % 3]!, m)));
    expect(opened.map((a) => a.status)).toEqual(holders.map(() => 200));
    // Sold out: the line forms, in this order.
    for (const [i, m] of waiters.entries()) {
      expect((await via(c.ports[i % 3]!, m, 'POST', '/v1/join/waiting_list', { itemVariantId: 'evening' })).body).toMatchObject({ status: 'waiting', place: i + 1 });
    }
    // The holds lapse (as half an hour would make them) with the sessions still open at the provider.
    const ids = (await c.t.db.select({ id: checkoutSessions.id }).from(checkoutSessions).where(inArray(checkoutSessions.userId, holders.map((m) => m.uid)))).map((r) => r.id);
    const past = new Date(Date.now() - 60_000);
    await c.t.db.update(checkoutSessions).set({ expiresAt: past }).where(inArray(checkoutSessions.id, ids));
    await c.t.db.update(stockHolds).set({ expiresAt: past }).where(inArray(stockHolds.checkoutSessionId, ids));
    const emailOf = (m: SignedInMember) => `${m.uid.replace(/-aurora-/, '-')}@aurora.test`;
    const offered = waiters.slice(0, 6).map(emailOf);
    await eventually(
      async () => (await c.t.db.select({ status: checkoutSessions.status }).from(checkoutSessions).where(inArray(checkoutSessions.id, ids))).map((r) => r.status),
      (statuses) => statuses.every((s) => s === 'expired'),
    );
    await eventually(() => Promise.resolve(mailsTo(offered)), (counts) => counts.every((n) => n >= 1));
    await eventually(unsentMail, (n) => n === 0);
    expect(mailsTo(offered)).toEqual(offered.map(() => 1));
    expect(mailsTo(waiters.slice(6).map(emailOf))).toEqual([0, 0, 0, 0]);
  }, 180_000);

  it('an instance killed (SIGKILL) mid-storm loses nothing: every payment the provider took becomes one order, mailed once', async () => {
    await makeVariant(c.t.db, brandId, 'concert', 'storm', { stock: 40, purchaseCap: 1 });
    const members = await signedInMembers(c.t, aurora, appUrl, 90, 'storm');
    for (const m of members) await fillCart(m, 'storm', 1);
    let answered = 0;
    let killed: Promise<unknown> | null = null;
    /** One member's checkout, each step retried on the next instance when one does not answer (a balancer's retry). */
    const buy = async (m: SignedInMember, i: number) => {
      let session: Record<string, unknown> | null = null;
      for (let attempt = 0; attempt < 3 && !session; attempt++) {
        const opened = await openCheckout(c.ports[(i + attempt) % 3]!, m);
        if (opened.status === 200) session = opened.body;
        else if (opened.status !== 0) return;
      }
      if (++answered === 30) killed = c.processes.crash(0);
      for (let attempt = 0; attempt < 3 && session; attempt++) {
        const paid = await payByCard(c.ports[(i + 1 + attempt) % 3]!, m, session);
        if (paid.status !== 0) return;
      }
    };
    await Promise.all(members.map((m, i) => buy(m, i)));
    expect(killed).not.toBeNull();
    await killed;
    // The provider's word is the truth: every session it holds as paid must end as one order.
    const sessions = await c.t.db
      .select({ id: checkoutSessions.id, providerSessionId: checkoutSessions.providerSessionId })
      .from(checkoutSessions)
      .where(inArray(checkoutSessions.userId, members.map((m) => m.uid)));
    const paidAtProvider: string[] = [];
    for (const s of sessions) {
      if (s.providerSessionId && (await c.standIn.session(s.providerSessionId)).payment_status === 'paid') paidAtProvider.push(s.id);
    }
    expect(paidAtProvider.length).toBeGreaterThan(0);
    expect(paidAtProvider.length).toBeLessThanOrEqual(40);
    const made = await eventually(() => ordersOf('storm'), (rows) => rows.length >= paidAtProvider.length, 30_000 + 4 * testJobLeaseMs);
    expect(made).toHaveLength(paidAtProvider.length);
    // Mail the dead instance had claimed goes out once its claim lapses, from another instance.
    await eventually(unsentMail, (n) => n === 0, 30_000 + 4 * testJobLeaseMs);
    expect(mailsTo(made.map((o) => o.email))).toEqual(made.map(() => 1));
  }, 180_000);
});
