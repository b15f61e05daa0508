import type { Database, Executor } from '../db/database.ts';
import type { BrandRow } from '../repositories/brands.repository.ts';
import { addUsage, countBudgetDrops, grantEvents } from '../repositories/analyticsBounds.repository.ts';
import { insertAnalyticsEvents, type NewAnalyticsEvent } from '../repositories/analyticsEvents.repository.ts';

/**
 * What one brand's analytics may take (issue 40): events stored per minute (the brand setting
 * `analyticsEventsPerMinute`) and the disk its raw events may fill (`analyticsStorageMegabytes`).
 * Past either, events are dropped and counted, never stored.
 */
export const defaultAnalyticsBounds = { eventsPerMinute: 3_000, storageMegabytes: 2_048 };

export function analyticsBoundsOf(brand: Pick<BrandRow, 'settings'>): { eventsPerMinute: number; storageBytes: number } {
  const { analyticsEventsPerMinute, analyticsStorageMegabytes } = brand.settings;
  return {
    eventsPerMinute: analyticsEventsPerMinute ?? defaultAnalyticsBounds.eventsPerMinute,
    storageBytes: (analyticsStorageMegabytes ?? defaultAnalyticsBounds.storageMegabytes) * 1024 * 1024,
  };
}

/**
 * What a row takes on disk beside its variable fields: the tuple header, the fixed columns, the
 * entries of its three indexes and the page's share. Measured as pg_total_relation_size per event
 * on PGlite and PostgreSQL: about 580 bytes for the app's page view, which this estimates within a
 * few per cent (tests/server/analytics.bounds.test.ts keeps it within a quarter).
 */
export const eventOverheadBytes = 200;

const utf8Bytes = (text: string | null | undefined) => (text ? Buffer.byteLength(text, 'utf8') : 0);

/** The estimated size of an event on disk: its row and index entries (what the budget counts). */
export function eventBytes(row: NewAnalyticsEvent): number {
  return (
    eventOverheadBytes +
    utf8Bytes(row.brandId) +
    utf8Bytes(row.eventName) +
    utf8Bytes(row.eventType) +
    utf8Bytes(row.path) +
    utf8Bytes(row.offerId) +
    utf8Bytes(row.sessionId) +
    utf8Bytes(row.userId) +
    utf8Bytes(JSON.stringify(row.details))
  );
}

export interface Admitted {
  stored: number;
  droppedOverCeiling: number;
  droppedOverBudget: number;
}

/**
 * Stores a beacon's good events within the brand's bounds, in one transaction: one statement
 * grants at most the room left under the ceiling and, of those, the events that fit the budget
 * (grantEvents), and only those are inserted. A failure stores and counts nothing.
 */
export async function admitAnalyticsEvents(db: Database, brand: Pick<BrandRow, 'id' | 'settings'>, rows: NewAnalyticsEvent[], nowMs: number): Promise<Admitted> {
  if (rows.length === 0) return { stored: 0, droppedOverCeiling: 0, droppedOverBudget: 0 };
  const bounds = analyticsBoundsOf(brand);
  const minute = new Date(Math.floor(nowMs / 60_000) * 60_000);
  const sized = rows.map((row) => ({ ...row, bytes: eventBytes(row) }));
  let total = 0;
  const cumulative = sized.map((row) => (total += row.bytes));
  return db.transaction(async (tx) => {
    const { granted, kept } = await grantEvents(tx, brand.id, minute, cumulative, { ceiling: bounds.eventsPerMinute, budgetBytes: bounds.storageBytes });
    if (kept < granted) await countBudgetDrops(tx, brand.id, minute, granted - kept);
    await insertAnalyticsEvents(tx, sized.slice(0, kept));
    return { stored: kept, droppedOverCeiling: rows.length - granted, droppedOverBudget: granted - kept };
  });
}

/** Stores events the server records itself (a table booked through the widget) in the caller's transaction: counted in the usage, never dropped. */
export async function recordServerEvents(db: Executor, brandId: string, rows: NewAnalyticsEvent[]): Promise<void> {
  const sized = rows.map((row) => ({ ...row, bytes: eventBytes(row) }));
  await insertAnalyticsEvents(db, sized);
  await addUsage(
    db,
    brandId,
    sized.reduce((sum, row) => sum + row.bytes, 0),
  );
}
