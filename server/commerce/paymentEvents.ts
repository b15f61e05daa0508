import type Stripe from 'stripe';
import { ApiError } from '../errors.ts';
import { settleProviderRefund } from './cancellation.ts';
import type { CheckoutDeps } from './context.ts';
import { settleCheckout } from './fulfilment.ts';

const badSignature = () => new ApiError(400, 'webhook/signature-invalid', 'The Stripe-Signature header is missing or does not match');

/**
 * POST /v1/payment/webhook: one of the provider's signed events (PROTOCOLS: Stripe's
 * `Stripe-Signature` over the raw body). A paid, late-paid or expired session is settled, a
 * refund made at the provider ends its order; other events are received and ignored. A failure
 * settling throws, so the route answers 5xx and the provider delivers the event again.
 */
export async function receivePaymentEvent(checkout: CheckoutDeps, raw: Buffer | null, signature: string | string[] | undefined): Promise<void> {
  if (typeof signature !== 'string' || !raw) throw badSignature();
  let event: Stripe.Event;
  try {
    event = checkout.payments.stripe.webhooks.constructEvent(raw, signature, checkout.payments.webhookSecret);
  } catch {
    throw badSignature();
  }
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded' || event.type === 'checkout.session.expired') {
    await settleCheckout(checkout, event.data.object);
  } else if (event.type === 'charge.refunded') {
    await settleProviderRefund(checkout, event.data.object);
  }
}
