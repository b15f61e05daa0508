import type Stripe from 'stripe';
import { cancellationMail } from '../mail/orderMail.ts';
import { checkoutContact } from '../repositories/checkoutSessions.repository.ts';
import { findOrderByPayment, findRefund, insertRefund, lockOrder, markRefundFailed, markRefundMade, refundsNeeded, setOrderStatus, toOrder } from '../repositories/orders.repository.ts';
import { stepOf, type CheckoutDeps } from './context.ts';
import { mailBrandOf, mailLanguage } from './mailFacts.ts';
import { lockVariants, offerFreedUnits } from './stock.ts';

/** Asks the provider to refund a recorded refund-needed payment (idempotent per session); leaves it 'needed' for the sweep on failure. */
export async function refundPayment(deps: CheckoutDeps, brandId: string, checkoutId: string): Promise<boolean> {
  const refund = await findRefund(deps.db, brandId, checkoutId);
  if (!refund || refund.status === 'refunded') return true;
  try {
    if (!refund.providerPaymentId) throw new Error('the session names no payment');
    const made = await deps.payments.stripe.refunds.create(
      { payment_intent: refund.providerPaymentId, reason: 'requested_by_customer', metadata: { brandId, checkoutId } },
      { idempotencyKey: `refund-${brandId}-${checkoutId}` },
    );
    await markRefundMade(deps.db, refund, made.id, new Date(deps.now()));
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
    await markRefundFailed(deps.db, refund, message);
    deps.log.error({ checkoutId, err: message }, 'refund not made yet; the sweep retries it');
    return false;
  }
}

/** Retries the refunds still needed; answers how many went through. */
export async function retryRefunds(deps: CheckoutDeps): Promise<number> {
  let refunded = 0;
  for (const refund of await refundsNeeded(deps.db)) {
    if (await refundPayment(deps, refund.brandId, refund.checkoutSessionId)) refunded++;
  }
  return refunded;
}

/**
 * `charge.refunded`: a payment refunded at the provider behind our back (the dashboard, a
 * dispute) must not leave its order paid with valid tickets. Once the whole charge is refunded,
 * the paid order becomes `refunded` in one transaction under its locks: its units go back on
 * sale (to the waiting list first), its tickets are void, the refund is recorded and the member
 * is mailed. Refunds we made ourselves find their order no longer paid and change nothing.
 */
export async function settleProviderRefund(deps: CheckoutDeps, charge: Stripe.Charge): Promise<void> {
  const paymentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  if (!paymentId) return;
  if (!charge.refunded) {
    deps.log.warn({ paymentId, amountRefunded: charge.amount_refunded }, 'part of a payment was refunded at the provider; the order stays paid');
    return;
  }
  const found = await findOrderByPayment(deps.db, paymentId);
  if (!found || found.status !== 'paid') return;
  await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, found.brandId, found.id);
    if (!locked || locked.order.status !== 'paid') return;
    const at = deps.now();
    const variantIds = locked.lines.map((l) => l.itemVariantId);
    await lockVariants(tx, found.brandId, variantIds);
    const refunded = await setOrderStatus(tx, locked.order, 'refunded', new Date(at));
    await insertRefund(tx, {
      brandId: found.brandId,
      checkoutSessionId: found.checkoutSessionId,
      userId: found.userId,
      amount: charge.amount_refunded,
      currency: found.currency,
      providerPaymentId: paymentId,
      reason: 'refunded_at_provider',
      status: 'refunded',
      providerRefundId: charge.refunds?.data[0]?.id ?? null,
      createdAt: new Date(at),
      refundedAt: new Date(at),
    });
    const step = stepOf(deps, tx, at);
    const contact = await checkoutContact(tx, found.brandId, found.checkoutSessionId);
    if (contact) {
      const mail = cancellationMail(toOrder(refunded, locked.lines, locked.tickets), await mailBrandOf(tx, found.brandId), mailLanguage(contact.language));
      await step.mail.queue(tx, { brandId: found.brandId, to: contact.email, ...mail }, `order-refunded:${found.brandId}:${found.id}`);
    }
    await offerFreedUnits(step, found.brandId, variantIds);
  });
  void deps.mail.dispatch();
}
