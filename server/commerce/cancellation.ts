import type { Order } from '../../contract/checkout.ts';
import { ApiError } from '../errors.ts';
import { cancellationMail } from '../mail/orderMail.ts';
import { checkoutContact } from '../repositories/checkoutSessions.repository.ts';
import { insertRefund, lockOrder, setOrderStatus, toOrder } from '../repositories/orders.repository.ts';
import { stepOf, type CheckoutDeps } from './context.ts';
import { mailBrandOf, mailLanguage } from './mailFacts.ts';
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

/**
 * The operator cancels an order (docs/checkout.md): in one transaction under the order's row lock
 * and its variants' locks it becomes `cancelled` (its lines stop counting as sold, its tickets are
 * void), a refund of the whole amount is recorded, the freed units go to the variants' waiting
 * lists in order, and the member's mail is queued. Then the provider refunds (the sweep retries a
 * failure). Cancelling twice changes nothing.
 */
export async function cancelOrder(deps: CheckoutDeps, brandId: string, orderId: string): Promise<CancelledOrder> {
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, brandId, orderId);
    if (!locked) throw orderNotFound();
    const { order: row, lines, tickets } = locked;
    if (row.status !== 'paid') return { order: toOrder(row, lines, tickets), cancelledNow: false, offered: 0, row };
    const at = deps.now();
    await lockVariants(tx, brandId, lines.map((l) => l.itemVariantId));
    const cancelled = await setOrderStatus(tx, row, 'cancelled', new Date(at));
    await insertRefund(tx, {
      brandId,
      checkoutSessionId: row.checkoutSessionId,
      userId: row.userId,
      amount: row.amount,
      currency: row.currency,
      providerPaymentId: row.providerPaymentId,
      reason: 'order_cancelled',
      createdAt: new Date(at),
    });
    const order = toOrder(cancelled, lines, tickets);
    const step = stepOf(deps, tx, at);
    const contact = await checkoutContact(tx, brandId, row.checkoutSessionId);
    if (contact) {
      const mail = cancellationMail(order, await mailBrandOf(tx, brandId), mailLanguage(contact.language));
      await step.mail.queue(tx, { brandId, to: contact.email, ...mail }, `order-cancelled:${brandId}:${orderId}`);
    }
    const offered = await offerFreedUnits(step, brandId, lines.map((l) => l.itemVariantId));
    return { order, cancelledNow: true, offered: offered.length, row };
  });
  void deps.mail.dispatch();
  if (!result.cancelledNow) return { order: result.order, cancelledNow: false, refunded: true, offered: 0 };
  const refunded = await refundPayment(deps, brandId, result.row.checkoutSessionId);
  return { order: result.order, cancelledNow: true, refunded, offered: result.offered };
}
