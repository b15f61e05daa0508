import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { checkoutSessions, mailOutbox, paymentRefunds, stockHolds } from '../../server/db/schema/index.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from './support/paymentsApp.ts';
import { makeBrand, makeMember } from './support/factories.ts';
import { signedInMembers, type SignedInMember } from './promo.helpers.ts';
import { availability, commerceDeps, makeConcert, ordersOf } from './checkout.helpers.ts';
import { sweepCheckouts } from '../../server/commerce/sweeps.ts';

/*
 * Checkout end to end through the `stripe` SDK and the embedded stand-in (its real HTTP
 * protocol, its signed webhooks to this server on loopback): sessions, card outcomes, expiry,
 * completion, late payments refunded through the SDK, and 300 members racing for 10 tickets.
 */

let t: PaymentsTestApp;
let member: SignedInMember;
let members: SignedInMember[];
const brandId = 'aurora';

beforeAll(async () => {
  t = await createPaymentsTestApp({ devTools: true });
  const aurora = await makeBrand(t.db, brandId, ['localhost']);
  await makeConcert(t.db, brandId, [['main', 100], ['cards', 100], ['closing', 4], ['rush', 10], ['late', 1], ['lost', 3]], { purchaseCap: 8 });
  await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test' });
  member = { uid: '', headers: { 'x-app-url': 'http://localhost:8080', authorization: `Bearer ${await t.idTokenFor('aurora-tenant', 'member@aurora.test')}` } };
  members = await signedInMembers(t, aurora, 'http://localhost:8080', 300, 'flow');
}, 120_000);
afterAll(() => t?.close());

const call = (m: SignedInMember, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, extra: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...m.headers, ...extra }, ...(payload ? { payload } : {}) });
const setCart = (m: SignedInMember, lines: [string, number][]) =>
  call(m, 'PUT', '/v1/update/user/shopping_cart', { shopingCartItemList: lines.map(([itemVariantId, quantity]) => ({ itemVariantId, offerId: 'concert', quantity })) });
const openSession = (m: SignedInMember, extra: Record<string, string> = {}) => call(m, 'POST', '/v1/payment/checkout', { testMode: true }, extra);
const card = (number: string, cvc = '123') => ({ name: 'Nora Nordlys', email: 'nora@example.com', cardNumber: number, expMonth: 12, expYear: 34, cvc });
const pay = (m: SignedInMember, session: { id: string; clientSecret: string }, number = '4242 4242 4242 4242', cvc?: string) =>
  call(m, 'POST', '/v1/payment/local/confirm', { stripeCheckoutSessionId: session.id, clientSecret: session.clientSecret, ...card(number, cvc) });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the embedded provider through the SDK', () => {
  it('answers the checkout config for the local card form', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/get/checkout/config?testMode=true' });
    expect(response.json()).toEqual({ publishableKey: expect.stringMatching(/^pk_/), provider: 'local' });
  });

  it('buys two tickets: session for the amount the cart showed, card payment, one order, cart emptied, Swedish mail with ICS', async () => {
    const cart = (await setCart(member, [['main', 2]])).json();
    const opened = await openSession(member, { 'accept-language': 'sv-SE,sv;q=0.9,en;q=0.8' });
    expect(opened.statusCode).toBe(200);
    const session = opened.json();
    expect(session).toMatchObject({ id: expect.stringMatching(/^cs_/), clientSecret: expect.any(String), amountTotal: cart.totalPrice, currency: 'SEK' });
    expect(session.expiresAt).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect((await availability(t, 'concert', member.headers)).main).toBe(98);
    const paid = await pay(member, session);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: 'complete', orderId: expect.any(String), orderReference: expect.stringMatching(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/) });
    // The stand-in's webhook arrives too: still one order.
    const [row] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.providerSessionId, session.id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await ordersOf(t.db, brandId, row!.id)).toHaveLength(1);
    const history = (await call(member, 'GET', '/v1/get_list/order_history')).json();
    expect(history[0]).toMatchObject({ id: paid.json().orderId, amount: cart.totalPrice, paymentMethod: 'card', itemList: [{ itemVariantId: 'main', quantity: 2 }] });
    expect((await call(member, 'GET', '/v1/get/user/shopping_cart')).json().itemList).toEqual([]);
    expect((await availability(t, 'concert', member.headers)).main).toBe(98);
    const outbox = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json?to=member@aurora.test', remoteAddress: '127.0.0.1' })).json();
    expect(outbox.mails).toHaveLength(1);
    expect(outbox.mails[0]).toMatchObject({ subject: 'Din beställning hos Aurora', attachments: [
        { filename: 'ticket-1-1.gif', contentType: 'image/gif' },
        { filename: 'ticket-1-2.gif', contentType: 'image/gif' },
        { filename: 'nordlys-live-evening-main.ics', contentType: expect.stringContaining('text/calendar') },
      ],
    });
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined'],
    ['4000 0000 0000 9995', 'insufficient_funds'],
    ['4000 0000 0000 0069', 'expired_card'],
    ['4242 4242 4242 4241', 'incorrect_number'],
  ])('refuses card %s with 402 %s and keeps the session open', async (number, code) => {
    await setCart(member, [['cards', 1]]);
    const session = (await openSession(member)).json();
    const refused = await pay(member, session, number);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ status: 402, code });
    expect((await pay(member, session)).json()).toMatchObject({ status: 'complete' });
  });

  it('refuses a past expiry date as an expired card and a CVC that is not digits as an incorrect CVC', async () => {
    await setCart(member, [['cards', 1]]);
    const session = (await openSession(member)).json();
    const base = { stripeCheckoutSessionId: session.id, clientSecret: session.clientSecret, ...card('4242424242424242') };
    const past = await call(member, 'POST', '/v1/payment/local/confirm', { ...base, expMonth: 1, expYear: 20 });
    expect(past.json()).toMatchObject({ status: 402, code: 'expired_card' });
    const letters = await call(member, 'POST', '/v1/payment/local/confirm', { ...base, cvc: 'abc' });
    expect(letters.json()).toMatchObject({ status: 402, code: 'incorrect_cvc' });
    // A wrong client secret is not this session's: not open to this caller.
    const stranger = await call(member, 'POST', '/v1/payment/local/confirm', { ...base, clientSecret: 'cs_wrong_secret' });
    expect(stranger.statusCode).toBe(409);
    expect((await pay(member, session)).json()).toMatchObject({ status: 'complete' });
  });

  it('refuses a wrong CVC with 402 incorrect_cvc', async () => {
    await setCart(member, [['cards', 1]]);
    const session = (await openSession(member)).json();
    const refused = await pay(member, session, '4000 0000 0000 0127');
    expect(refused.json()).toMatchObject({ status: 402, code: 'incorrect_cvc' });
    await call(member, 'POST', '/v1/expire/checkout', { stripeCheckoutSessionId: session.id, testMode: true });
  });

  it('closing checkout expires the session at the provider and frees the stock; paying it then is refused', async () => {
    await setCart(member, [['closing', 4]]);
    const session = (await openSession(member)).json();
    expect((await availability(t, 'concert', member.headers)).closing).toBe(0);
    const expired = await call(member, 'POST', '/v1/expire/checkout', { stripeCheckoutSessionId: session.id, testMode: true });
    expect(expired.json()).toEqual({ status: 'expired', orderId: null });
    expect((await availability(t, 'concert', member.headers)).closing).toBe(4);
    expect((await t.payments.stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    const late = await pay(member, session);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'checkout/session-not-open' });
    // Another member's session cannot be expired or completed by this one.
    const other = members[299]!;
    expect((await call(other, 'POST', '/v1/expire/checkout', { stripeCheckoutSessionId: session.id })).statusCode).toBe(404);
    expect((await call(other, 'POST', '/v1/payment/checkout/complete', { stripeCheckoutSessionId: session.id })).statusCode).toBe(404);
  });

  it('a session the provider lost (a restart of the stand-in): expire, complete and the card form each end it at once, in our words', async () => {
    const calls = [
      (session: { id: string; clientSecret: string }) => call(member, 'POST', '/v1/expire/checkout', { stripeCheckoutSessionId: session.id, testMode: true }),
      (session: { id: string; clientSecret: string }) => call(member, 'POST', '/v1/payment/checkout/complete', { stripeCheckoutSessionId: session.id }),
      (session: { id: string; clientSecret: string }) => pay(member, session),
    ];
    for (const [i, ask] of calls.entries()) {
      await setCart(member, [['lost', 3]]);
      const opened = (await openSession(member)).json();
      expect((await availability(t, 'concert', member.headers)).lost).toBe(0);
      // Our row names a session the provider has never heard of.
      const lostId = `cs_test_lost_${i}_${Date.now()}`;
      await t.db.update(checkoutSessions).set({ providerSessionId: lostId }).where(eq(checkoutSessions.providerSessionId, opened.id));
      const answer = await ask({ id: lostId, clientSecret: opened.clientSecret });
      const body = answer.body;
      expect(body, 'the provider\'s own text never reaches the member').not.toMatch(/No such|checkout\.session|resource_missing/);
      if (i < 2) expect(answer.json()).toEqual({ status: 'expired', orderId: null });
      else expect(answer.json()).toMatchObject({ code: 'checkout/session-not-open' });
      // Its holds are released at once, not when they would have lapsed.
      expect((await availability(t, 'concert', member.headers)).lost).toBe(3);
      const [row] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.providerSessionId, lostId));
      expect(row!.status).toBe('expired');
    }
  });

  it('settles on the client\'s word (complete) once the provider says paid', async () => {
    await setCart(member, [['main', 1]]);
    const session = (await openSession(member)).json();
    expect((await call(member, 'POST', '/v1/payment/checkout/complete', { stripeCheckoutSessionId: session.id })).json()).toEqual({ status: 'open', orderId: null });
    // Paid at the stand-in directly, as Stripe's own form would.
    const form = new URLSearchParams({
      client_secret: session.clientSecret, 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2034', 'card[cvc]': '123',
      'billing_details[name]': 'Nora', 'billing_details[email]': 'nora@example.com',
    });
    const direct = await fetch(`${t.payments.localBaseUrl}/_local/checkout/sessions/${session.id}/pay`, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(direct.status).toBe(200);
    const completed = await call(member, 'POST', '/v1/payment/checkout/complete', { stripeCheckoutSessionId: session.id });
    expect(completed.json()).toEqual({ status: 'complete', orderId: expect.any(String), orderReference: expect.stringMatching(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/) });
    const again = await call(member, 'POST', '/v1/payment/checkout/complete', { stripeCheckoutSessionId: session.id });
    expect(again.json()).toEqual(completed.json());
  });

  it('refunds through the SDK a payment whose hold lapsed while its stock was sold, and mails the member', async () => {
    const [slow, fast] = [members[297]!, members[298]!];
    await setCart(slow, [['late', 1]]);
    const session = (await openSession(slow)).json();
    // The hold lapses (as if the member sat on the card form past the expiry on our side)...
    await t.db.update(stockHolds).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(stockHolds.itemVariantId, 'late'));
    await setCart(fast, [['late', 1]]);
    const other = (await openSession(fast)).json();
    expect((await pay(fast, other)).json()).toMatchObject({ status: 'complete' });
    // ...and the late payment still goes through at the provider.
    const paid = await pay(slow, session);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ status: 'refunded', orderId: null });
    const [row] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.providerSessionId, session.id));
    const refunds = await until(
      () => t.db.select().from(paymentRefunds).where(and(eq(paymentRefunds.brandId, brandId), eq(paymentRefunds.checkoutSessionId, row!.id))),
      (r) => r[0]?.status === 'refunded',
    );
    expect(refunds).toEqual([expect.objectContaining({ status: 'refunded', providerRefundId: expect.stringMatching(/^re_/), amount: row!.amountTotal })]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'flow-297@aurora.test'));
    expect(mails.map((m) => m.subject)).toEqual(['Your Aurora payment is refunded']);
  });
});

describe('the sweep', () => {
  it('settles lapsed sessions no event settled: expired at the provider, or closed here when the provider does not know them', async () => {
    const [a, b] = [members[295]!, members[296]!];
    await setCart(a, [['main', 1]]);
    const known = (await openSession(a)).json();
    await setCart(b, [['main', 1]]);
    const unknown = (await openSession(b)).json();
    await t.db.update(checkoutSessions).set({ providerSessionId: 'cs_test_nobody_knows' }).where(eq(checkoutSessions.providerSessionId, unknown.id));
    // Both lapse on our side (their rows only; the provider's sessions are still open).
    for (const id of [known.id, 'cs_test_nobody_knows']) {
      await t.db.update(checkoutSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(checkoutSessions.providerSessionId, id));
    }
    const result = await sweepCheckouts(commerceDeps(t.db, { payments: t.payments, log: t.app.log }));
    expect(result.settled).toBeGreaterThanOrEqual(2);
    const rows = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.brandId, brandId));
    expect(rows.find((r) => r.providerSessionId === known.id)!.status).toBe('expired');
    expect(rows.find((r) => r.providerSessionId === 'cs_test_nobody_knows')!.status).toBe('expired');
    expect((await t.payments.stripe.checkout.sessions.retrieve(known.id)).status).toBe('expired');
  });
});

describe('300 members racing for 10 tickets', () => {
  it('opens exactly 10 sessions, refuses the rest, and paying all of them makes exactly 10 orders', async () => {
    const racers = members.slice(0, 290);
    for (const m of racers) await setCart(m, [['rush', 1]]);
    const answers = await Promise.all(racers.map((m) => openSession(m)));
    const opened = answers.flatMap((a, i) => (a.statusCode === 200 ? [{ m: racers[i]!, session: a.json() }] : []));
    expect(opened).toHaveLength(10);
    expect(new Set(answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${a.json().code}`))).toEqual(new Set(['409 checkout/sold-out']));
    const paid = await Promise.all(opened.map(({ m, session }) => pay(m, session)));
    expect(paid.map((p) => p.json().status)).toEqual(opened.map(() => 'complete'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const history = await Promise.all(opened.map(({ m }) => call(m, 'GET', '/v1/get_list/order_history')));
    expect(history.map((h) => h.json().length)).toEqual(opened.map(() => 1));
    expect((await availability(t, 'concert', member.headers)).rush).toBe(0);
    // 290 checkouts take turns on one row lock: a busy 2-core machine needs a while.
  }, 180_000);
});
