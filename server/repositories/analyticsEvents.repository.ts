import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { analyticsDaily, analyticsEvents, analyticsIngestMinutes } from '../db/schema/index.ts';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** Inserts events as given (their `bytes` already counted in the brand's usage by the caller: server/analytics/bounds.ts). */
export async function insertAnalyticsEvents(db: Executor, rows: NewAnalyticsEvent[]): Promise<void> {
  if (rows.length > 0) await db.insert(analyticsEvents).values(rows);
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** The earliest time anything of the brand is kept: a raw event, a day rolled up, or a minute's count. */
export async function oldestAnalyticsAt(db: Executor, brandId: string): Promise<Date | null> {
  const e = analyticsEvents;
  const d = analyticsDaily;
  const m = analyticsIngestMinutes;
  const result = await db.execute(sql`
    SELECT least(
      (SELECT min(${e.receivedAt}) FROM ${e} WHERE ${e.brandId} = ${brandId}),
      (SELECT min(${d.day})::timestamp AT TIME ZONE 'UTC' FROM ${d} WHERE ${d.brandId} = ${brandId}),
      (SELECT min(${m.minute}) FROM ${m} WHERE ${m.brandId} = ${brandId})
    ) AS at`);
  const at = rowsOf(result)[0]?.at as string | Date | null | undefined;
  return at ? new Date(at) : null;
}
