import { and, eq, gt, inArray, lt, min, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { itemVariants, saleQueuePlaces, stockHolds, type SaleQueuePlaceStatus } from '../db/schema/index.ts';

export type SalePlaceRow = typeof saleQueuePlaces.$inferSelect;

/** A variant's sale queue (its line). */
export interface SaleLine {
  brandId: string;
  itemVariantId: string;
}

/** One member's place in one line. */
export interface SalePlaceKey extends SaleLine {
  userId: string;
}

/** The advisory-lock class of sale lines (the two-number lock space; issue 39). */
const saleLineLockClass = 4_711_039;
const lineName = (line: SaleLine) => `${line.brandId}:${line.itemVariantId}`;

const ofLine = (line: SaleLine) => and(eq(saleQueuePlaces.brandId, line.brandId), eq(saleQueuePlaces.itemVariantId, line.itemVariantId));
const keyOf = (key: SalePlaceKey) => and(ofLine(key), eq(saleQueuePlaces.userId, key.userId));
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * A place's order in its line, as one row value: members who joined before the on-sale time
 * first, among them by their random draw; then the rest by when they joined; the member's id
 * breaks ties. `onSaleAt` is the variant's on-sale time (ms).
 */
const orderKey = (onSaleAt: number): SQL =>
  sql`ROW(${saleQueuePlaces.joinedAt} >= ${at(onSaleAt)}, CASE WHEN ${saleQueuePlaces.joinedAt} < ${at(onSaleAt)} THEN ${saleQueuePlaces.draw} ELSE 0 END, ${saleQueuePlaces.joinedAt}, ${saleQueuePlaces.userId})`;

/** Waits for the line's transaction-scoped lock: whoever changes admissions holds it until their transaction ends. */
export async function lockSaleLine(tx: Executor, line: SaleLine): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${saleLineLockClass}::int, hashtext(${lineName(line)}))`);
}

/** Takes the line's lock without waiting: false while another transaction holds it (it is advancing the line now). */
export async function tryLockSaleLine(tx: Executor, line: SaleLine): Promise<boolean> {
  const result = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${saleLineLockClass}::int, hashtext(${lineName(line)})) AS locked`)) as unknown as {
    rows: { locked: boolean }[];
  };
  return result.rows[0]?.locked === true;
}

export async function findSalePlace(db: Executor, key: SalePlaceKey): Promise<SalePlaceRow | null> {
  const [row] = await db.select().from(saleQueuePlaces).where(keyOf(key));
  return row ?? null;
}

/** A new place, unless the member has a row in this line already (answers null then: another request of theirs made it). */
export async function insertSalePlace(
  tx: Executor,
  key: SalePlaceKey,
  fields: { joinedAt: Date; draw: number; tabs?: Record<string, number> },
): Promise<SalePlaceRow | null> {
  const [row] = await tx
    .insert(saleQueuePlaces)
    .values({ ...key, status: 'waiting', joinedAt: fields.joinedAt, draw: fields.draw, seenAt: fields.joinedAt, tabs: fields.tabs ?? {} })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** The member's row, locked for the rest of the transaction (their other tabs and devices wait). */
export async function lockSalePlace(tx: Executor, key: SalePlaceKey): Promise<SalePlaceRow | null> {
  const [row] = await tx.select().from(saleQueuePlaces).where(keyOf(key)).for('update');
  return row ?? null;
}

export async function updateSalePlace(
  tx: Executor,
  key: SalePlaceKey,
  fields: Partial<Pick<SalePlaceRow, 'status' | 'joinedAt' | 'seenAt' | 'admittedAt' | 'admittedUntil' | 'tabs'>>,
): Promise<SalePlaceRow> {
  const [row] = await tx.update(saleQueuePlaces).set(fields).where(keyOf(key)).returning();
  return row!;
}

/** Places of the member on these variants that are waiting or admitted become `status`. */
export async function endMemberSalePlaces(
  tx: Executor,
  member: { brandId: string; userId: string },
  variantIds: readonly string[],
  status: Extract<SaleQueuePlaceStatus, 'left' | 'done'>,
): Promise<number> {
  if (variantIds.length === 0) return 0;
  const ended = await tx
    .update(saleQueuePlaces)
    .set({ status })
    .where(
      and(
        eq(saleQueuePlaces.brandId, member.brandId),
        eq(saleQueuePlaces.userId, member.userId),
        inArray(saleQueuePlaces.itemVariantId, [...variantIds]),
        inArray(saleQueuePlaces.status, ['waiting', 'admitted']),
      ),
    )
    .returning({ userId: saleQueuePlaces.userId });
  return ended.length;
}

/** Waiting places nobody asked about since `seenBefore` are lost (`left`). */
export async function loseSilentPlaces(tx: Executor, line: SaleLine, seenBefore: number): Promise<number> {
  const lost = await tx
    .update(saleQueuePlaces)
    .set({ status: 'left' })
    .where(and(ofLine(line), eq(saleQueuePlaces.status, 'waiting'), lt(saleQueuePlaces.seenAt, new Date(seenBefore))))
    .returning({ userId: saleQueuePlaces.userId });
  return lost.length;
}

/**
 * Admissions still running at `now` whose members hold none of the variant in a live checkout:
 * each may still take units. (A member who holds units is already counted by their hold.)
 */
export async function countOpenAdmissions(db: Executor, line: SaleLine, now: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(saleQueuePlaces)
    .where(
      and(
        ofLine(line),
        eq(saleQueuePlaces.status, 'admitted'),
        gt(saleQueuePlaces.admittedUntil, new Date(now)),
        sql`NOT EXISTS (SELECT 1 FROM ${stockHolds} WHERE ${stockHolds.brandId} = ${saleQueuePlaces.brandId} AND ${stockHolds.itemVariantId} = ${saleQueuePlaces.itemVariantId} AND ${stockHolds.userId} = ${saleQueuePlaces.userId} AND ${stockHolds.kind} = 'checkout' AND ${stockHolds.expiresAt} > ${at(now)})`,
      ),
    );
  return Number(row?.count ?? 0);
}

/** The first `limit` members waiting, in the line's order. */
export async function firstWaitingPlaces(db: Executor, line: SaleLine, onSaleAt: number, limit: number): Promise<SalePlaceRow[]> {
  if (limit <= 0) return [];
  return db
    .select()
    .from(saleQueuePlaces)
    .where(and(ofLine(line), eq(saleQueuePlaces.status, 'waiting')))
    .orderBy(orderKey(onSaleAt))
    .limit(limit);
}

/** The members become admitted from `admittedAt` until `admittedUntil`. */
export async function admitSalePlaces(tx: Executor, line: SaleLine, userIds: readonly string[], admittedAt: number, admittedUntil: number): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .update(saleQueuePlaces)
    .set({ status: 'admitted', admittedAt: new Date(admittedAt), admittedUntil: new Date(admittedUntil) })
    .where(and(ofLine(line), eq(saleQueuePlaces.status, 'waiting'), inArray(saleQueuePlaces.userId, [...userIds])));
}

export async function countWaitingPlaces(db: Executor, line: SaleLine): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(saleQueuePlaces)
    .where(and(ofLine(line), eq(saleQueuePlaces.status, 'waiting')));
  return Number(row?.count ?? 0);
}

/** How many wait ahead of the place in its line's order. */
export async function countWaitingAhead(db: Executor, place: SalePlaceRow, onSaleAt: number): Promise<number> {
  const early = place.joinedAt.getTime() < onSaleAt;
  const own = sql`ROW(${!early}, ${early ? place.draw : 0}::double precision, ${at(place.joinedAt.getTime())}, ${place.userId}::text)`;
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(saleQueuePlaces)
    .where(and(ofLine(place), eq(saleQueuePlaces.status, 'waiting'), sql`${orderKey(onSaleAt)} < ${own}`));
  return Number(row?.count ?? 0);
}

/**
 * The line's admissions after `since`: when the first of them was, and how many came after that
 * moment (a batch admitted at once shares one moment, so it says nothing of the pace).
 */
export async function admissionsSince(db: Executor, line: SaleLine, since: number): Promise<{ first: number | null; later: number }> {
  const recent = and(ofLine(line), gt(saleQueuePlaces.admittedAt, new Date(since)));
  const [firstRow] = await db.select({ first: min(saleQueuePlaces.admittedAt) }).from(saleQueuePlaces).where(recent);
  const first = firstRow?.first ? new Date(firstRow.first).getTime() : null;
  if (first === null) return { first: null, later: 0 };
  const [laterRow] = await db
    .select({ count: sql<string>`count(*)` })
    .from(saleQueuePlaces)
    .where(and(ofLine(line), gt(saleQueuePlaces.admittedAt, new Date(first))));
  return { first, later: Number(laterRow?.count ?? 0) };
}

/** Sets (or, with null, removes) a variant's on-sale time; answers the variant's id and offer, or null when the brand has no such variant. */
export async function setVariantOnSaleAt(tx: Executor, brandId: string, itemVariantId: string, onSaleAt: Date | null) {
  const [row] = await tx
    .update(itemVariants)
    .set({ onSaleAt })
    .where(and(eq(itemVariants.brandId, brandId), eq(itemVariants.id, itemVariantId)))
    .returning({ id: itemVariants.id, offerId: itemVariants.offerId, onSaleAt: itemVariants.onSaleAt });
  return row ?? null;
}
