import { asc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema/index.ts';
import type { Language } from '../../domain/language.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { freshAddress, makeAccountBrands } from './accounts.helpers.ts';
import { fillCart, makeConcert, offlinePayments, ordersOf, providerSession, reserveOpen, signedEvent } from './checkout.helpers.ts';
import { signedInMembers, type SignedInMember } from './promo.helpers.ts';

/*
 * Issue 23: every mail to a member is in the language they chose in the app, read when the mail
 * is written; until they choose, in the app's language of the request the mail follows from
 * (kept with the checkout or the waiting-list entry). The reset mail finds the member by e-mail.
 */

const webhookSecret = 'whsec_test_member_language';
const payments = offlinePayments(webhookSecret);
const adminToken = 'operator-token-of-the-language-test';
const brandId = 'aurora';
const appUrl = 'http://localhost:8080';
let t: TestApp;
const clock = Date.now();
let members: SignedInMember[];

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, payments, adminToken });
  const { aurora } = await makeAccountBrands(t);
  await makeConcert(t.db, brandId, [['bought', 10], ['dashboard', 10], ['full', 2]]);
  members = await signedInMembers(t, aurora, appUrl, 10, 'speaker');
}, 60_000);
afterAll(() => t?.close());

const emailOf = (m: SignedInMember) => `${m.uid.replace(`-${brandId}-`, '-')}@${brandId}.test`;
const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));
const subjectsTo = async (m: SignedInMember) => (await mailsTo(emailOf(m))).map((mail) => mail.subject);
/** A request of the member's app, whose language is `appLanguage` (the Accept-Language it sends). */
const api = (m: SignedInMember, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, appLanguage: Language = 'en') =>
  t.app.inject({ method, url, remoteAddress: freshAddress(), headers: { ...m.headers, 'accept-language': appLanguage }, ...(payload ? { payload } : {}) });
const choose = async (m: SignedInMember, language: Language) => {
  const answer = await api(m, 'PUT', '/v1/update/user', { language });
  expect(answer.json()).toMatchObject({ language });
};
const webhook = (type: 'checkout.session.completed' | 'checkout.session.expired' | 'charge.refunded', object: Stripe.Checkout.Session | Stripe.Charge) => {
  const { payload, headers } = signedEvent(webhookSecret, type, object);
  return t.app.inject({ method: 'POST', url: '/v1/payment/webhook', payload, headers });
};
/** The member buys `quantity` of the variant from an app in `appLanguage`; answers the order and its session. */
async function buy(m: SignedInMember, itemVariantId: string, appLanguage: Language, quantity = 1) {
  await fillCart(t.db, brandId, m.uid, [{ itemVariantId, offerId: 'concert', quantity }]);
  const row = await reserveOpen(t.db, brandId, m.uid, clock, appLanguage);
  const paid = providerSession(row, 'complete');
  expect((await webhook('checkout.session.completed', paid)).statusCode).toBe(200);
  const [order] = await ordersOf(t.db, brandId, row.id);
  return { order: order!, paymentIntent: String(paid.payment_intent), amount: row.amountTotal };
}

describe('order mails', () => {
  it('confirm in the chosen language over the app language, and cancel in the language chosen since', async () => {
    const [chooser, undecided] = [members[0]!, members[1]!];
    await choose(chooser, 'nb');
    const { order } = await buy(chooser, 'bought', 'sv');
    // Until a member chooses, the app's language at checkout decides.
    await buy(undecided, 'bought', 'sv');
    expect(await subjectsTo(chooser)).toEqual(['Din bestilling hos Aurora']);
    expect(await subjectsTo(undecided)).toEqual(['Din beställning hos Aurora']);

    // After buying, the member switches to Swedish: the operator's cancellation comes in Swedish.
    await choose(chooser, 'sv');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/admin/orders/cancel',
      remoteAddress: '127.0.0.1',
      headers: { 'x-klubb-admin-token': adminToken },
      payload: { brandId, orderId: order.id },
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelledNow: true });
    const mails = await mailsTo(emailOf(chooser));
    expect(mails.map((mail) => mail.subject)).toEqual(['Din bestilling hos Aurora', `Din beställning ${order.reference} hos Aurora är avbokad`]);
    expect(mails[1]!.text).toContain('biljetterna gäller inte längre');
  });

  it('tell of a refund at the provider in the language chosen after buying', async () => {
    const buyer = members[2]!;
    const { order, paymentIntent, amount } = await buy(buyer, 'dashboard', 'en', 2);
    await choose(buyer, 'nb');
    const charge = {
      id: `ch_${paymentIntent.slice(3)}`,
      object: 'charge',
      payment_intent: paymentIntent,
      amount,
      amount_refunded: amount,
      refunded: true,
      currency: 'sek',
      refunds: { object: 'list', data: [{ id: `re_${paymentIntent.slice(3)}`, object: 'refund' }] },
    } as unknown as Stripe.Charge;
    expect((await webhook('charge.refunded', charge)).statusCode).toBe(200);
    expect(await subjectsTo(buyer)).toEqual(['Your Aurora order', `Bestillingen din ${order.reference} hos Aurora er refundert`]);
  });
});

describe('the waiting-list offer', () => {
  it('comes in the language chosen after joining; without a choice, in the app language of the join', async () => {
    const [holder, chooser, undecided] = [members[3]!, members[4]!, members[5]!];
    await fillCart(t.db, brandId, holder.uid, [{ itemVariantId: 'full', offerId: 'concert', quantity: 2 }]);
    const held = await reserveOpen(t.db, brandId, holder.uid, clock);
    for (const m of [chooser, undecided]) {
      expect((await api(m, 'POST', '/v1/join/waiting_list', { itemVariantId: 'full' }, 'sv')).json()).toMatchObject({ status: 'waiting' });
    }
    await choose(chooser, 'nb');
    expect((await webhook('checkout.session.expired', providerSession(held, 'expired'))).statusCode).toBe(200);
    expect(await subjectsTo(chooser)).toEqual(['En plass er ledig for deg hos Aurora']);
    expect(await subjectsTo(undecided)).toEqual(['En plats är ledig för dig hos Aurora']);
  });
});

describe('the password reset mail', () => {
  const askReset = (email: string, appLanguage?: Language) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/password_reset/user',
      remoteAddress: freshAddress(),
      headers: { host: 'localhost:8080', 'x-app-url': appUrl, ...(appLanguage ? { 'accept-language': appLanguage } : {}) },
      payload: { email, appUrl: `${appUrl}/forgotpassword` },
    });

  it("finds the member by e-mail and writes in their chosen language, else the app's", async () => {
    const [chooser, undecided] = [members[6]!, members[7]!];
    await choose(chooser, 'sv');
    // Asked from an English app: the member chose Swedish.
    const toChooser = await askReset(emailOf(chooser).toUpperCase(), 'en');
    const toUndecided = await askReset(emailOf(undecided), 'nb');
    // The answers are alike: nothing tells one member from the other.
    expect([toChooser.statusCode, toChooser.body]).toEqual([200, '{}']);
    expect([toUndecided.statusCode, toUndecided.body]).toEqual([200, '{}']);
    const [sv] = await mailsTo(emailOf(chooser));
    expect(sv).toMatchObject({ subject: 'Återställ ditt lösenord hos Aurora' });
    expect(sv!.text).toContain('Öppna länken inom en timme');
    expect(sv!.html).toContain('>Välj ett nytt lösenord</a>');
    expect(sv!.text).toMatch(/^http:\/\/localhost:8080\/password_reset\/[A-Za-z0-9_-]{43}$/m);
    const [nb] = await mailsTo(emailOf(undecided));
    expect(nb).toMatchObject({ subject: 'Tilbakestill passordet ditt hos Aurora' });
    expect(nb!.text).toContain('Åpne lenken innen én time');
  });

  it('writes to an account without a profile in the app language, and still mails nothing for an unknown address', async () => {
    const email = 'identity-only@aurora.test';
    await t.identity.createAccount({ tenantId: 'aurora-tenant', email, password: 'Password1' });
    expect((await askReset(email, 'sv')).statusCode).toBe(200);
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual(['Återställ ditt lösenord hos Aurora']);
    const before = (await t.db.select().from(mailOutbox)).length;
    expect((await askReset('nobody-here@aurora.test', 'sv')).json()).toMatchObject({ status: 404, code: 'password_reset_user_not_found' });
    expect(await t.db.select().from(mailOutbox)).toHaveLength(before);
  });
});
