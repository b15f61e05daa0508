import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { checkoutSessions, mailOutbox, orderLines, shoppingCartLines, stockHolds } from '../../server/db/schema/index.ts';
import { checkoutLifetimeMs, reserveCheckout } from '../../server/commerce/checkout.ts';
import type { CheckoutDeps } from '../../server/commerce/context.ts';
import { sweepCheckouts } from '../../server/commerce/sweeps.ts';
import { ApiError } from '../../server/errors.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember, makeOffer } from './support/factories.ts';
import { makeVariant } from './support/commerceFactories.ts';
import { orderHistory } from '../../server/repositories/orders.repository.ts';
import { ticketPublicKeys, verifyTicket } from '../../server/tickets/ticketCodes.ts';
import { commerceDeps, offlinePayments, availability, fillCart, makeConcert, ordersOf, plainMembers, providerSession, refundsOf, reserveOpen, signedEvent } from './checkout.helpers.ts';

/*
 * The database half of checkout and fulfilment, with the provider's answers and events made
 * here (signed with the webhook secret as Stripe signs them): holds under load, exactly-once
 * fulfilment whatever the replays and order, expiry, lapse without any event, late payments.
 * The provider itself (the stand-in, through the SDK) is exercised in checkout.flow.test.ts.
 */

const webhookSecret = 'whsec_test_settle';
// Nothing listens at the provider: a refund call fails at once, as an unreachable provider would.
const payments = offlinePayments(webhookSecret);

let t: TestApp;
let clock = Date.now();
let headers: Record<string, string>;
let memberUid: string;
const hour = 3_600_000;
const future = new Date(Date.now() + 30 * 24 * hour);
const brandId = 'aurora';

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, payments });
  const aurora = await makeBrand(t.db, brandId, ['localhost']);
  const ticket = await makeConcert(t.db, brandId, [['rush', 10], ['replay', 5], ['expiry', 3], ['lapse', 3], ['late', 1], ['late-ok', 4], ['mail', 20], ['refunded', 4]], {
    // The order mail's calendar file is checked against this start.
    dateStart: future,
    dateEnd: new Date(future.getTime() + 3 * hour),
  });
  await makeVariant(t.db, brandId, 'concert', 'capped', { ...ticket, stock: 100, purchaseCap: 3 });
  await makeVariant(t.db, brandId, 'concert', 'ended', { ...ticket, dateEnd: new Date(Date.now() - hour) });
  await makeVariant(t.db, brandId, 'concert', 'few', { ...ticket, stock: 1 });
  await makeOffer(t.db, brandId, 'withdrawn', { itemVariantType: 'other', active: false });
  await makeVariant(t.db, brandId, 'withdrawn', 'withdrawn-v', { stock: 5 });
  memberUid = await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test' });
  headers = { 'x-app-url': 'http://localhost:8080', authorization: `Bearer ${await t.idTokenFor('aurora-tenant', 'member@aurora.test')}` };
}, 60_000);
afterAll(() => t?.close());

const webhook = (type: 'checkout.session.completed' | 'checkout.session.expired' | 'charge.refunded', session: Stripe.Checkout.Session | Stripe.Charge, secret = webhookSecret) => {
  const { payload, headers: h } = signedEvent(secret, type, session);
  return t.app.inject({ method: 'POST', url: '/v1/payment/webhook', payload, headers: h });
};
const line = (itemVariantId: string, quantity: number) => ({ itemVariantId, offerId: 'concert', quantity });
const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : String(error));
const deps = (): CheckoutDeps => commerceDeps(t.db, { payments, now: () => clock, log: t.app.log });

describe('stock holds under load', () => {
  it('300 parallel checkouts for a variant with 10 left: exactly 10 hold, the rest are refused; paying all makes exactly 10 orders', async () => {
    const buyers = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, 300, 'rush');
    for (const uid of buyers) await fillCart(t.db, brandId, uid, [line('rush', 1)]);
    const results = await Promise.allSettled(buyers.map((uid) => reserveOpen(t.db, brandId, uid, clock)));
    const held = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [codeOf(r.reason)] : []));
    expect(held).toHaveLength(10);
    expect(new Set(refused)).toEqual(new Set(['checkout/sold-out']));
    expect((await availability(t, 'concert', headers)).rush).toBe(0);
    const answers = await Promise.all(held.map((row) => webhook('checkout.session.completed', providerSession(row, 'complete'))));
    expect(answers.map((a) => a.statusCode)).toEqual(held.map(() => 200));
    const sold = await t.db.select().from(orderLines).where(and(eq(orderLines.brandId, brandId), eq(orderLines.itemVariantId, 'rush')));
    expect(sold).toHaveLength(10);
    expect((await availability(t, 'concert', headers)).rush).toBe(0);
    // The bought line left each buyer's cart.
    const cartLines = await t.db.select().from(shoppingCartLines).where(and(eq(shoppingCartLines.brandId, brandId), eq(shoppingCartLines.itemVariantId, 'rush')));
    expect(cartLines).toHaveLength(290);
  }, 180_000);

  it('one member racing past purchaseCap across open sessions and orders is stopped', async () => {
    const [uid] = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, 1, 'greedy');
    await fillCart(t.db, brandId, uid!, [line('capped', 2)]);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => reserveOpen(t.db, brandId, uid!, clock)));
    // A member holds stock through one checkout at a time: each new one ends the one before, so
    // however they race, one session is live at the end and its 2 held units are all they hold.
    // An opening ended by the next before it held anything answers 409 session-not-open.
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [codeOf(r.reason)] : []));
    expect(refused.filter((code) => code !== 'checkout/session-not-open')).toEqual([]);
    expect(refused.length).toBeLessThan(20);
    const sessions = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, uid!));
    const live = sessions.filter((row) => row.status === 'open' || row.status === 'pending');
    expect(live).toHaveLength(1);
    expect(sessions.filter((row) => row.status === 'expired')).toHaveLength(19);
    const holds = await t.db.select().from(stockHolds).where(eq(stockHolds.userId, uid!));
    expect(holds.map((h) => [h.checkoutSessionId, h.quantity])).toEqual([[live[0]!.id, 2]]);
    await webhook('checkout.session.completed', providerSession(live[0]!, 'complete'));
    // Bought 2 of 3: two more is past the cap, one more is not.
    await fillCart(t.db, brandId, uid!, [line('capped', 2)]);
    await expect(reserveOpen(t.db, brandId, uid!, clock)).rejects.toMatchObject({ code: 'checkout/purchase-cap-reached', status: 409 });
    await fillCart(t.db, brandId, uid!, [line('capped', 1)]);
    await expect(reserveOpen(t.db, brandId, uid!, clock)).resolves.toMatchObject({ status: 'open' });
  }, 90_000);
});

describe('fulfilment by webhook', () => {
  it('refuses a missing or wrong signature with 400', async () => {
    const [uid] = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, 1, 'forger');
    await fillCart(t.db, brandId, uid!, [line('replay', 1)]);
    const row = await reserveOpen(t.db, brandId, uid!, clock);
    const forged = await webhook('checkout.session.completed', providerSession(row, 'complete'), 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ status: 400, code: 'webhook/signature-invalid' });
    const { payload } = signedEvent(webhookSecret, 'checkout.session.completed', providerSession(row, 'complete'));
    const unsigned = await t.app.inject({ method: 'POST', url: '/v1/payment/webhook', payload, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    const tampered = signedEvent(webhookSecret, 'checkout.session.completed', providerSession(row, 'complete'));
    const changed = await t.app.inject({ method: 'POST', url: '/v1/payment/webhook', payload: tampered.payload.replace('"paid"', '"unpaid"'), headers: tampered.headers });
    expect(changed.statusCode).toBe(400);
    expect(await ordersOf(t.db, brandId, row.id)).toHaveLength(0);
    await webhook('checkout.session.expired', providerSession(row, 'expired'));
  });

  it('a completion replayed 20 times, in parallel and after an expiry event, makes one order', async () => {
    const [uid] = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, 1, 'replayer');
    await fillCart(t.db, brandId, uid!, [line('replay', 2)]);
    const row = await reserveOpen(t.db, brandId, uid!, clock);
    const events = [
      ...Array.from({ length: 20 }, () => webhook('checkout.session.completed', providerSession(row, 'complete'))),
      // A stale 'expired' for the same session arriving in between changes nothing once it is complete.
      webhook('checkout.session.expired', providerSession(row, 'expired')),
    ];
    const answers = await Promise.all(events);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const [stored] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, row.id));
    // Either the completion won (an order) or the expiry came first and the completion found the stock still there: one order either way.
    expect(stored!.status).toBe('complete');
    expect(await ordersOf(t.db, brandId, row.id)).toHaveLength(1);
    for (let i = 0; i < 5; i++) await webhook('checkout.session.completed', providerSession(row, 'complete'));
    expect(await ordersOf(t.db, brandId, row.id)).toHaveLength(1);
    expect(await t.db.select().from(stockHolds).where(eq(stockHolds.checkoutSessionId, row.id))).toHaveLength(0);
  });

  it('expiry returns the held stock', async () => {
    const [uid] = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, 1, 'expirer');
    await fillCart(t.db, brandId, uid!, [line('expiry', 3)]);
    const row = await reserveOpen(t.db, brandId, uid!, clock);
    expect((await availability(t, 'concert', headers)).expiry).toBe(0);
    expect((await webhook('checkout.session.expired', providerSession(row, 'expired'))).statusCode).toBe(200);
    expect((await availability(t, 'concert', headers)).expiry).toBe(3);
    const [stored] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, row.id));
    expect(stored!.status).toBe('expired');
  });

  it('a hold that lapses without any webhook frees its stock, and the sweep settles its session', async () => {
    const [uid] = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, 1, 'lapser');
    await fillCart(t.db, brandId, uid!, [line('lapse', 2)]);
    const row = await reserveOpen(t.db, brandId, uid!, clock - checkoutLifetimeMs - 1000);
    // Nobody told the server anything; the hold's expiry alone frees the stock.
    expect((await availability(t, 'concert', headers)).lapse).toBe(3);
    // A session that never reached the provider ('pending') is closed by the sweep without it.
    const [pending] = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, 1, 'crashed');
    await fillCart(t.db, brandId, pending!, [line('lapse', 1)]);
    const crashed = await reserveCheckout(deps(), { brandId, userId: pending!, language: 'en', clientAddress: '192.0.2.1' }, clock - checkoutLifetimeMs - 1000);
    expect((await availability(t, 'concert', headers)).lapse).toBe(3);
    await sweepCheckouts(deps());
    const [stored] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, crashed.id));
    expect(stored!.status).toBe('failed');
    expect(await t.db.select().from(stockHolds).where(eq(stockHolds.checkoutSessionId, crashed.id))).toHaveLength(0);
    // The open one needs the provider's word (unreachable here): it stays for the next sweep, its stock free all along.
    const [open] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, row.id));
    expect(open!.status).toBe('open');
    await webhook('checkout.session.expired', providerSession(row, 'expired'));
  });
});

describe('payments that complete after their hold lapsed', () => {
  it('become an order when the stock is still there', async () => {
    const [uid] = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, 1, 'slow-ok');
    await fillCart(t.db, brandId, uid!, [line('late-ok', 2)]);
    const row = await reserveOpen(t.db, brandId, uid!, clock - checkoutLifetimeMs - 1000);
    expect((await webhook('checkout.session.completed', providerSession(row, 'complete'))).statusCode).toBe(200);
    expect(await ordersOf(t.db, brandId, row.id)).toHaveLength(1);
    expect((await availability(t, 'concert', headers))['late-ok']).toBe(2);
  });

  it('are recorded as refunds (and mailed) when the stock was sold meanwhile, never left processing', async () => {
    const [slow, fast] = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, 2, 'late');
    await fillCart(t.db, brandId, slow!, [line('late', 1)]);
    const lapsed = await reserveOpen(t.db, brandId, slow!, clock - checkoutLifetimeMs - 1000);
    await fillCart(t.db, brandId, fast!, [line('late', 1)]);
    const other = await reserveOpen(t.db, brandId, fast!, clock);
    await webhook('checkout.session.completed', providerSession(other, 'complete'));
    const answer = await webhook('checkout.session.completed', providerSession(lapsed, 'complete'));
    expect(answer.statusCode).toBe(200);
    expect(await ordersOf(t.db, brandId, lapsed.id)).toHaveLength(0);
    const [stored] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, lapsed.id));
    expect(stored!.status).toBe('refunded');
    const refunds = (await refundsOf(t.db, brandId)).filter((r) => r.checkoutSessionId === lapsed.id);
    expect(refunds).toHaveLength(1);
    // The provider is unreachable in this file: the refund stays 'needed' with its error, for the sweep.
    expect(refunds[0]).toMatchObject({ status: 'needed', amount: lapsed.amountTotal, providerPaymentId: expect.stringMatching(/^pi_/) });
    expect(refunds[0]!.lastError).toBeTruthy();
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'late-0@aurora.test')).orderBy(mailOutbox.id);
    expect(mails.map((m) => m.subject)).toEqual(['Your Aurora payment is refunded']);
    // Replays change nothing.
    await webhook('checkout.session.completed', providerSession(lapsed, 'complete'));
    expect((await refundsOf(t.db, brandId)).filter((r) => r.checkoutSessionId === lapsed.id)).toHaveLength(1);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'late-0@aurora.test'))).toHaveLength(1);
  });
});

describe('a payment refunded at the provider (charge.refunded)', () => {
  /** The charge as Stripe sends it once `refunded` of `amount` is refunded (a dashboard refund, a lost dispute). */
  const refundedCharge = (paymentIntent: string, amount: number, refunded: number): Stripe.Charge =>
    ({
      id: `ch_${paymentIntent.slice(3)}`,
      object: 'charge',
      payment_intent: paymentIntent,
      amount,
      amount_refunded: refunded,
      refunded: refunded === amount,
      currency: 'sek',
      refunds: { object: 'list', data: [{ id: `re_${paymentIntent.slice(3)}`, object: 'refund' }] },
    }) as unknown as Stripe.Charge;
  const voidTickets = async () =>
    (await t.app.inject({ method: 'GET', url: '/v1/get/tickets/void?appUrl=http://localhost:8080' })).json().ticketIds as string[];

  it('voids the order and its tickets, puts the units back on sale and mails the member, once; a partial refund changes nothing', async () => {
    const [uid] = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, 1, 'dashboard');
    await fillCart(t.db, brandId, uid!, [line('refunded', 2)]);
    const row = await reserveOpen(t.db, brandId, uid!, clock);
    const paid = providerSession(row, 'complete');
    await webhook('checkout.session.completed', paid);
    const [order] = await ordersOf(t.db, brandId, row.id);
    expect(order!.status).toBe('paid');
    expect((await availability(t, 'concert', headers)).refunded).toBe(2);
    const [bought] = await orderHistory(t.db, brandId, uid!);
    const ticketIds = bought!.ticketList.map((k) => k.id);
    expect(ticketIds).toHaveLength(2);
    const paymentIntent = String(paid.payment_intent);

    // Part of the payment refunded: the order stays paid, its tickets valid.
    expect((await webhook('charge.refunded', refundedCharge(paymentIntent, row.amountTotal, 1_000))).statusCode).toBe(200);
    expect((await ordersOf(t.db, brandId, row.id))[0]!.status).toBe('paid');
    expect(await voidTickets()).not.toEqual(expect.arrayContaining([ticketIds[0]]));

    // The whole payment refunded behind the server's back, the event delivered three times.
    for (let i = 0; i < 3; i++) {
      expect((await webhook('charge.refunded', refundedCharge(paymentIntent, row.amountTotal, row.amountTotal))).statusCode).toBe(200);
    }
    expect((await ordersOf(t.db, brandId, row.id))[0]!.status).toBe('refunded');
    expect(await voidTickets()).toEqual(expect.arrayContaining(ticketIds));
    expect((await availability(t, 'concert', headers)).refunded).toBe(4);
    const refunds = (await refundsOf(t.db, brandId)).filter((r) => r.checkoutSessionId === row.id);
    expect(refunds).toEqual([expect.objectContaining({ status: 'refunded', reason: 'refunded_at_provider', amount: row.amountTotal, providerPaymentId: paymentIntent })]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'dashboard-0@aurora.test')).orderBy(mailOutbox.id);
    expect(mails.map((m) => m.subject)).toEqual(['Your Aurora order', `Your Aurora order ${order!.reference} is refunded`]);
    expect(mails[1]!.text).toContain('no longer valid');
    // The member's history says so.
    const [after] = await orderHistory(t.db, brandId, uid!);
    expect(after!.status).toBe('refunded');
  });

  it('changes nothing for a payment no order knows', async () => {
    expect((await webhook('charge.refunded', refundedCharge('pi_nobodysorder', 10_000, 10_000))).statusCode).toBe(200);
  });
});

describe('order confirmation mail and history', () => {
  it('mails the order in the member language with lines, VAT and one ICS file per event; the history lists it', async () => {
    const [uid] = await plainMembers(t.db, { id: brandId, authTenantId: 'aurora-tenant' }, 1, 'mailer');
    await fillCart(t.db, brandId, uid!, [line('mail', 2), line('late-ok', 1)]);
    const row = await reserveOpen(t.db, brandId, uid!, clock, 'sv');
    await webhook('checkout.session.completed', providerSession(row, 'complete'));
    const [order] = await ordersOf(t.db, brandId, row.id);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'mailer-0@aurora.test'));
    expect(mail!.subject).toBe('Din beställning hos Aurora');
    expect(mail!.text).toContain(`Ordernummer: ${order!.reference}`);
    expect(order!.reference).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(mail!.text).toContain('Kortbetalning');
    expect(mail!.text).toMatch(/Antal biljetter: 2 × 374,00\s*kr = 748,00\s*kr/);
    // The VAT the total holds: 3 × 349 kr at 6 % hold 59,26 kr; the 25 kr fee × 3 at 25 % holds 15,00 kr.
    expect(mail!.text).toMatch(/varav moms 6\s%: 59,26\s*kr/);
    expect(mail!.text).toMatch(/varav moms 25\s%: 15,00\s*kr/);
    expect(mail!.text).toMatch(/Belopp: 1\s122,00\s*kr/);
    // One QR code per ticket (two of the first line, one of the second), shown inline and labelled, then the calendar files.
    expect(mail!.attachments.map((a) => [a.filename, a.contentType.split(';')[0]])).toEqual([
      ['ticket-1-1.gif', 'image/gif'],
      ['ticket-1-2.gif', 'image/gif'],
      ['ticket-2-1.gif', 'image/gif'],
      ['nordlys-live-evening-mail.ics', 'text/calendar'],
      ['nordlys-live-evening-late-ok.ics', 'text/calendar'],
    ]);
    expect(mail!.html).toContain('<img src="cid:ticket-1-2@klubb" alt="Biljett 2 av 2: Nordlys live: Evening mail"');
    expect(mail!.attachments[0]).toMatchObject({ encoding: 'base64', contentId: 'ticket-1-1@klubb' });
    expect(Buffer.from(mail!.attachments[0]!.content, 'base64').subarray(0, 6).toString('latin1')).toBe('GIF87a');
    // Each ticket's code is in the mail and in the order history, and verifies with the brand's public keys.
    const [history] = await orderHistory(t.db, brandId, uid!);
    const tickets = history!.ticketList;
    expect(tickets.map((k) => [k.lineNo, k.unitNo, k.itemVariantId])).toEqual([[1, 1, 'mail'], [1, 2, 'mail'], [2, 1, 'late-ok']]);
    expect(new Set(tickets.map((k) => k.id)).size).toBe(3);
    const keys = await ticketPublicKeys(t.db, brandId);
    for (const ticket of tickets) {
      expect(mail!.text).toContain(ticket.code);
      expect(await verifyTicket(ticket.code, keys, brandId)).toEqual({
        ok: true,
        kid: keys.keys[0]!.kid,
        claims: { ticketId: ticket.id, orderId: order!.id, offerId: 'concert', itemVariantId: ticket.itemVariantId, brandId },
      });
    }
    const ics = mail!.attachments.find((a) => a.filename === 'nordlys-live-evening-mail.ics')!.content;
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('SUMMARY:Nordlys live: Evening mail');
    expect(ics).toContain(`DTSTART:${future.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
    expect(ics).toMatch(/LOCATION:Sveavägen 1\\?, 111 57 Stockholm/);
  });
});

describe('POST /v1/payment/checkout refusals (before any provider call)', () => {
  const checkout = () => t.app.inject({ method: 'POST', url: '/v1/payment/checkout', headers, payload: { testMode: true } });
  it.each([
    ['an empty cart', [], 'user/shopping-cart-empty', 'The shopping cart is empty'],
    ['a line past its end date', [line('ended', 1)], 'checkout/offer-ended', 'The offer is no longer relevant'],
    ['a line of an inactive offer', [{ itemVariantId: 'withdrawn-v', offerId: 'withdrawn', quantity: 1 }], 'checkout/offer-ended', 'The offer is no longer relevant'],
    ['more than is left', [line('few', 2)], 'checkout/sold-out', 'Unfortunately the item for this offer is sold out.'],
    ['more than purchaseCap', [line('capped', 4)], 'checkout/purchase-cap-reached', 'The number of maximum purchases per user has been reached.'],
  ])('answers 409 for %s, holding nothing', async (_name, lines, code, message) => {
    await fillCart(t.db, brandId, memberUid, lines);
    const response = await checkout();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 409, code, message });
    expect(await t.db.select().from(stockHolds).where(eq(stockHolds.userId, memberUid))).toHaveLength(0);
  });

  it('releases the holds at once when the provider cannot be reached', async () => {
    await fillCart(t.db, brandId, memberUid, [line('few', 1)]);
    const response = await checkout();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'checkout/provider-unavailable' });
    expect((await availability(t, 'concert', headers)).few).toBe(1);
    const sessions = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, memberUid));
    expect(sessions.map((s) => s.status)).toEqual(['failed']);
  }, 30_000);

  it('answers the order history newest first, with what the order panel shows', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/v1/get_list/order_history', headers });
    expect(empty.json()).toEqual([]);
    await fillCart(t.db, brandId, memberUid, [line('mail', 1)]);
    const first = await reserveOpen(t.db, brandId, memberUid, clock);
    await webhook('checkout.session.completed', providerSession(first, 'complete'));
    clock += 1000;
    await fillCart(t.db, brandId, memberUid, [line('mail', 2)]);
    const second = await reserveOpen(t.db, brandId, memberUid, clock);
    await webhook('checkout.session.completed', providerSession(second, 'complete'));
    const history = (await t.app.inject({ method: 'GET', url: '/v1/get_list/order_history', headers })).json();
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      paymentMethod: 'card',
      amount: 2 * 37_400,
      currency: 'SEK',
      additionalInfo: '',
      itemList: [{ itemVariantId: 'mail', offerId: 'concert', offerTitle: 'Nordlys live', itemVariantType: 'ticket', quantity: 2, unitPrice: 37_400, linePrice: 74_800 }],
      // Prices include VAT: 2 × 349 kr hold 39,51 kr at 6 %, the 2 × 25 kr fee 10,00 kr at 25 %.
      taxList: [{ taxRateId: 'vat6', amount: 3_951 }, { taxRateId: 'vat25', amount: 1_000 }],
    });
    expect(history[0].itemVariantCustomFeeBuildRecord.service.price.current).toBe(2_500);
    expect(history[0].createdAt).toBeGreaterThan(history[1].createdAt);
    // The cart is empty again: the bought quantities left it.
    const cart = (await t.app.inject({ method: 'GET', url: '/v1/get/user/shopping_cart', headers })).json();
    expect(cart.itemList).toEqual([]);
  });
});
