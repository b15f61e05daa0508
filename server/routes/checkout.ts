import { Type } from 'typebox';
import { ApiErrorBody } from '../../contract/common.ts';
import {
  CheckoutConfig,
  CheckoutOutcome,
  CheckoutSession,
  CheckoutStatusQuery,
  CompleteCheckoutBody,
  ExpireCheckoutBody,
  LocalCardPaymentBody,
  OrderHistory,
  TestModeBody,
} from '../../contract/checkout.ts';
import { languageOf } from '../../domain/language.ts';
import { ApiError } from '../errors.ts';
import { memberLinkOrigin } from '../mail/mail.ts';
import { requestAppUrl } from '../plugins/memberContext.ts';
import { textLanguages } from '../language.ts';
import type { App, RouteDeps } from './types.ts';
import { appPortOf } from '../mail/appPort.ts';

const CheckoutConfigQuery = Type.Object({ testMode: Type.Optional(Type.Boolean()) });
const WebhookReceived = Type.Object({ received: Type.Boolean() });

const notConfigured = () => new ApiError(503, 'checkout/unavailable', 'Card payments are not configured on this server');

/**
 * The checkout and order API (spec 4, 6; docs/checkout.md): sessions with stock holds, the
 * provider's webhook, settling on the client's word, the embedded provider's card form, and the
 * order history. The rules live in server/commerce.
 */
export async function checkoutRoutes(app: App, deps: RouteDeps) {
  const { requireMember, checkout } = deps;
  const member = (request: { member: { brand: { id: string }; token: { uid: string } } }) => ({ brandId: request.member.brand.id, userId: request.member.token.uid });

  app.get(
    '/v1/get/checkout/config',
    { schema: { querystring: CheckoutConfigQuery, response: { 200: CheckoutConfig, '4xx': ApiErrorBody, '5xx': ApiErrorBody } } },
    async () => {
      const config = checkout.config();
      if (!config) throw notConfigured();
      return config;
    },
  );

  app.post(
    '/v1/payment/checkout',
    { preHandler: requireMember, schema: { body: TestModeBody, response: { 200: CheckoutSession, '4xx': ApiErrorBody, '5xx': ApiErrorBody } } },
    async (request) => {
      const origin = memberLinkOrigin(requestAppUrl(request), request.member.brand, appPortOf(request.server));
      const buyer = {
        ...member(request),
        language: languageOf(request.headers['accept-language']),
        clientAddress: request.ip,
        holdCeilingMinutes: request.member.brand.settings.checkoutHoldMinutes,
      };
      return checkout.open(buyer, origin);
    },
  );

  app.post(
    '/v1/expire/checkout',
    { preHandler: requireMember, schema: { body: ExpireCheckoutBody, response: { 200: CheckoutOutcome, '4xx': ApiErrorBody, '5xx': ApiErrorBody } } },
    async (request) => checkout.expire(member(request), request.body.stripeCheckoutSessionId),
  );

  app.post(
    '/v1/payment/checkout/complete',
    { preHandler: requireMember, schema: { body: CompleteCheckoutBody, response: { 200: CheckoutOutcome, '4xx': ApiErrorBody, '5xx': ApiErrorBody } } },
    async (request) => checkout.complete(member(request), request.body.stripeCheckoutSessionId),
  );

  app.get(
    '/v1/get/checkout/status',
    { preHandler: requireMember, schema: { querystring: CheckoutStatusQuery, response: { 200: CheckoutOutcome, '4xx': ApiErrorBody } } },
    async (request) => checkout.status(member(request), request.query.stripeCheckoutSessionId),
  );

  app.post(
    '/v1/payment/local/confirm',
    { preHandler: requireMember, schema: { body: LocalCardPaymentBody, response: { 200: CheckoutOutcome, '4xx': ApiErrorBody, '5xx': ApiErrorBody } } },
    async (request) => checkout.payByCard(member(request), request.body),
  );

  app.get(
    '/v1/get_list/order_history',
    { preHandler: requireMember, schema: { response: { 200: OrderHistory, '4xx': ApiErrorBody } } },
    async (request) => checkout.orders(member(request), textLanguages(request, request.member.brand)),
  );

  // The provider's events: the raw body is what the signature covers, so this scope keeps it unparsed.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    scope.post('/v1/payment/webhook', { schema: { response: { 200: WebhookReceived, '4xx': ApiErrorBody, '5xx': ApiErrorBody } } }, async (request) => {
      const outcome = await checkout.receivePaymentEvent(Buffer.isBuffer(request.body) ? request.body : null, request.headers['stripe-signature']);
      if (outcome === 'notConfigured') throw notConfigured();
      return { received: true };
    });
  });
}
