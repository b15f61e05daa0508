import { findRefund, markRefundFailed, markRefundMade, refundsNeeded } from '../repositories/orders.repository.ts';
import type { CheckoutDeps } from './context.ts';

/**
 * Asks the provider to refund a recorded refund-needed payment (idempotent per session); leaves it
 * 'needed' for the sweep on failure. Claimed first, so one instance asks at a time; false while
 * another does.
 */
export async function refundPayment(deps: CheckoutDeps, brandId: string, checkoutId: string): Promise<boolean> {
  const done = await claimedRefund(deps, brandId, checkoutId);
  return done.ran && done.value !== 'failed';
}

const claimedRefund = (deps: CheckoutDeps, brandId: string, checkoutId: string) =>
  deps.jobs.run('refund', `${brandId}:${checkoutId}`, () => refundClaimed(deps, brandId, checkoutId));

/** Under the refund's claim: 'done' when it was refunded already (by another instance since it was listed). */
async function refundClaimed(deps: CheckoutDeps, brandId: string, checkoutId: string): Promise<'made' | 'done' | 'failed'> {
  const refund = await findRefund(deps.db, brandId, checkoutId);
  if (!refund || refund.status === 'refunded') return 'done';
  try {
    if (!refund.providerPaymentId) throw new Error('the session names no payment');
    const made = await deps.payments.stripe.refunds.create(
      { payment_intent: refund.providerPaymentId, reason: 'requested_by_customer', metadata: { brandId, checkoutId } },
      { idempotencyKey: `refund-${brandId}-${checkoutId}` },
    );
    await markRefundMade(deps.db, refund, made.id, new Date(deps.now()));
    return 'made';
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
    await markRefundFailed(deps.db, refund, message);
    deps.log.error({ checkoutId, err: message }, 'refund not made yet; the sweep retries it');
    return 'failed';
  }
}

/** Retries the refunds still needed; answers how many this instance made. */
export async function retryRefunds(deps: CheckoutDeps): Promise<number> {
  let refunded = 0;
  for (const refund of await refundsNeeded(deps.db)) {
    const done = await claimedRefund(deps, refund.brandId, refund.checkoutSessionId);
    if (done.ran && done.value === 'made') refunded++;
  }
  return refunded;
}
