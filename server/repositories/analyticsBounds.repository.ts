import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { analyticsIngestMinutes, analyticsUsage } from '../db/schema/index.ts';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Counts `asked` events of a brand in one minute against its ceiling in one upsert: it grants
 * min(asked, room) and counts the rest as dropped. The row is locked while the statement runs,
 * so parallel beacons (on any instance) are granted one after another and never more than the
 * ceiling in all; `last_granted` gives this statement's grant back in its RETURNING.
 */
export async function grantMinute(db: Executor, brandId: string, minute: Date, asked: number, ceiling: number): Promise<number> {
  const first = Math.min(asked, ceiling);
  const m = analyticsIngestMinutes;
  const room = sql`least(${asked}::int, greatest(${ceiling}::int - ${m.granted}, 0))`;
  const [row] = await db
    .insert(m)
    .values({ brandId, minute, granted: first, lastGranted: first, droppedOverCeiling: asked - first })
    .onConflictDoUpdate({
      target: [m.brandId, m.minute],
      set: {
        granted: sql`${m.granted} + ${room}`,
        lastGranted: room,
        droppedOverCeiling: sql`${m.droppedOverCeiling} + ${asked}::int - ${room}`,
      },
    })
    .returning({ granted: m.lastGranted });
  return row!.granted;
}

/** Counts events granted against the ceiling that the storage budget then dropped. */
export async function countBudgetDrops(db: Executor, brandId: string, minute: Date, dropped: number): Promise<void> {
  const m = analyticsIngestMinutes;
  await db
    .update(m)
    .set({ droppedOverBudget: sql`${m.droppedOverBudget} + ${dropped}::int` })
    .where(and(eq(m.brandId, brandId), eq(m.minute, minute)));
}

/**
 * Lets in the longest run of events (their sizes added up in `cumulativeBytes`) that fits the
 * brand's budget, and adds their bytes to its usage in the same statement (the row is locked
 * while it runs); answers how many fit.
 */
export async function grantBytes(db: Executor, brandId: string, cumulativeBytes: number[], budgetBytes: number): Promise<number> {
  await db.insert(analyticsUsage).values({ brandId }).onConflictDoNothing();
  const u = analyticsUsage;
  const sizes = sql`unnest(${`{${cumulativeBytes.join(',')}}`}::bigint[])`;
  const fits = sql`c <= ${budgetBytes}::bigint - ${u.storedBytes}`;
  const [row] = await db
    .update(u)
    .set({
      lastGranted: sql`(SELECT count(*) FROM ${sizes} AS c WHERE ${fits})`,
      storedBytes: sql`${u.storedBytes} + coalesce((SELECT max(c) FROM ${sizes} AS c WHERE ${fits}), 0)`,
    })
    .where(eq(u.brandId, brandId))
    .returning({ granted: u.lastGranted });
  return row!.granted;
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
