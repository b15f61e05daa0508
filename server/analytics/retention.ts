import type { Database } from '../db/database.ts';
import { deleteRolledEventsBefore, earliestUnrolled, rollUpDay } from '../repositories/analyticsRollup.repository.ts';

/** How long events are kept, and how many are deleted per statement (short statements never hold the table long). */
export interface AnalyticsRetention {
  retentionDays: number;
  batchSize?: number;
}

export const defaultAnalyticsRetentionDays = 90;

const dayMs = 86_400_000;

/** Midnight UTC of the day `ms` falls on. */
export const startOfUtcDay = (ms: number) => new Date(Math.floor(ms / dayMs) * dayMs);

/**
 * Rolls up every UTC day wholly past the retention into the daily aggregates the report reads
 * (each day in a transaction of its own, so a sweep that dies leaves each day rolled up or not),
 * then deletes those days' raw events a batch at a time, giving their bytes back to their brands'
 * storage budgets; answers how many events went. Events are thus kept `retentionDays` at least
 * and less than a day longer.
 */
export async function pruneAnalytics(db: Database, nowMs: number, { retentionDays, batchSize = 5000 }: AnalyticsRetention): Promise<number> {
  const before = startOfUtcDay(nowMs - retentionDays * dayMs);
  let last = -Infinity;
  for (let first = await earliestUnrolled(db, before); first !== null; first = await earliestUnrolled(db, before)) {
    const day = startOfUtcDay(first.getTime());
    if (day.getTime() <= last) throw new Error(`analytics rollup: ${day.toISOString()} is still not rolled up`);
    await db.transaction((tx) => rollUpDay(tx, day));
    last = day.getTime();
  }
  let total = 0;
  for (;;) {
    const deleted = await deleteRolledEventsBefore(db, before, batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
