import { and, eq } from 'drizzle-orm';
import { checkoutSessions, orderLines, orders, paymentRefunds, tickets } from '../db/schema/index.ts';
import { ApiError } from '../errors.ts';
import { cancellationMail, type MailLanguage } from '../mail/orderMail.ts';
import { lockVariants, toOrder } from '../repositories/checkout.repository.ts';
import type { Order } from '../../contract/checkout.ts';
import { mailOfferedPlaces, offerFreedUnits, type OfferedPlace } from '../waitingList/waitingList.ts';
import { refundPayment, type CheckoutDeps } from './checkout.ts';

export interface CancelledOrder {
  order: Order;
  /** False when the order was cancelled before (nothing changed). */
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
 * void), a refund of the whole amount is recorded, and the freed units go to the variants'
 * waiting lists in order. Then the provider refunds (the sweep retries a failure), and the member
 * and anyone offered a place are mailed. Cancelling twice changes nothing.
 */
export async function cancelOrder(deps: CheckoutDeps, brandId: string, orderId: string): Promise<CancelledOrder> {
  const { db, now } = deps;
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(and(eq(orders.brandId, brandId), eq(orders.id, orderId))).for('update');
    if (!row) throw orderNotFound();
    const lines = await tx.select().from(orderLines).where(and(eq(orderLines.brandId, brandId), eq(orderLines.orderId, orderId)));
    const ticketRows = await tx.select().from(tickets).where(and(eq(tickets.brandId, brandId), eq(tickets.orderId, orderId)));
    if (row.status === 'cancelled') return { order: toOrder(row, lines, ticketRows), cancelledNow: false, offered: [] as OfferedPlace[], row };
    const at = new Date(now());
    await lockVariants(tx, brandId, lines.map((l) => l.itemVariantId));
    const [cancelled] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: at })
      .where(and(eq(orders.brandId, brandId), eq(orders.id, orderId)))
      .returning();
    await tx
      .insert(paymentRefunds)
      .values({
        brandId,
        checkoutSessionId: row.checkoutSessionId,
        userId: row.userId,
        amount: row.amount,
        currency: row.currency,
        providerPaymentId: row.providerPaymentId,
        reason: 'order_cancelled',
        createdAt: at,
      })
      .onConflictDoNothing();
    const offered = await offerFreedUnits(tx, brandId, lines.map((l) => l.itemVariantId), at.getTime());
    return { order: toOrder(cancelled!, lines, ticketRows), cancelledNow: true, offered, row };
  });
  if (!result.cancelledNow) return { order: result.order, cancelledNow: false, refunded: true, offered: 0 };

  const refunded = await refundPayment(deps, brandId, result.row.checkoutSessionId);
  const [session] = await db
    .select({ email: checkoutSessions.email, language: checkoutSessions.language })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.brandId, brandId), eq(checkoutSessions.id, result.row.checkoutSessionId)));
  if (session) {
    await deps.mail
      .send({ brandId, to: session.email, ...cancellationMail(result.order, await deps.brandName(brandId), session.language as MailLanguage) })
      .catch((error: unknown) => deps.log.error({ err: error instanceof Error ? error.message : 'unknown' }, 'cancellation mail not sent'));
  }
  await mailOfferedPlaces(deps, result.offered);
  return { order: result.order, cancelledNow: true, refunded, offered: result.offered.length };
}
