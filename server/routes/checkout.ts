import { Type } from 'typebox';
import type Stripe from 'stripe';
import { ApiError } from '../errors.ts';
import { memberLinkOrigin } from '../mail/mail.ts';
import { mailLanguageOf } from '../mail/orderMail.ts';
import { requestAppUrl } from '../plugins/memberContext.ts';
import { findCheckoutByProviderId, orderHistory } from '../repositories/checkout.repository.ts';
import { ApiErrorBody } from '../../contract/common.ts';
import {
  CheckoutConfig,
  CheckoutOutcome,
  CheckoutSession,
  CompleteCheckoutBody,
  ExpireCheckoutBody,
  LocalCardPaymentBody,
  OrderHistory,
  TestModeBody,
} from '../../contract/checkout.ts';
import { checkoutRefusals, expireCheckout, openCheckout, outcomeOf, sessionNotFound, settleCheckout, type CheckoutDeps } from '../payments/checkout.ts';
import type { Payments } from '../payments/index.ts';
import type { App, RouteDeps } from './types.ts';

const CheckoutConfigQuery = Type.Object({ testMode: Type.Optional(Type.Boolean()) });
const WebhookReceived = Type.Object({ received: Type.Boolean() });

/** Stripe's card refusals, answered as 402 with Stripe's own code (our card form shows the spec's message for each). */
const cardErrorCodes = new Set(['incorrect_number', 'card_declined', 'insufficient_funds', 'expired_card', 'incorrect_cvc']);

/**
 * The one of our five codes for a Stripe card error: insufficient funds is Stripe's
 * `card_declined` with that `decline_code`; an invalid CVC or a past expiry count as the
 * incorrect CVC and the expired card; any other refusal is a declined card.
 */
export function cardErrorCode(code: string | undefined, declineCode: string | undefined): string {
  if (code === 'card_declined' && declineCode === 'insufficient_funds') return 'insufficient_funds';
  if (code === 'invalid_cvc') return 'incorrect_cvc';
  if (code === 'invalid_expiry_year' || code === 'invalid_expiry_month') return 'expired_card';
  if (code === 'invalid_number') return 'incorrect_number';
  return code && cardErrorCodes.has(code) ? code : 'card_declined';
}

const notConfigured = () => new ApiError(503, 'checkout/unavailable', 'Card payments are not configured on this server');

/**
 * The checkout and order API (spec 4, 6): sessions with stock holds, the provider's webhook,
 * settling on the client's word, the embedded provider's card form, and the order history.
 */
export async function checkoutRoutes(app: App, deps: RouteDeps & { payments?: Payments; checkout?: CheckoutDeps }) {
  const { db, requireMember, payments, checkout } = deps;
  const need = () => {
    if (!payments || !checkout) throw notConfigured();
    return { payments, checkout };
  };

  app.get(
    '/v1/get/checkout/config',
    { schema: { querystring: CheckoutConfigQuery, response: { 200: CheckoutConfig, '4xx': ApiErrorBody, '5xx': ApiErrorBody } } },
    async () => {
      const { payments: p } = need();
      return { publishableKey: p.publishableKey, provider: p.kind };
    },
  );

  app.post(
    '/v1/payment/checkout',
    { preHandler: requireMember, schema: { body: TestModeBody, response: { 200: CheckoutSession, '4xx': ApiErrorBody, '5xx': ApiErrorBody } } },
    async (request) => {
      const { checkout: c } = need();
      const { brand, token } = request.member;
      const appUrl = requestAppUrl(request);
      const origin = memberLinkOrigin(appUrl, brand);
      return openCheckout(c, { brandId: brand.id, userId: token.uid, language: mailLanguageOf(request.headers['accept-language']) }, origin);
    },
  );

  app.post(
    '/v1/expire/checkout',
    { preHandler: requireMember, schema: { body: ExpireCheckoutBody, response: { 200: CheckoutOutcome, '4xx': ApiErrorBody, '5xx': ApiErrorBody } } },
    async (request) => {
      const { checkout: c } = need();
      const { brand, token } = request.member;
      const row = await findCheckoutByProviderId(db, request.body.stripeCheckoutSessionId, { brandId: brand.id, userId: token.uid });
      if (!row) throw sessionNotFound();
      return expireCheckout(c, row);
    },
  );

  app.post(
    '/v1/payment/checkout/complete',
    { preHandler: requireMember, schema: { body: CompleteCheckoutBody, response: { 200: CheckoutOutcome, '4xx': ApiErrorBody, '5xx': ApiErrorBody } } },
    async (request) => {
      const { payments: p, checkout: c } = need();
      const { brand, token } = request.member;
      const owner = { brandId: brand.id, userId: token.uid };
      const row = await findCheckoutByProviderId(db, request.body.stripeCheckoutSessionId, owner);
      if (!row || !row.providerSessionId) throw sessionNotFound();
      if (row.status === 'complete' || row.status === 'refunded') return outcomeOf(db, row);
      // Also when we saw it expire: a payment the provider took late is settled (order or refund) now.
      const session = await p.stripe.checkout.sessions.retrieve(row.providerSessionId);
      return (await settleCheckout(c, session, owner)) ?? outcomeOf(db, row);
    },
  );

  app.post(
    '/v1/payment/local/confirm',
    {
      preHandler: requireMember,
      schema: { body: LocalCardPaymentBody, response: { 200: CheckoutOutcome, '4xx': ApiErrorBody, '5xx': ApiErrorBody } },
    },
    async (request) => {
      const { payments: p, checkout: c } = need();
      if (p.kind !== 'local' || !p.localBaseUrl) throw new ApiError(404, 'not_found', 'The card form is only served with the embedded payments provider');
      const { brand, token } = request.member;
      const owner = { brandId: brand.id, userId: token.uid };
      const body = request.body;
      const row = await findCheckoutByProviderId(db, body.stripeCheckoutSessionId, owner);
      if (!row || !row.providerSessionId || row.status !== 'open' || row.expiresAt.getTime() <= c.now()) throw checkoutRefusals.notOpen();
      const form = new URLSearchParams({
        client_secret: body.clientSecret,
        'card[number]': body.cardNumber.replace(/\s+/g, ''),
        'card[exp_month]': String(body.expMonth),
        'card[exp_year]': String(2000 + body.expYear),
        'card[cvc]': body.cvc,
        'billing_details[name]': body.name,
        'billing_details[email]': body.email,
      });
      let response: Response;
      try {
        response = await fetch(`${p.localBaseUrl}/_local/checkout/sessions/${encodeURIComponent(row.providerSessionId)}/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(20_000),
        });
      } catch {
        throw new ApiError(502, 'checkout/provider-unavailable', 'The payment provider could not be reached; try again');
      }
      const answer = (await response.json().catch(() => null)) as (Stripe.Checkout.Session & { error?: undefined }) | { error?: { type?: string; code?: string; decline_code?: string; message?: string } } | null;
      if (!response.ok) {
        const error = answer && 'error' in answer ? answer.error : undefined;
        if (response.status === 402 && error?.type === 'card_error') {
          throw new ApiError(402, cardErrorCode(error.code, error.decline_code), error.message ?? 'Your card was declined.');
        }
        if (response.status >= 400 && response.status < 500) throw checkoutRefusals.notOpen();
        throw new ApiError(502, 'checkout/provider-unavailable', 'The payment provider could not be reached; try again');
      }
      return (await settleCheckout(c, answer as Stripe.Checkout.Session, owner)) ?? outcomeOf(db, row);
    },
  );

  app.get(
    '/v1/get_list/order_history',
    { preHandler: requireMember, schema: { response: { 200: OrderHistory, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand, token } = request.member;
      return orderHistory(db, brand.id, token.uid);
    },
  );

  // The provider's events: the raw body is what the signature covers, so this scope keeps it unparsed.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(
      '/v1/payment/webhook',
      { schema: { response: { 200: WebhookReceived, '4xx': ApiErrorBody, '5xx': ApiErrorBody } } },
      async (request) => {
        const { payments: p, checkout: c } = need();
        const signature = request.headers['stripe-signature'];
        const raw = Buffer.isBuffer(request.body) ? request.body : null;
        if (typeof signature !== 'string' || !raw) throw new ApiError(400, 'webhook/signature-invalid', 'The Stripe-Signature header is missing or does not match');
        let event: Stripe.Event;
        try {
          event = p.stripe.webhooks.constructEvent(raw, signature, p.webhookSecret);
        } catch {
          throw new ApiError(400, 'webhook/signature-invalid', 'The Stripe-Signature header is missing or does not match');
        }
        if (
          event.type === 'checkout.session.completed' ||
          event.type === 'checkout.session.async_payment_succeeded' ||
          event.type === 'checkout.session.expired'
        ) {
          // A failure here answers 5xx: the provider delivers the event again.
          await settleCheckout(c, event.data.object);
        }
        return { received: true };
      },
    );
  });
}
