import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { readTogether } from '../db/readTogether.ts';
import { orderLines, orders, paymentRefunds, tickets, type OrderLineTranslations, type OrderStatus } from '../db/schema/index.ts';
import type { Order, OrderItem } from '../../contract/checkout.ts';
import { textIn, type TextLanguages } from '../language.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;

/** An order with its lines as sold, each with its names in every language (`translations`, by line); answers the stored rows. */
export async function insertOrder(
  tx: Executor,
  order: typeof orders.$inferInsert,
  items: readonly OrderItem[],
  translations: readonly OrderLineTranslations[] = [],
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const [row] = await tx.insert(orders).values(order).returning();
  const lines = await tx
    .insert(orderLines)
    .values(
      items.map((item, i) => ({
        brandId: order.brandId,
        orderId: order.id,
        lineNo: i + 1,
        itemVariantId: item.itemVariantId,
        offerId: item.offerId,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        linePrice: item.linePrice,
        item,
        localized: translations[i] ?? {},
      })),
    )
    .returning();
  return { order: row!, lines };
}

/** Locks one order for the rest of the transaction, with its lines and tickets. */
export async function lockOrder(tx: Executor, brandId: string, orderId: string): Promise<{ order: OrderRow; lines: OrderLineRow[]; tickets: TicketRow[] } | null> {
  const [row] = await tx.select().from(orders).where(and(eq(orders.brandId, brandId), eq(orders.id, orderId))).for('update');
  if (!row) return null;
  const lines = await tx.select().from(orderLines).where(and(eq(orderLines.brandId, brandId), eq(orderLines.orderId, orderId)));
  const ticketRows = await tx.select().from(tickets).where(and(eq(tickets.brandId, brandId), eq(tickets.orderId, orderId)));
  return { order: row, lines, tickets: ticketRows };
}

/** Ends a paid order: its lines stop counting as sold and its tickets are void. */
export async function setOrderStatus(tx: Executor, order: Pick<OrderRow, 'brandId' | 'id'>, status: Exclude<OrderStatus, 'paid'>, at: Date): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ status, cancelledAt: at })
    .where(and(eq(orders.brandId, order.brandId), eq(orders.id, order.id)))
    .returning();
  return row!;
}

export async function findOrderOfCheckout(db: Executor, brandId: string, checkoutId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.brandId, brandId), eq(orders.checkoutSessionId, checkoutId)));
  return row ?? null;
}

/** The order paid with the provider's payment (pi_…). */
export async function findOrderByPayment(db: Executor, providerPaymentId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.providerPaymentId, providerPaymentId));
  return row ?? null;
}

/** Records a refund owed for a session (once per session: a second record changes nothing). */
export async function insertRefund(tx: Executor, refund: typeof paymentRefunds.$inferInsert): Promise<void> {
  await tx.insert(paymentRefunds).values(refund).onConflictDoNothing();
}

export async function findRefund(db: Executor, brandId: string, checkoutId: string): Promise<RefundRow | null> {
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.brandId, brandId), eq(paymentRefunds.checkoutSessionId, checkoutId)));
  return row ?? null;
}

export async function markRefundMade(db: Executor, refund: Pick<RefundRow, 'brandId' | 'checkoutSessionId'>, providerRefundId: string, at: Date): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({ status: 'refunded', providerRefundId, refundedAt: at, lastError: null })
    .where(and(eq(paymentRefunds.brandId, refund.brandId), eq(paymentRefunds.checkoutSessionId, refund.checkoutSessionId)));
}

export async function markRefundFailed(db: Executor, refund: Pick<RefundRow, 'brandId' | 'checkoutSessionId'>, error: string): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({ lastError: error })
    .where(and(eq(paymentRefunds.brandId, refund.brandId), eq(paymentRefunds.checkoutSessionId, refund.checkoutSessionId)));
}

export async function refundsNeeded(db: Executor, limit = 20): Promise<RefundRow[]> {
  return db.select().from(paymentRefunds).where(eq(paymentRefunds.status, 'needed')).orderBy(asc(paymentRefunds.createdAt)).limit(limit);
}

/** Units of each variant the member has bought: lines of their paid orders (cancelled and refunded ones no longer count). */
export async function memberBoughtUnits(db: Executor, brandId: string, userId: string, variantIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orderLines.itemVariantId, quantity: sql<string>`sum(${orderLines.quantity})` })
    .from(orderLines)
    .innerJoin(orders, and(eq(orders.brandId, orderLines.brandId), eq(orders.id, orderLines.orderId)))
    .where(and(eq(orderLines.brandId, brandId), eq(orders.userId, userId), eq(orders.status, 'paid'), inArray(orderLines.itemVariantId, ids)))
    .groupBy(orderLines.itemVariantId);
  return new Map(rows.map((row) => [row.id, Number(row.quantity)]));
}

/** As sold: English, the plain texts kept in each line's `item`. */
export const asSold: TextLanguages = { language: 'en', fallback: 'en' };

/** The member's orders, newest first, in the API's shape, their names in `languages`. */
export async function orderHistory(db: Executor, brandId: string, userId: string, languages: TextLanguages = asSold, limit = 200): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.brandId, brandId), eq(orders.userId, userId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, ticketRows] = await readTogether(
    db,
    () =>
      db
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.brandId, brandId), inArray(orderLines.orderId, ids)))
        .orderBy(asc(orderLines.orderId), asc(orderLines.lineNo)),
    () =>
      db
        .select()
        .from(tickets)
        .where(and(eq(tickets.brandId, brandId), inArray(tickets.orderId, ids)))
        .orderBy(asc(tickets.lineNo), asc(tickets.unitNo)),
  );
  return rows.map((row) =>
    toOrder(
      row,
      lines.filter((l) => l.orderId === row.id),
      ticketRows.filter((t) => t.orderId === row.id),
      languages,
    ),
  );
}

/** What a line bought, named in `languages` from its names in every language (English, as sold, where it has none in them). */
export function itemIn(item: OrderItem, texts: OrderLineTranslations, languages: TextLanguages): OrderItem {
  return {
    ...item,
    offerTitle: textIn(texts.offerTitle, languages, item.offerTitle),
    itemVariant: {
      ...item.itemVariant,
      title: textIn(texts.variantTitle, languages, item.itemVariant.title),
      description: textIn(texts.variantDescription, languages, item.itemVariant.description),
    },
  };
}

/** The order in the API's shape, read in `languages`: the member's of the request, or of the mail. */
export function toOrder(row: OrderRow, lines: readonly OrderLineRow[], ticketRows: readonly TicketRow[], languages: TextLanguages): Order {
  return {
    id: row.id,
    ...(row.reference === null ? {} : { reference: row.reference }),
    createdAt: row.createdAt.getTime(),
    paymentMethod: row.paymentMethod,
    amount: row.amount,
    currency: row.currency,
    itemList: [...lines].sort((a, b) => a.lineNo - b.lineNo).map((l) => itemIn(l.item, l.localized, languages)),
    itemVariantCustomFeeBuildRecord: row.feeRecord,
    taxList: row.taxList,
    additionalInfo: row.additionalInfo,
    status: row.status,
    ticketList: [...ticketRows]
      .sort((a, b) => a.lineNo - b.lineNo || a.unitNo - b.unitNo)
      .map((t) => ({ id: t.id, lineNo: t.lineNo, unitNo: t.unitNo, itemVariantId: t.itemVariantId, code: t.code })),
  };
}
