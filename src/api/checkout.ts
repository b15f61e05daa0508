import type {
  CheckoutConfig,
  CheckoutOutcome,
  CheckoutSession,
  LocalCardPaymentBody,
} from '../../contract/checkout.ts';
import type { ApiClient } from './client.ts';

export type { CheckoutConfig, CheckoutOutcome, CheckoutSession };

/** Production builds ask for live payments; everything else for Stripe's test mode. */
const testMode = !import.meta.env.PROD;

/** GET /v1/get/checkout/config: the publishable key, and which card form to show. */
export const getCheckoutConfig = (api: ApiClient) => api.get<CheckoutConfig>('/v1/get/checkout/config', { testMode });

/** POST /v1/payment/checkout: a session for the member's cart, its stock held until it completes or expires. */
export const createCheckoutSession = (api: ApiClient) => api.send<CheckoutSession>('POST', '/v1/payment/checkout', { testMode });

/** POST /v1/expire/checkout: the member left before paying; the stock is free again. */
export const expireCheckoutSession = (api: ApiClient, sessionId: string) =>
  api.send<unknown>('POST', '/v1/expire/checkout', { stripeCheckoutSessionId: sessionId, testMode });

/** POST /v1/payment/checkout/complete: settles a paid session now (the webhook's work, idempotent). */
export const completeCheckoutSession = (api: ApiClient, sessionId: string) =>
  api.send<CheckoutOutcome>('POST', '/v1/payment/checkout/complete', { stripeCheckoutSessionId: sessionId, testMode });

/** GET /v1/get/checkout/status: how the member's session stands on the server (ended elsewhere, and why). */
export const getCheckoutStatus = (api: ApiClient, sessionId: string) =>
  api.get<CheckoutOutcome>('/v1/get/checkout/status', { stripeCheckoutSessionId: sessionId });

/** POST /v1/payment/local/confirm: the card form's payment through the embedded provider. */
export const payWithLocalCard = (api: ApiClient, body: LocalCardPaymentBody) =>
  api.send<CheckoutOutcome>('POST', '/v1/payment/local/confirm', body);
