import type Stripe from 'stripe';
import type { Order } from '../../contract/checkout.ts';
import type { Executor } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import { cancellationMail } from '../mail/orderMail.ts';
import { checkoutContact } from '../repositories/checkoutSessions.repository.ts';
import { paymentIntentIdOf } from '../payments/index.ts';
import { findOrderByPayment, insertRefund, lockOrder, setOrderStatus, toOrder } from '../repositories/orders.repository.ts';
import { stepOf, type CheckoutDeps } from './context.ts';
import { mailBrandOf, mailTextLanguages, memberMailLanguage } from './mailFacts.ts';

/** The operator's commands read orders in English, as sold. */
const operatorTexts = mailTextLanguages('en');
import { refundPayment } from './refunds.ts';
import { lockVariants, offerFreedUnits } from './stock.ts';

export interface CancelledOrder {
  order: Order;
  /** False when the order was cancelled (or refunded) before: nothing changed. */
  cancelledNow: boolean;
  /** Whether the provider has refunded the payment (else the sweep retries it). */
  refunded: boolean;
  /** Members of the waiting list offered the freed units. */
  offered: number;
}

export const orderNotFound = () => new ApiError(404, 'order_not_found', 'There is no such order');

type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOrder>>>;
/** The refund an ending records, beyond the order's own facts (session, member, currency, time). */
type EndingRefund = Omit<Parameters<typeof insertRefund>[1], 'brandId' | 'checkoutSessionId' | 'userId' | 'currency' | 'createdAt'>;

/**
 * Ends a paid order in the caller's transaction, under the order's row lock and its variants'
 * locks: it becomes `status` (its lines stop counting as sold, its tickets are void), its refund
 * is recorded, the member's mail is queued, and the freed units go to the variants' waiting lists
 * in order. Answers the order as it now is and how many members were offered a unit.
 */
async function endPaidOrder(deps: CheckoutDeps, tx: Executor, locked: LockedOrder, status: 'cancelled' | 'refunded', refund: EndingRefund) {
  const { order: row, lines, tickets } = locked;
  const { brandId } = row;
  const at = deps.now();
  const variantIds = lines.map((l) => l.itemVariantId);
  await lockVariants(tx, brandId, variantIds);
  const ended = await setOrderStatus(tx, row, status, new Date(at));
  await insertRefund(tx, { brandId, checkoutSessionId: row.checkoutSessionId, userId: row.userId, currency: row.currency, createdAt: new Date(at), ...refund });
  const order = toOrder(ended, lines, tickets, operatorTexts);
  const step = stepOf(deps, tx, at);
  const contact = await checkoutContact(tx, brandId, row.checkoutSessionId);
  if (contact) {
    const language = await memberMailLanguage(tx, brandId, row.userId, contact.language);
    const mail = cancellationMail(toOrder(ended, lines, tickets, mailTextLanguages(language)), await mailBrandOf(tx, brandId), language);
    await step.mail.queue(tx, { brandId, to: contact.email, ...mail }, `order-${status}:${brandId}:${row.id}`);
  }
  const offered = await offerFreedUnits(step, brandId, variantIds);
  return { order, offered: offered.length };
}

/**
 * The operator cancels an order (docs/checkout.md): it ends as `cancelled` with a refund of the
 * whole amount recorded (endPaidOrder); then the provider refunds (the sweep retries a failure).
 * Cancelling twice changes nothing.
 */
export async function cancelOrder(deps: CheckoutDeps, brandId: string, orderId: string): Promise<CancelledOrder> {
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, brandId, orderId);
    if (!locked) throw orderNotFound();
    const { order: row, lines, tickets } = locked;
    if (row.status !== 'paid') return { order: toOrder(row, lines, tickets, operatorTexts), cancelledNow: false, offered: 0, row };
    const ended = await endPaidOrder(deps, tx, locked, 'cancelled', { amount: row.amount, providerPaymentId: row.providerPaymentId, reason: 'order_cancelled' });
    return { ...ended, cancelledNow: true, row };
  });
  void deps.mail.dispatch();
  if (!result.cancelledNow) return { order: result.order, cancelledNow: false, refunded: true, offered: 0 };
  const refunded = await refundPayment(deps, brandId, result.row.checkoutSessionId);
  return { order: result.order, cancelledNow: true, refunded, offered: result.offered };
}

/**
 * `charge.refunded`: a payment refunded at the provider behind our back (the dashboard, a
 * dispute) must not leave its order paid with valid tickets. Once the whole charge is refunded,
 * the paid order ends as `refunded` (endPaidOrder), its refund recorded as made. Refunds we made
 * ourselves find their order no longer paid and change nothing.
 */
export async function settleProviderRefund(deps: CheckoutDeps, charge: Stripe.Charge): Promise<void> {
  const paymentId = paymentIntentIdOf(charge);
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
    await endPaidOrder(deps, tx, locked, 'refunded', {
      amount: charge.amount_refunded,
      providerPaymentId: paymentId,
      reason: 'refunded_at_provider',
      status: 'refunded',
      providerRefundId: charge.refunds?.data[0]?.id ?? null,
      refundedAt: new Date(deps.now()),
    });
  });
  void deps.mail.dispatch();
}
