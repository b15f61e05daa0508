import { and, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { checkoutSessions, orderLines, orders, stockHolds, waitingListEntries } from '../db/schema/index.ts';
import type { NewCheckout } from './checkoutSessions.repository.ts';
import { rateLimitArguments, refusedBy, type RateLimit, type RateLimitAnswer } from './rateLimits.repository.ts';
import { integerArray, textArray } from './sqlArrays.ts';

/** What is taken of each variant: units sold (lines of paid orders) and units held until a future time (checkouts, waiting list). */
export interface StockUse {
  sold: number;
  /** Live checkout holds (their session not yet completed or expired, `expires_at` still ahead). */
  held: number;
  /** Live holds offered to members of the waiting list. */
  waitingListHeld: number;
  /** Members waiting in line (not yet offered a place): freed units are theirs before anyone else's. */
  queued: number;
  /** Of `waitingListHeld`, the units offered to the member the use was loaded for. */
  ownWaitingListHeld: number;
}

export type StockUseByVariant = Map<string, StockUse>;

export const noStockUse: StockUse = { sold: 0, held: 0, waitingListHeld: 0, queued: 0, ownWaitingListHeld: 0 };

/**
 * Locks the brand's variant rows for the rest of the transaction, in id order (every writer
 * takes them in the same order, so two checkouts never wait on each other in a circle). All
 * that sells or holds a variant runs under this lock: sold + held can never pass its stock.
 * FOR NO KEY UPDATE: rows that only reference the variant (holds, queue places) can still be
 * written meanwhile; a checkout's own hold takes the same lock in `openCheckoutWithHold`.
 */
export async function lockVariants(tx: Executor, brandId: string, variantIds: readonly string[]): Promise<void> {
  const ids = [...new Set(variantIds)].sort();
  if (ids.length === 0) return;
  await tx.execute(
    sql`SELECT id FROM item_variant WHERE brand_id = ${brandId} AND id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY id FOR NO KEY UPDATE`,
  );
}

/**
 * Sold and live-held units of the given variants at `now`. Holds whose `expires_at` has passed
 * count for nothing, whether or not anything removed them: an abandoned checkout frees its stock
 * at its expiry by itself.
 */
export async function loadStockUse(
  db: Executor,
  brandId: string,
  variantIds: readonly string[],
  now: number,
  /** The member asking: a place the waiting list offered them is theirs to buy. */
  forUserId?: string,
): Promise<StockUseByVariant> {
  const ids = [...new Set(variantIds)];
  const use: StockUseByVariant = new Map();
  if (ids.length === 0) return use;
  // One after another: `db` may be a transaction, whose client runs one query at a time.
  const sold = await db
    .select({ id: orderLines.itemVariantId, quantity: sql<string>`sum(${orderLines.quantity})` })
    .from(orderLines)
    .innerJoin(orders, and(eq(orders.brandId, orderLines.brandId), eq(orders.id, orderLines.orderId)))
    .where(and(eq(orderLines.brandId, brandId), inArray(orderLines.itemVariantId, ids), eq(orders.status, 'paid')))
    .groupBy(orderLines.itemVariantId);
  const held = await db
    .select({
      id: stockHolds.itemVariantId,
      kind: stockHolds.kind,
      quantity: sql<string>`sum(${stockHolds.quantity})`,
      own: forUserId === undefined ? sql<string>`0` : sql<string>`sum(CASE WHEN ${stockHolds.userId} = ${forUserId} THEN ${stockHolds.quantity} ELSE 0 END)`,
    })
    .from(stockHolds)
    .where(and(eq(stockHolds.brandId, brandId), inArray(stockHolds.itemVariantId, ids), gt(stockHolds.expiresAt, new Date(now))))
    .groupBy(stockHolds.itemVariantId, stockHolds.kind);
  const queued = await db
    .select({ id: waitingListEntries.itemVariantId, count: sql<string>`count(*)` })
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.brandId, brandId), inArray(waitingListEntries.itemVariantId, ids), eq(waitingListEntries.status, 'waiting')))
    .groupBy(waitingListEntries.itemVariantId);
  const entry = (id: string) => use.get(id) ?? (use.set(id, { ...noStockUse }), use.get(id)!);
  for (const row of sold) entry(row.id).sold += Number(row.quantity);
  for (const row of held) {
    if (row.kind === 'waiting_list') {
      entry(row.id).waitingListHeld += Number(row.quantity);
      entry(row.id).ownWaitingListHeld += Number(row.own);
    } else entry(row.id).held += Number(row.quantity);
  }
  for (const row of queued) entry(row.id).queued += Number(row.count);
  return use;
}

/** Whether anyone waits in line for any of the variants (freed units need offering only then). */
export async function anyoneWaiting(db: Executor, brandId: string, variantIds: readonly string[]): Promise<boolean> {
  if (variantIds.length === 0) return false;
  const [row] = await db
    .select({ id: waitingListEntries.itemVariantId })
    .from(waitingListEntries)
    .where(and(eq(waitingListEntries.brandId, brandId), inArray(waitingListEntries.itemVariantId, [...variantIds]), eq(waitingListEntries.status, 'waiting')))
    .limit(1);
  return row !== undefined;
}

/** What opening a checkout came to (`klubb_open_checkout`, migration 0026). */
export type OpeningOutcome =
  | { outcome: 'held'; replacedIds: string[]; replacedProviderIds: string[]; followUp: boolean }
  | { outcome: 'soldOut' | 'capReached' | 'notPending' }
  | { outcome: 'rateLimited'; answer: RateLimitAnswer & { allowed: false } };

/**
 * Opens a checkout in one statement (`klubb_open_checkout`): counts it against `limits`, writes
 * the 'pending' session and holds its stock (`klubb_hold_checkout`: under the member's sessions'
 * and the variants' row locks, only when every line fits what is available to its member, their
 * other sessions' holds given back to them, and their purchase cap: `purchaseCap`, null for none,
 * against their paid orders), replacing the member's other live sessions. A refused hold leaves
 * nothing behind: no session, no count. Run it outside any transaction, so the locks last as
 * long as the function.
 */
export async function openCheckoutWithHold(
  db: Executor,
  limits: readonly RateLimit[],
  session: Omit<NewCheckout, 'status' | 'providerSessionId' | 'settledAt' | 'endReason'>,
  lines: readonly { itemVariantId: string; quantity: number; purchaseCap: number | null }[],
): Promise<OpeningOutcome> {
  const { ordered, arrays } = rateLimitArguments(limits);
  const columns = getTableColumns(checkoutSessions);
  // The row by column name, each value as its column writes it (timestamps as ISO text, JSON as JSON).
  const row = Object.fromEntries(
    Object.entries(session).map(([key, value]) => {
      const column = columns[key as keyof typeof columns];
      return [column.name, value instanceof Date ? value.toISOString() : (value ?? null)];
    }),
  );
  const result = await db.execute(sql`
    SELECT outcome, refused_index, retry_after_ms, replaced_ids, replaced_provider_ids, follow_up FROM klubb_open_checkout(
      ${arrays}, ${JSON.stringify(row)}::jsonb,
      ${textArray(lines.map((l) => l.itemVariantId))}::text[], ${integerArray(lines.map((l) => l.quantity))}::integer[],
      ${integerArray(lines.map((l) => l.purchaseCap ?? 0))}::integer[])`);
  const answer = (
    result as unknown as {
      rows: { outcome: string; refused_index: number | null; retry_after_ms: string | null; replaced_ids: string[]; replaced_provider_ids: string[]; follow_up: boolean }[];
    }
  ).rows[0]!;
  switch (answer.outcome) {
    case 'held':
      return { outcome: 'held', replacedIds: answer.replaced_ids, replacedProviderIds: answer.replaced_provider_ids, followUp: answer.follow_up };
    case 'rateLimited':
      return { outcome: 'rateLimited', answer: refusedBy(ordered, answer.refused_index!, answer.retry_after_ms) as RateLimitAnswer & { allowed: false } };
    default:
      return { outcome: answer.outcome as 'soldOut' | 'capReached' | 'notPending' };
  }
}

/** Drops a checkout's holds (it completed: its units are order lines now; or it ended). */
export async function deleteCheckoutHolds(tx: Executor, checkout: { brandId: string; id: string }): Promise<void> {
  await tx.delete(stockHolds).where(and(eq(stockHolds.brandId, checkout.brandId), eq(stockHolds.checkoutSessionId, checkout.id)));
}

/** One unit kept for a member of the waiting list until `expiresAt`. */
export async function insertOfferedPlaceHold(tx: Executor, place: { brandId: string; itemVariantId: string; userId: string }, expiresAt: Date): Promise<void> {
  await tx.insert(stockHolds).values({ ...place, kind: 'waiting_list', quantity: 1, expiresAt });
}

/** Drops the unit kept for the member on the variant's waiting list. */
export async function deleteOfferedPlaceHold(tx: Executor, place: { brandId: string; itemVariantId: string; userId: string }): Promise<void> {
  await tx
    .delete(stockHolds)
    .where(
      and(
        eq(stockHolds.brandId, place.brandId),
        eq(stockHolds.itemVariantId, place.itemVariantId),
        eq(stockHolds.userId, place.userId),
        eq(stockHolds.kind, 'waiting_list'),
      ),
    );
}
