import type { Database } from '../db/database.ts';
import { deleteAnalyticsEventsBefore } from '../repositories/analyticsEvents.repository.ts';

/** How long events are kept, and how many are deleted per statement (short statements never hold the table long). */
export interface AnalyticsRetention {
  retentionDays: number;
  batchSize?: number;
}

export const defaultAnalyticsRetentionDays = 90;

/** Deletes the events received more than `retentionDays` ago, a batch at a time; answers how many went. */
export async function pruneAnalytics(db: Database, nowMs: number, { retentionDays, batchSize = 5000 }: AnalyticsRetention): Promise<number> {
  const before = new Date(nowMs - retentionDays * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    const deleted = await deleteAnalyticsEventsBefore(db, before, batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
