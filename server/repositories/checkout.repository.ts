import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { checkoutSessions, orderLines, orders, paymentRefunds, stockHolds, tickets, type CheckoutStatus } from '../db/schema/index.ts';
import type { Order } from '../../contract/checkout.ts';

export type CheckoutRow = typeof checkoutSessions.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Locks the brand's variant rows for the rest of the transaction, in id order (every writer
 * takes them in the same order, so two checkouts never wait on each other in a circle). All
 * that sells or holds a variant runs under this lock: sold + held can never pass its stock.
 */
export async function lockVariants(tx: Executor, brandId: string, variantIds: readonly string[]): Promise<void> {
  const ids = [...new Set(variantIds)].sort();
  if (ids.length === 0) return;
  await tx.execute(
    sql`SELECT id FROM item_variant WHERE brand_id = ${brandId} AND id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY id FOR UPDATE`,
  );
}

/** The member's units of each variant already bought or held by their live checkouts (purchaseCap counts both). */
export async function memberTakenUnits(tx: Executor, brandId: string, userId: string, variantIds: readonly string[], now: number): Promise<Map<string, number>> {
  const ids = [...new Set(variantIds)];
  const taken = new Map<string, number>();
  if (ids.length === 0) return taken;
  const [bought, held] = await Promise.all([
    tx
      .select({ id: orderLines.itemVariantId, quantity: sql<string>`sum(${orderLines.quantity})` })
      .from(orderLines)
      .innerJoin(orders, and(eq(orders.brandId, orderLines.brandId), eq(orders.id, orderLines.orderId)))
      .where(and(eq(orderLines.brandId, brandId), eq(orders.userId, userId), eq(orders.status, 'paid'), inArray(orderLines.itemVariantId, ids)))
      .groupBy(orderLines.itemVariantId),
    tx
      .select({ id: stockHolds.itemVariantId, quantity: sql<string>`sum(${stockHolds.quantity})` })
      .from(stockHolds)
      .where(
        and(
          eq(stockHolds.brandId, brandId),
          eq(stockHolds.userId, userId),
          eq(stockHolds.kind, 'checkout'),
          inArray(stockHolds.itemVariantId, ids),
          gt(stockHolds.expiresAt, new Date(now)),
        ),
      )
      .groupBy(stockHolds.itemVariantId),
  ]);
  for (const row of [...bought, ...held]) taken.set(row.id, (taken.get(row.id) ?? 0) + Number(row.quantity));
  return taken;
}

/** The session by the provider's id, of this brand (and member, when given). */
export async function findCheckoutByProviderId(db: Executor, providerSessionId: string, owner?: { brandId: string; userId: string }) {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.providerSessionId, providerSessionId),
        ...(owner ? [eq(checkoutSessions.brandId, owner.brandId), eq(checkoutSessions.userId, owner.userId)] : []),
      ),
    );
  return row ?? null;
}

/** Locks one session row for the rest of the transaction: its settlement runs once at a time. */
export async function lockCheckout(tx: Executor, brandId: string, id: string): Promise<CheckoutRow | null> {
  const [row] = await tx
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.brandId, brandId), eq(checkoutSessions.id, id)))
    .for('update');
  return row ?? null;
}

export async function setCheckoutStatus(tx: Executor, row: Pick<CheckoutRow, 'brandId' | 'id'>, status: CheckoutStatus, settledAt: Date | null) {
  await tx
    .update(checkoutSessions)
    .set({ status, settledAt })
    .where(and(eq(checkoutSessions.brandId, row.brandId), eq(checkoutSessions.id, row.id)));
}

/** Drops the session's holds (it completed: its units are order lines now; or it ended). */
export async function releaseHolds(tx: Executor, row: Pick<CheckoutRow, 'brandId' | 'id'>) {
  await tx.delete(stockHolds).where(and(eq(stockHolds.brandId, row.brandId), eq(stockHolds.checkoutSessionId, row.id)));
}

export async function findOrderOfCheckout(db: Executor, brandId: string, checkoutId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.brandId, brandId), eq(orders.checkoutSessionId, checkoutId)));
  return row ?? null;
}

/** Sessions still open or pending whose expiry has passed (the sweep settles them). */
export async function lapsedCheckouts(db: Executor, now: number, limit = 50): Promise<CheckoutRow[]> {
  return db
    .select()
    .from(checkoutSessions)
    .where(and(inArray(checkoutSessions.status, ['open', 'pending']), lte(checkoutSessions.expiresAt, new Date(now))))
    .orderBy(asc(checkoutSessions.expiresAt))
    .limit(limit);
}

export async function refundsNeeded(db: Executor, limit = 20): Promise<RefundRow[]> {
  return db.select().from(paymentRefunds).where(eq(paymentRefunds.status, 'needed')).orderBy(asc(paymentRefunds.createdAt)).limit(limit);
}

/** The member's orders, newest first, in the API's shape. */
export async function orderHistory(db: Executor, brandId: string, userId: string, limit = 200): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.brandId, brandId), eq(orders.userId, userId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.brandId, brandId), inArray(orderLines.orderId, rows.map((r) => r.id))))
    .orderBy(asc(orderLines.orderId), asc(orderLines.lineNo));
  const ticketRows = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.brandId, brandId), inArray(tickets.orderId, rows.map((r) => r.id))))
    .orderBy(asc(tickets.lineNo), asc(tickets.unitNo));
  return rows.map((row) =>
    toOrder(
      row,
      lines.filter((l) => l.orderId === row.id),
      ticketRows.filter((t) => t.orderId === row.id),
    ),
  );
}

export type TicketRow = typeof tickets.$inferSelect;

export function toOrder(row: OrderRow, lines: (typeof orderLines.$inferSelect)[], ticketRows: readonly TicketRow[]): Order {
  return {
    id: row.id,
    createdAt: row.createdAt.getTime(),
    paymentMethod: row.paymentMethod,
    amount: row.amount,
    currency: row.currency,
    itemList: lines.map((l) => l.item),
    itemVariantCustomFeeBuildRecord: row.feeRecord,
    taxList: row.taxList,
    additionalInfo: row.additionalInfo,
    status: row.status,
    ticketList: [...ticketRows]
      .sort((a, b) => a.lineNo - b.lineNo || a.unitNo - b.unitNo)
      .map((t) => ({ id: t.id, lineNo: t.lineNo, unitNo: t.unitNo, itemVariantId: t.itemVariantId, code: t.code })),
  };
}

export { rowsOf };
