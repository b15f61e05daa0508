import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { analyticsIngestMinutes, analyticsUsage } from '../db/schema/index.ts';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

export interface Grant {
  /** Events granted against the ceiling (the rest are dropped over it). */
  granted: number;
  /** Of those, the first ones that fit the budget (the rest are dropped over it). */
  kept: number;
}

/**
 * One statement counts a beacon's events against the brand's bounds: the minute's upsert grants
 * min(asked, room under the ceiling) and counts the rest as dropped; then the usage's upsert lets
 * in the longest run of the granted events (their sizes added up in `cumulativeBytes`) that fits
 * the budget and adds their bytes. Each row is locked while the statement runs, so parallel
 * beacons on any instance are granted one after another and never more than the bounds in all;
 * `last_granted` gives the statement's own grant back in its RETURNING.
 */
export async function grantEvents(db: Executor, brandId: string, minute: Date, cumulativeBytes: number[], bounds: { ceiling: number; budgetBytes: number }): Promise<Grant> {
  const asked = cumulativeBytes.length;
  const first = Math.min(asked, bounds.ceiling);
  const m = analyticsIngestMinutes;
  const u = analyticsUsage;
  const room = sql`least(${asked}::int, greatest(${bounds.ceiling}::int - ${m.granted}, 0))`;
  const sizes = sql`unnest(${`{${cumulativeBytes.join(',')}}`}::bigint[]) WITH ORDINALITY AS size(c, i)`;
  const fitting = (used: SQL) => sql`FROM ${sizes} WHERE size.i <= (SELECT granted FROM minute) AND size.c <= ${bounds.budgetBytes}::bigint - ${used}`;
  const result = await db.execute(sql`
    WITH minute AS (
      INSERT INTO ${m} (brand_id, minute, granted, last_granted, dropped_over_ceiling)
      VALUES (${brandId}, ${minute.toISOString()}::timestamptz, ${first}::int, ${first}::int, ${asked - first}::int)
      ON CONFLICT (brand_id, minute) DO UPDATE SET
        granted = ${m.granted} + ${room}, last_granted = ${room}, dropped_over_ceiling = ${m.droppedOverCeiling} + ${asked}::int - ${room}
      RETURNING last_granted AS granted
    )
    INSERT INTO ${u} AS usage (brand_id, stored_bytes, last_granted)
    SELECT ${brandId}, (SELECT coalesce(max(size.c), 0) ${fitting(sql`0`)}), (SELECT count(*) ${fitting(sql`0`)}) FROM minute WHERE minute.granted > 0
    ON CONFLICT (brand_id) DO UPDATE SET
      stored_bytes = usage.stored_bytes + (SELECT coalesce(max(size.c), 0) ${fitting(sql`usage.stored_bytes`)}),
      last_granted = (SELECT count(*) ${fitting(sql`usage.stored_bytes`)})
    RETURNING usage.last_granted AS kept, (SELECT granted FROM minute) AS granted`);
  const row = rowsOf(result)[0];
  // No row: the ceiling granted nothing, so the usage was not touched.
  return row ? { granted: Number(row.granted), kept: Number(row.kept) } : { granted: 0, kept: 0 };
}

/** Counts events granted against the ceiling that the storage budget then dropped. */
export async function countBudgetDrops(db: Executor, brandId: string, minute: Date, dropped: number): Promise<void> {
  const m = analyticsIngestMinutes;
  await db
    .update(m)
    .set({ droppedOverBudget: sql`${m.droppedOverBudget} + ${dropped}::int` })
    .where(and(eq(m.brandId, brandId), eq(m.minute, minute)));
}

/** Adds bytes to a brand's usage without a budget (what the server records itself, e.g. a booking). */
export async function addUsage(db: Executor, brandId: string, bytes: number): Promise<void> {
  await db
    .insert(analyticsUsage)
    .values({ brandId, storedBytes: bytes })
    .onConflictDoUpdate({ target: analyticsUsage.brandId, set: { storedBytes: sql`${analyticsUsage.storedBytes} + ${bytes}::bigint` } });
}

export interface BrandUsage {
  storedBytes: number;
  /** Events before this time are read from the daily rollups; null: none rolled up yet. */
  rolledUntil: Date | null;
}

export async function usageOf(db: Executor, brandId: string): Promise<BrandUsage> {
  const [row] = await db.select({ storedBytes: analyticsUsage.storedBytes, rolledUntil: analyticsUsage.rolledUntil }).from(analyticsUsage).where(eq(analyticsUsage.brandId, brandId));
  return { storedBytes: Number(row?.storedBytes ?? 0), rolledUntil: row?.rolledUntil ? new Date(row.rolledUntil) : null };
}

/** Events dropped over the ceiling and over the budget in [from, until), from the minutes not yet rolled up. */
export async function droppedInMinutes(db: Executor, brandId: string, from: Date, until: Date): Promise<{ overCeiling: number; overBudget: number }> {
  const m = analyticsIngestMinutes;
  const result = await db.execute(sql`
    SELECT coalesce(sum(${m.droppedOverCeiling}), 0)::bigint AS ceiling, coalesce(sum(${m.droppedOverBudget}), 0)::bigint AS budget
    FROM ${m} WHERE ${m.brandId} = ${brandId} AND ${m.minute} >= ${from.toISOString()}::timestamptz AND ${m.minute} < ${until.toISOString()}::timestamptz`);
  const row = rowsOf(result)[0] ?? {};
  return { overCeiling: Number(row.ceiling ?? 0), overBudget: Number(row.budget ?? 0) };
}
