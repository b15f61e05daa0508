import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { checkoutSessions, orders } from '../../server/db/schema/index.ts';
import type { CheckoutEndReason, CheckoutStatus } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember } from './support/factories.ts';

/*
 * GET /v1/get/checkout/status (issue 39): a checkout page asks how its session stands on our
 * side, to learn that it ended elsewhere and why. The member's own session only; no provider
 * call. Sessions are written here as the checkout leaves them (ended by the member's next
 * checkout, or at the hold ceiling, with the reason and when they may hold again).
 */

let t: TestApp;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;
let uid: string;
const brandId = 'aurora';

beforeAll(async () => {
  t = await createTestApp();
  const aurora = await makeBrand(t.db, brandId, ['localhost']);
  uid = await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test' });
  await makeMember(t.db, t.identity, aurora, { email: 'other@aurora.test' });
  const tokenOf = async (email: string) => `Bearer ${await t.idTokenFor('aurora-tenant', email)}`;
  headers = { 'x-app-url': 'http://localhost:8080', authorization: await tokenOf('member@aurora.test') };
  otherHeaders = { 'x-app-url': 'http://localhost:8080', authorization: await tokenOf('other@aurora.test') };
}, 60_000);
afterAll(() => t?.close());

/** One of the member's sessions as the checkout stored it; answers its provider id (what the client knows). */
async function session(status: CheckoutStatus, ended: { endReason?: CheckoutEndReason; holdAgainAt?: Date } = {}) {
  const id = randomUUID();
  const providerSessionId = `cs_test_${id.replace(/-/g, '')}`;
  await t.db.insert(checkoutSessions).values({
    brandId, id, userId: uid, providerSessionId, status, amountTotal: 84_000, currency: 'SEK', lines: [], feeRecord: {}, taxList: [],
    email: 'member@aurora.test', expiresAt: new Date(Date.now() + 31 * 60_000), createdAt: new Date(), ...ended,
  });
  return { id, providerSessionId };
}

const statusOf = (providerSessionId: string, as = headers) =>
  t.app.inject({ method: 'GET', url: `/v1/get/checkout/status?stripeCheckoutSessionId=${encodeURIComponent(providerSessionId)}`, headers: as });

describe('GET /v1/get/checkout/status', () => {
  it('answers the open session as open', async () => {
    const { providerSessionId } = await session('open');
    const response = await statusOf(providerSessionId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'open', orderId: null });
  });

  it('tells that the session was replaced by the member\'s next checkout', async () => {
    const { providerSessionId } = await session('expired', { endReason: 'replaced' });
    expect((await statusOf(providerSessionId)).json()).toEqual({ status: 'expired', orderId: null, endedBecause: 'replaced', holdAgainAt: null });
  });

  it('tells that it ended at the hold ceiling, and when the member may hold again', async () => {
    const holdAgainAt = new Date('2026-11-24T14:40:00Z');
    const { providerSessionId } = await session('expired', { endReason: 'holdLimit', holdAgainAt });
    expect((await statusOf(providerSessionId)).json()).toEqual({ status: 'expired', orderId: null, endedBecause: 'holdLimit', holdAgainAt: holdAgainAt.getTime() });
  });

  it('answers a session that ran out (or that the provider failed) as expired, with no reason to tell', async () => {
    for (const status of ['expired', 'failed'] as const) {
      const { providerSessionId } = await session(status);
      expect((await statusOf(providerSessionId)).json()).toEqual({ status: 'expired', orderId: null });
    }
  });

  it('answers a paid session with its order reference', async () => {
    const { id, providerSessionId } = await session('complete');
    await t.db.insert(orders).values({
      brandId, id: `order-${id}`, userId: uid, checkoutSessionId: id, amount: 84_000, currency: 'SEK', feeRecord: {}, taxList: [],
      reference: 'K7QM-42PX', createdAt: new Date(),
    });
    expect((await statusOf(providerSessionId)).json()).toEqual({ status: 'complete', orderId: `order-${id}`, orderReference: 'K7QM-42PX' });
  });

  it("answers 404 for another member's session and for one that does not exist", async () => {
    const { providerSessionId } = await session('expired', { endReason: 'replaced' });
    for (const response of [await statusOf(providerSessionId, otherHeaders), await statusOf('cs_test_nobody')]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, code: 'checkout/session-not-found', message: 'There is no such checkout session' });
    }
  });

  it('needs a signed-in member and the session id', async () => {
    const { providerSessionId } = await session('open');
    expect((await statusOf(providerSessionId, { 'x-app-url': 'http://localhost:8080' })).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'GET', url: '/v1/get/checkout/status', headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 400, code: 'invalid_request' });
  });
});
