import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { start, type StandIn } from '../../../server/payments/standIn/index.ts';

/**
 * The stand-in driven only through the official SDK, typed with the SDK's own types, so a shape
 * that drifts from Stripe's fails here or in the typecheck. Events go to a real receiver that
 * checks them with `stripe.webhooks.constructEvent`.
 */
const webhookSecret = 'whsec_test_stand_in';

interface Receiver {
  url: string;
  events: Stripe.Event[];
  /** Answers 500 to this many deliveries first. */
  failFirst: number;
  rejected: number;
  close(): Promise<void>;
}

async function receiver(): Promise<Receiver> {
  const verifier = new Stripe('sk_test_verifier');
  const state = { events: [] as Stripe.Event[], failFirst: 0, rejected: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      if (state.failFirst > 0) {
        state.failFirst--;
        state.rejected++;
        response.writeHead(500).end();
        return;
      }
      try {
        state.events.push(verifier.webhooks.constructEvent(Buffer.concat(chunks), String(request.headers['stripe-signature']), webhookSecret));
        response.writeHead(200).end('{}');
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  return Object.assign(state, {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as Receiver;
}

let clock = Date.parse('2026-11-24T18:00:00Z');
let standIn: StandIn;
let hooks: Receiver;
let stripe: Stripe;

beforeEach(async () => {
  clock = Date.parse('2026-11-24T18:00:00Z');
  hooks = await receiver();
  standIn = await start({ webhookUrl: hooks.url, webhookSecret, secretKey: 'sk_test_stand_in', now: () => clock });
  stripe = new Stripe('sk_test_stand_in', { host: standIn.host, port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
});

afterEach(async () => {
  await standIn.close();
  await hooks.close();
});

const params = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  ui_mode: 'embedded_page',
  redirect_on_completion: 'never',
  client_reference_id: 'checkout-1',
  customer_email: 'member@aurora.test',
  metadata: { checkoutId: 'checkout-1', brandId: 'aurora' },
  expires_at: Math.floor(clock / 1000) + 31 * 60,
  line_items: [
    { quantity: 2, price_data: { currency: 'sek', unit_amount: 45_000, product_data: { name: 'Jazz night, Stockholm' } } },
    { quantity: 1, price_data: { currency: 'sek', unit_amount: 2_900, product_data: { name: 'Service fee' } } },
  ],
  ...overrides,
});

async function pay(session: Stripe.Checkout.Session, number: string, exp = { month: 12, year: 2030 }, cvc = '123') {
  const form = new URLSearchParams({
    client_secret: session.client_secret!,
    'card[number]': number,
    'card[exp_month]': String(exp.month),
    'card[exp_year]': String(exp.year),
    'card[cvc]': cvc,
    'billing_details[name]': 'Maja Medlem',
    'billing_details[email]': 'member@aurora.test',
  });
  const response = await fetch(`http://${standIn.host}:${standIn.port}/_local/checkout/sessions/${session.id}/pay`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Stripe.Checkout.Session & { error?: { type: string; code: string; decline_code?: string; param?: string } } };
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

describe('the Stripe stand-in through the stripe SDK', () => {
  it('creates an open embedded session with the totals, metadata and expiry it was given, and retrieves it', async () => {
    const created: Stripe.Checkout.Session = await stripe.checkout.sessions.create(params());
    expect(created).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 92_900,
      amount_subtotal: 92_900,
      currency: 'sek',
      ui_mode: 'embedded_page',
      mode: 'payment',
      client_reference_id: 'checkout-1',
      customer_email: 'member@aurora.test',
      metadata: { checkoutId: 'checkout-1', brandId: 'aurora' },
      expires_at: Math.floor(clock / 1000) + 31 * 60,
      payment_intent: null,
      livemode: false,
      url: null,
    });
    expect(created.id).toMatch(/^cs_test_/);
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_`));
    expect(await stripe.checkout.sessions.retrieve(created.id)).toEqual(created);
    const lines = await stripe.checkout.sessions.listLineItems(created.id);
    expect(lines.data.map((l) => [l.description, l.quantity, l.amount_total])).toEqual([
      ['Jazz night, Stockholm', 2, 90_000],
      ['Service fee', 1, 2_900],
    ]);
  });

  it("answers Stripe's errors, which the SDK raises as its own error classes", async () => {
    const refusal = async (p: Stripe.Checkout.SessionCreateParams) => {
      try {
        await stripe.checkout.sessions.create(p);
      } catch (error) {
        return error as Stripe.errors.StripeError;
      }
      throw new Error('created');
    };
    const tooShort = await refusal(params({ expires_at: Math.floor(clock / 1000) + 10 * 60 }));
    expect(tooShort).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([tooShort.statusCode, tooShort.param]).toEqual([400, 'expires_at']);
    expect((await refusal(params({ expires_at: Math.floor(clock / 1000) + 25 * 3600 }))).param).toBe('expires_at');
    expect((await refusal(params({ ui_mode: 'embedded' as never }))).param).toBe('ui_mode');
    expect((await refusal(params({ redirect_on_completion: undefined }))).param).toBe('return_url');
    const noLines = await refusal(params({ line_items: [] }));
    expect([noLines.code, noLines.param]).toEqual(['parameter_missing', 'line_items']);
    const mixed = await refusal(
      params({
        line_items: [
          { quantity: 1, price_data: { currency: 'sek', unit_amount: 100, product_data: { name: 'a' } } },
          { quantity: 1, price_data: { currency: 'nok', unit_amount: 100, product_data: { name: 'b' } } },
        ],
      }),
    );
    expect(mixed.param).toBe('line_items[1][price_data][currency]');
    expect((await refusal(params({ line_items: [{ quantity: 0, price_data: { currency: 'sek', unit_amount: 1, product_data: { name: 'a' } } }] }))).param).toBe(
      'line_items[0][quantity]',
    );

    const missing = await stripe.checkout.sessions.retrieve('cs_test_nothing').catch((e: Stripe.errors.StripeError) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([(missing as Stripe.errors.StripeError).statusCode, (missing as Stripe.errors.StripeError).code]).toEqual([404, 'resource_missing']);

    const anonymous = new Stripe('pk_test_not_a_secret', { host: standIn.host, port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
    const unauthorised = await anonymous.checkout.sessions.create(params()).catch((e: Stripe.errors.StripeError) => e);
    expect(unauthorised).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });

  it('replays an idempotent create, and refuses the key with other parameters', async () => {
    const first = await stripe.checkout.sessions.create(params(), { idempotencyKey: 'checkout-1' });
    const again = await stripe.checkout.sessions.create(params(), { idempotencyKey: 'checkout-1' });
    expect(again.id).toBe(first.id);
    const other = await stripe.checkout.sessions
      .create(params({ client_reference_id: 'checkout-2' }), { idempotencyKey: 'checkout-1' })
      .catch((e: Stripe.errors.StripeError) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((await stripe.checkout.sessions.create(params(), { idempotencyKey: 'checkout-2' })).id).not.toBe(first.id);
  });

  it('pays with 4242…: the session completes and a signed checkout.session.completed arrives before the form hears back', async () => {
    const session = await stripe.checkout.sessions.create(params());
    const paid = await pay(session, '4242 4242 4242 4242');
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid' });
    expect(paid.body.payment_intent).toMatch(/^pi_/);
    expect(hooks.events.map((e) => e.type)).toEqual(['checkout.session.completed']);
    const event = hooks.events[0]! as Stripe.CheckoutSessionCompletedEvent;
    expect(event.data.object).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid', metadata: { checkoutId: 'checkout-1' } });
    expect(event.api_version).toBe(Stripe.API_VERSION);
    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved.customer_details?.email).toBe('member@aurora.test');
    // A paid session cannot be paid again or expired.
    expect((await pay(session, '4242424242424242')).body.error?.code).toBe('checkout_session_not_open');
    const expire = await stripe.checkout.sessions.expire(session.id).catch((e: Stripe.errors.StripeError) => e);
    expect(expire).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'generic_decline'],
    ['4000 0000 0000 9995', 'card_declined', 'insufficient_funds'],
    ['4000 0000 0000 0069', 'expired_card', undefined],
    ['4000 0000 0000 0127', 'incorrect_cvc', undefined],
    ['4242 4242 4242 4241', 'incorrect_number', undefined],
  ])('%s is refused with %s (%s) and the session stays open', async (number, code, declineCode) => {
    const session = await stripe.checkout.sessions.create(params());
    const refused = await pay(session, number);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({ type: 'card_error', code });
    expect(refused.body.error?.decline_code).toBe(declineCode);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(hooks.events).toEqual([]);
    expect((await pay(session, '4242424242424242')).status).toBe(200);
  });

  it('refuses a card past its expiry month and a wrong client secret', async () => {
    const session = await stripe.checkout.sessions.create(params());
    expect((await pay(session, '4242424242424242', { month: 10, year: 2026 })).body.error?.code).toBe('invalid_expiry_year');
    const wrongSecret = await pay({ ...session, client_secret: `${session.id}_secret_guess` }, '4242424242424242');
    expect([wrongSecret.status, wrongSecret.body.error?.code]).toEqual([404, 'resource_missing']);
  });

  it('expires an open session on request and tells the webhook', async () => {
    const session = await stripe.checkout.sessions.create(params());
    const expired: Stripe.Checkout.Session = await stripe.checkout.sessions.expire(session.id);
    expect(expired.status).toBe('expired');
    await waitFor(() => hooks.events.length === 1);
    expect(hooks.events[0]!.type).toBe('checkout.session.expired');
    expect((await pay(session, '4242424242424242')).body.error?.code).toBe('checkout_session_not_open');
  });

  it('lapses a session at expires_at by itself, with the expired event, even if nobody asks', async () => {
    const session = await stripe.checkout.sessions.create(params());
    clock += 31 * 60_000;
    await waitFor(() => hooks.events.length === 1);
    expect(hooks.events[0]).toMatchObject({ type: 'checkout.session.expired', data: { object: { id: session.id, status: 'expired' } } });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
  });

  it('delivers again after the receiver fails', async () => {
    hooks.failFirst = 2;
    const session = await stripe.checkout.sessions.create(params());
    await stripe.checkout.sessions.expire(session.id);
    await waitFor(() => hooks.events.length === 1);
    expect(hooks.rejected).toBe(2);
  });

  it('refunds a payment it took, once, and nothing it did not take', async () => {
    const session = await stripe.checkout.sessions.create(params());
    const { body } = await pay(session, '4242424242424242');
    const refund: Stripe.Refund = await stripe.refunds.create({ payment_intent: String(body.payment_intent) }, { idempotencyKey: 'refund-1' });
    expect(refund).toMatchObject({ object: 'refund', amount: 92_900, currency: 'sek', status: 'succeeded', payment_intent: body.payment_intent });
    expect((await stripe.refunds.create({ payment_intent: String(body.payment_intent) }, { idempotencyKey: 'refund-1' })).id).toBe(refund.id);
    const twice = await stripe.refunds.create({ payment_intent: String(body.payment_intent) }).catch((e: Stripe.errors.StripeError) => e);
    expect(twice).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const unknown = await stripe.refunds.create({ payment_intent: 'pi_unknown' }).catch((e: Stripe.errors.StripeError) => e);
    expect((unknown as Stripe.errors.StripeError).statusCode).toBe(404);
    // Every refund is told to the webhook as Stripe tells it: charge.refunded, fully refunded now.
    await vi.waitFor(() => expect(hooks.events.map((e) => e.type)).toContain('charge.refunded'), { timeout: 10_000 });
    const charge = hooks.events.find((e) => e.type === 'charge.refunded')!.data.object as Stripe.Charge;
    expect(charge).toMatchObject({ object: 'charge', payment_intent: body.payment_intent, amount: 92_900, amount_refunded: 92_900, refunded: true });
  });

  it('accepts only the secret key it was started with: a made-up sk_test_ key reads, pays and refunds nothing', async () => {
    const session = await stripe.checkout.sessions.create(params());
    const { body } = await pay(session, '4242424242424242');
    const stranger = new Stripe('sk_test_made_up_by_someone', { host: standIn.host, port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
    const attempts = [
      stranger.checkout.sessions.retrieve(session.id),
      stranger.checkout.sessions.create(params()),
      stranger.checkout.sessions.expire(session.id),
      stranger.refunds.create({ payment_intent: String(body.payment_intent) }),
    ];
    for (const attempt of attempts) {
      const error = (await attempt.catch((e: Stripe.errors.StripeError) => e)) as Stripe.errors.StripeError;
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(error.statusCode).toBe(401);
      // Never the client secret or the session in the answer.
      expect(JSON.stringify(error.raw)).not.toContain(session.client_secret!);
    }
    // The payment stands: the right key still refunds it in full.
    expect((await stripe.refunds.create({ payment_intent: String(body.payment_intent) })).amount).toBe(92_900);
  });
});
