import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, shoppingCartLines, shoppingCarts, stockHolds } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { openTestDatabase } from './support/testDatabase.ts';
import { startServerProcesses } from './support/serverProcesses.ts';
import { makeBrand, makeOffer } from './support/factories.ts';
import { makeVariant } from './support/commerceFactories.ts';
import { signedInMembers, type SignedInMember } from './promo.helpers.ts';

/*
 * Two server processes on one PostgreSQL database, each with its own embedded payments provider
 * (as two instances of a local demo would be): 300 checkouts for 10 tickets spread over both
 * never hold or sell more than 10, and one member racing over both never passes purchaseCap.
 */

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const brandId = 'aurora';

describe.skipIf(!postgres)('checkout on PostgreSQL with two server processes', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let t: TestApp;
  let members: SignedInMember[];
  const ports: number[] = [];
  let processes: Awaited<ReturnType<typeof startServerProcesses>> | undefined;

  beforeAll(async () => {
    database = await openTestDatabase();
    t = await createTestApp({ database });
    const aurora = await makeBrand(t.db, brandId, ['localhost']);
    await makeOffer(t.db, brandId, 'concert', { type: 'live', itemVariantType: 'ticket' });
    await makeVariant(t.db, brandId, 'concert', 'rush', { stock: 10, purchaseCap: 8 });
    await makeVariant(t.db, brandId, 'concert', 'capped', { stock: 100, purchaseCap: 3 });
    members = await signedInMembers(t, aurora, 'http://localhost:8080', 300, 'racer');
    processes = await startServerProcesses({ databaseUrl: database.url! }, 2);
    ports.push(...processes.ports);
  }, 120_000);

  afterAll(async () => {
    await processes?.stop();
    await t?.close();
    await database?.close();
  });

  const via = async (port: number, m: SignedInMember, method: string, path: string, body?: object) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { ...m.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: await response.json() };
  };
  const fillCart = async (m: SignedInMember, itemVariantId: string, quantity: number) => {
    await t.db.insert(shoppingCarts).values({ brandId, userId: m.uid }).onConflictDoNothing();
    await t.db.delete(shoppingCartLines).where(and(eq(shoppingCartLines.brandId, brandId), eq(shoppingCartLines.userId, m.uid)));
    await t.db.insert(shoppingCartLines).values({ brandId, userId: m.uid, itemVariantId, offerId: 'concert', quantity });
  };
  const pay = (port: number, m: SignedInMember, session: { id: string; clientSecret: string }) =>
    via(port, m, 'POST', '/v1/payment/local/confirm', {
      stripeCheckoutSessionId: session.id, clientSecret: session.clientSecret, name: 'Race Er', email: 'race@example.com',
      cardNumber: '4242424242424242', expMonth: 12, expYear: 34, cvc: '123',
    });

  it('300 parallel checkouts over both processes for 10 tickets: exactly 10 sessions, and paying them exactly 10 orders', async () => {
    for (const m of members) await fillCart(m, 'rush', 1);
    const answers = await Promise.all(members.map((m, i) => via(ports[i % 2]!, m, 'POST', '/v1/payment/checkout', { testMode: true })));
    const opened = answers.flatMap((a, i) => (a.status === 200 ? [{ i, session: a.body }] : []));
    expect(opened).toHaveLength(10);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.code}`))).toEqual(new Set(['409 checkout/sold-out']));
    const paid = await Promise.all(opened.map(({ i, session }) => pay(ports[i % 2]!, members[i]!, session)));
    expect(paid.map((p) => p.body.status)).toEqual(opened.map(() => 'complete'));
    const sold = await t.db.select().from(orderLines).where(and(eq(orderLines.brandId, brandId), eq(orderLines.itemVariantId, 'rush')));
    expect(sold.reduce((sum, l) => sum + l.quantity, 0)).toBe(10);
  }, 120_000);

  it('one member firing 40 checkouts over both processes holds one checkout at the end, and at most the member limit opens', async () => {
    const greedy = members[0]!;
    await fillCart(greedy, 'capped', 1);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => via(ports[i % 2]!, greedy, 'POST', '/v1/payment/checkout', { testMode: true })));
    // One checkout per member: each new one ends the one before, so one session is live at the end,
    // holding 1 of the 3 allowed; the per-member limit refuses past 10 in the window.
    const opened = answers.filter((a) => a.status === 200);
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.length).toBeLessThanOrEqual(10);
    // Past the limit: 429. Admitted but ended by the member's own newer checkout before the
    // provider's session was stored: 409 session-not-open (it never holds anything).
    const refusals = answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.code}`);
    expect(refusals.filter((r) => r !== '429 checkout/too-many-checkouts' && r !== '409 checkout/session-not-open')).toEqual([]);
    expect(refusals.filter((r) => r.startsWith('429')).length).toBeGreaterThanOrEqual(30);
    const held = await t.db.select().from(stockHolds).where(and(eq(stockHolds.brandId, brandId), eq(stockHolds.userId, greedy.uid)));
    expect(held.filter((h) => h.expiresAt.getTime() > Date.now()).reduce((sum, h) => sum + h.quantity, 0)).toBe(1);
  }, 120_000);
});
