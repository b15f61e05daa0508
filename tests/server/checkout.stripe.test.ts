import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payments } from '../../server/payments/index.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember, makeOffer } from './support/factories.ts';
import { makeCustomFee, makeTaxRate, makeVariant } from './support/commerceFactories.ts';
import { fillCart } from './checkout.helpers.ts';

/*
 * The real-Stripe configuration, offline: what the server asks of Stripe when it opens a session
 * (recorded by a local HTTP endpoint in Stripe's place), the config and CSP the app gets, and
 * webhook signatures made with a locally made endpoint secret.
 */

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

let t: TestApp;
let server: Server;
const recorded: Recorded[] = [];
let headers: Record<string, string>;
let uid: string;
const webhookSecret = 'whsec_offline_test_secret';
let sessionsMade = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      recorded.push({ method: req.method!, path: req.url!, headers: req.headers, form });
      let total = 0;
      for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
        total += Number(form.get(`line_items[${i}][quantity]`)) * Number(form.get(`line_items[${i}][price_data][unit_amount]`));
      }
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_offline' });
      // Each session its own id, as Stripe gives (the first is the one the tests below name).
      sessionsMade += 1;
      res.end(JSON.stringify({
        id: sessionsMade === 1 ? 'cs_test_offline' : `cs_test_offline_${sessionsMade}`, object: 'checkout.session', status: 'open', payment_status: 'unpaid', client_secret: 'cs_test_offline_secret_x',
        amount_total: total, currency: form.get('line_items[0][price_data][currency]'), expires_at: Number(form.get('expires_at')), ui_mode: form.get('ui_mode'),
      }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const payments: Payments = {
    kind: 'stripe',
    stripe: new Stripe('sk_test_offline', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }),
    publishableKey: 'pk_test_offline',
    webhookSecret,
    close: async () => undefined,
  };
  t = await createTestApp({ payments });
  const aurora = await makeBrand(t.db, 'aurora', ['localhost', 'aurora.localhost']);
  await makeTaxRate(t.db, 'aurora', 'vat6', 6);
  await makeCustomFee(t.db, 'aurora', 'service', 2_500, ['vat6']);
  await makeOffer(t.db, 'aurora', 'concert', { type: 'live', itemVariantType: 'ticket', title: 'Nordlys live' });
  await makeVariant(t.db, 'aurora', 'concert', 'evening', { title: 'Standing', priceCurrent: 34_900, priceOriginal: 39_900, customFeeIds: ['service'], taxRateIds: ['vat6'] });
  await makeOffer(t.db, 'aurora', 'fjord', { type: 'live', itemVariantType: 'ticket', title: 'the Fjord Lines tour', localized: { title: { sv: 'Fjord Lines-turnén', nb: 'Fjord Lines-turneen' } } });
  await makeVariant(t.db, 'aurora', 'fjord', 'fjord-standing', { title: 'Standing', localized: { title: { sv: 'Ståplats', nb: 'Ståplass' } }, taxRateIds: ['vat6'] });
  uid = await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test' });
  headers = { host: 'aurora.localhost:8080', 'x-app-url': 'http://aurora.localhost:8080/checkout', authorization: `Bearer ${await t.idTokenFor('aurora-tenant', 'member@aurora.test')}` };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('with Stripe configured', () => {
  it('answers the publishable key and lets the app load Stripe (CSP)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/get/checkout/config' });
    expect(response.json()).toEqual({ publishableKey: 'pk_test_offline', provider: 'stripe' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  });

  it('opens an embedded Checkout Session for exactly the cart, with an idempotency key and the hold\'s expiry', async () => {
    await fillCart(t.db, 'aurora', uid, [{ itemVariantId: 'evening', offerId: 'concert', quantity: 2 }]);
    const before = Date.now();
    const response = await t.app.inject({ method: 'POST', url: '/v1/payment/checkout', headers, payload: { testMode: true } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 'cs_test_offline', clientSecret: 'cs_test_offline_secret_x', amountTotal: 2 * 37_400, currency: 'SEK' });
    const create = recorded.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(create.method).toBe('POST');
    expect(create.headers['idempotency-key']).toMatch(/^checkout-create-[0-9a-f-]{36}$/);
    expect(create.headers['stripe-version']).toBe(Stripe.API_VERSION);
    const form = Object.fromEntries(create.form);
    expect(form).toMatchObject({
      ui_mode: 'embedded_page',
      mode: 'payment',
      redirect_on_completion: 'if_required',
      return_url: 'http://aurora.localhost:8080/checkout?session_id={CHECKOUT_SESSION_ID}',
      customer_email: 'member@aurora.test',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'sek',
      'line_items[0][price_data][unit_amount]': '37400',
      'line_items[0][price_data][product_data][name]': 'Nordlys live: Standing',
      'metadata[brandId]': 'aurora',
    });
    const expiresAt = Number(form.expires_at) * 1000;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 32 * 60_000);
  });

  it.each([
    ['sv-SE,sv;q=0.9', 'sv', 'Fjord Lines-turnén: Ståplats'],
    ['nb-NO', 'nb', 'Fjord Lines-turneen: Ståplass'],
    ['en-US', 'en', 'the Fjord Lines tour: Standing'],
  ])("names the lines on Stripe's page in the member's language (%s) and asks for its locale", async (acceptLanguage, locale, name) => {
    await fillCart(t.db, 'aurora', uid, [{ itemVariantId: 'fjord-standing', offerId: 'fjord', quantity: 1 }]);
    recorded.length = 0;
    const response = await t.app.inject({ method: 'POST', url: '/v1/payment/checkout', headers: { ...headers, 'accept-language': acceptLanguage }, payload: { testMode: true } });
    expect(response.statusCode, response.body).toBe(200);
    const form = Object.fromEntries(recorded.find((r) => r.path === '/v1/checkout/sessions')!.form);
    expect(form).toMatchObject({ locale, 'line_items[0][price_data][product_data][name]': name });
  });

  it('verifies webhook signatures with the endpoint secret (Stripe\'s scheme, 300 s tolerance)', async () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.created', data: { object: {} } });
    const send = (signature: string) =>
      t.app.inject({ method: 'POST', url: '/v1/payment/webhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
    expect((await send(Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }))).json()).toEqual({ received: true });
    const old = Math.floor(Date.now() / 1000) - 400;
    expect((await send(Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp: old }))).statusCode).toBe(400);
    expect((await send(Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }))).statusCode).toBe(400);
    expect((await send('t=1,v1=00')).statusCode).toBe(400);
  });

  it('does not serve the embedded card form', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/v1/payment/local/confirm', headers,
      payload: { stripeCheckoutSessionId: 'cs_test_offline', clientSecret: 'x', name: 'N', email: 'n@example.com', cardNumber: '4242424242424242', expMonth: 1, expYear: 30, cvc: '123' },
    });
    expect(response.statusCode).toBe(404);
  });
});
