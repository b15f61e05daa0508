import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkoutSessions } from '../../server/db/schema/index.ts';
import { checkoutLifetimeMs } from '../../server/commerce/checkout.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from './support/paymentsApp.ts';
import { makeBrand, makeMember, makeOffer } from './support/factories.ts';
import { makeVariant } from './support/commerceFactories.ts';
import { availability } from './checkout.helpers.ts';

/*
 * An abandoned checkout, with the server's and the provider's clocks moved together: the stock
 * comes back at the hold's expiry before anything is told, and the provider's own lapse then
 * settles the session through its signed `checkout.session.expired` event.
 */

let t: PaymentsTestApp;
let clock = Date.now();
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createPaymentsTestApp({ now: () => clock });
  const aurora = await makeBrand(t.db, 'aurora', ['localhost']);
  await makeOffer(t.db, 'aurora', 'concert', { type: 'live', itemVariantType: 'ticket' });
  await makeVariant(t.db, 'aurora', 'concert', 'last', { stock: 2, dateEnd: new Date(Date.now() + 30 * 24 * 3_600_000) });
  await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test' });
  headers = { 'x-app-url': 'http://localhost:8080', authorization: `Bearer ${await t.idTokenFor('aurora-tenant', 'member@aurora.test')}` };
}, 60_000);
afterAll(() => t?.close());

describe('an abandoned checkout', () => {
  it('frees its stock at the hold expiry without any event, and is settled as expired by the provider lapse', async () => {
    await t.app.inject({ method: 'PUT', url: '/v1/update/user/shopping_cart', headers, payload: { shopingCartItemList: [{ itemVariantId: 'last', offerId: 'concert', quantity: 2 }] } });
    const session = (await t.app.inject({ method: 'POST', url: '/v1/payment/checkout', headers, payload: {} })).json();
    expect((await availability(t, 'concert', headers)).last).toBe(0);
    clock += checkoutLifetimeMs + 1_000;
    expect((await availability(t, 'concert', headers)).last).toBe(2);
    // The provider notices its own lapse (it checks every second) and tells the webhook.
    const deadline = Date.now() + 5_000;
    let status = '';
    while (Date.now() < deadline) {
      status = (await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.providerSessionId, session.id)))[0]!.status;
      if (status === 'expired') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe('expired');
    const paid = await t.app.inject({
      method: 'POST', url: '/v1/payment/local/confirm', headers,
      payload: { stripeCheckoutSessionId: session.id, clientSecret: session.clientSecret, name: 'N', email: 'n@example.com', cardNumber: '4242424242424242', expMonth: 12, expYear: 40, cvc: '123' },
    });
    expect(paid.json()).toMatchObject({ status: 409, code: 'checkout/session-not-open' });
  });
});
