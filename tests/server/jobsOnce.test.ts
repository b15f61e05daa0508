import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type Stripe from 'stripe';
import { eq, inArray } from 'drizzle-orm';
import { checkoutSessions, jobClaims, paymentRefunds } from '../../server/db/schema/index.ts';
import { checkoutLifetimeMs } from '../../server/commerce/checkout.ts';
import type { CheckoutDeps } from '../../server/commerce/context.ts';
import { sweepCheckouts } from '../../server/commerce/sweeps.ts';
import { createJobClaims } from '../../server/jobs/jobClaims.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand } from './support/factories.ts';
import { commerceDeps, fillCart, makeConcert, offlinePayments, plainMembers, providerSession, reserveOpen } from './checkout.helpers.ts';

/*
 * Jobs once (docs/architecture.md): three instances sweep the same database at the same moment,
 * and each lapsed checkout is asked of the provider once, each refund made once; work claimed by
 * an instance that died is taken over once its claim lapses.
 */

const payments = offlinePayments('whsec_test_jobs');
const brandId = 'aurora';
const lease = 30_000;
let t: TestApp;
let clock = Date.now();
const rows = new Map<string, Awaited<ReturnType<typeof reserveOpen>>>();

// The provider answers after a moment, as a real one does, so the three sweeps overlap.
const retrieve = vi.spyOn(payments.stripe.checkout.sessions, 'retrieve').mockImplementation((async (id: string) => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  return providerSession(rows.get(id)!, 'expired');
}) as unknown as typeof payments.stripe.checkout.sessions.retrieve);
const refundsCreate = vi.spyOn(payments.stripe.refunds, 'create').mockImplementation((async (params: Stripe.RefundCreateParams) => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  return { id: `re_${String(params.payment_intent)}` };
}) as unknown as typeof payments.stripe.refunds.create);

/** One instance: its own claims (its own holder name) on the shared database and clock. */
const instance = (): CheckoutDeps => ({ ...commerceDeps(t.db, { payments, now: () => clock }), jobs: createJobClaims({ db: t.db, now: () => clock, leaseMs: lease }) });

async function lapsedSessions(count: number, prefix: string) {
  const members = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, count, prefix);
  const made = [];
  for (const uid of members) {
    await fillCart(t.db, brandId, uid, [{ itemVariantId: 'jobs', offerId: 'concert', quantity: 1 }]);
    const row = await reserveOpen(t.db, brandId, uid, clock - checkoutLifetimeMs - 1000);
    rows.set(row.providerSessionId!, row);
    made.push(row);
  }
  return made;
}

const statusesOf = async (ids: string[]) =>
  (await t.db.select({ status: checkoutSessions.status }).from(checkoutSessions).where(inArray(checkoutSessions.id, ids))).map((r) => r.status);

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, payments, checkoutSweepMs: 0 });
  await makeBrand(t.db, brandId, ['localhost']);
  await makeConcert(t.db, brandId, [['jobs', 100]]);
}, 60_000);
afterAll(() => t?.close());

describe('sweeps on three instances at once', () => {
  it('ask the provider about each lapsed checkout once and settle each once', async () => {
    const made = await lapsedSessions(12, 'lapsed');
    retrieve.mockClear();
    const results = await Promise.all([sweepCheckouts(instance()), sweepCheckouts(instance()), sweepCheckouts(instance())]);
    expect(results.reduce((sum, r) => sum + r.settled, 0)).toBe(12);
    const asked = retrieve.mock.calls.map((call) => call[0]);
    expect(asked).toHaveLength(12);
    expect(new Set(asked).size).toBe(12);
    expect(await statusesOf(made.map((r) => r.id))).toEqual(Array(12).fill('expired'));
    // Done work leaves no claim behind.
    expect(await t.db.select().from(jobClaims)).toEqual([]);
  });

  it('make each needed refund once', async () => {
    const needed = Array.from({ length: 8 }, (_, i) => ({
      brandId,
      checkoutSessionId: `refund-${i}`,
      userId: `refund-user-${i}`,
      amount: 1000,
      currency: 'sek',
      providerPaymentId: `pi_refund_${i}`,
      reason: 'late_payment',
      createdAt: new Date(clock),
    }));
    await t.db.insert(paymentRefunds).values(needed);
    refundsCreate.mockClear();
    const results = await Promise.all([sweepCheckouts(instance()), sweepCheckouts(instance()), sweepCheckouts(instance())]);
    expect(results.reduce((sum, r) => sum + r.refunded, 0)).toBe(8);
    expect(refundsCreate.mock.calls.map((call) => call[0]!.payment_intent).sort()).toEqual(needed.map((r) => r.providerPaymentId).sort());
    const stored = await t.db.select().from(paymentRefunds).where(inArray(paymentRefunds.checkoutSessionId, needed.map((r) => r.checkoutSessionId)));
    expect(stored.map((r) => r.status)).toEqual(Array(8).fill('refunded'));
  });

  it('leave work claimed by an instance that died until its claim lapses, then one takes it over', async () => {
    const [row] = await lapsedSessions(1, 'orphan');
    // The dead instance had claimed it (and then nothing: SIGKILL).
    await t.db.insert(jobClaims).values({ job: 'lapsed-checkout', subject: `${brandId}:${row!.id}`, holder: 'dead-instance', claimedUntil: new Date(clock + lease) });
    retrieve.mockClear();
    await Promise.all([sweepCheckouts(instance()), sweepCheckouts(instance())]);
    expect(retrieve).not.toHaveBeenCalled();
    expect(await statusesOf([row!.id])).toEqual(['open']);

    clock += lease + 1;
    const results = await Promise.all([sweepCheckouts(instance()), sweepCheckouts(instance()), sweepCheckouts(instance())]);
    expect(results.reduce((sum, r) => sum + r.settled, 0)).toBe(1);
    expect(retrieve).toHaveBeenCalledTimes(1);
    expect(await statusesOf([row!.id])).toEqual(['expired']);
    expect(await t.db.select().from(jobClaims).where(eq(jobClaims.holder, 'dead-instance'))).toEqual([]);
  });

  it('retry work that failed at the next sweep (the claim ends with the failure)', async () => {
    const [row] = await lapsedSessions(1, 'flaky');
    retrieve.mockClear();
    retrieve.mockImplementationOnce(async () => {
      throw new Error('provider unreachable');
    });
    expect((await sweepCheckouts(instance())).settled).toBe(0);
    expect(await statusesOf([row!.id])).toEqual(['open']);
    expect((await sweepCheckouts(instance())).settled).toBe(1);
    expect(await statusesOf([row!.id])).toEqual(['expired']);
  });
});
