import { bigint, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';

/** What an event carries besides the columns: device, versions, href, customParams (the spec's event, section 3). */
export type AnalyticsEventDetails = Record<string, unknown>;

/**
 * One analytics event the app sent (`POST /v1/a`), kept per brand for the operator's report, then
 * rolled up with its whole UTC day into `analytics_daily` and deleted once that day is past the
 * retention (ANALYTICS_RETENTION_DAYS). `user_id` is set only when the request carried that
 * member's valid ID token; `received_at` (the server's clock) is what the report and the
 * retention go by, `client_at` is the device's own clock.
 */
export const analyticsEvents = pgTable(
  'analytics_event',
  {
    brandId: text('brand_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    eventName: text('event_name').notNull(),
    eventType: text('event_type').notNull(),
    path: text('path').notNull(),
    offerId: text('offer_id'),
    sessionId: text('session_id').notNull(),
    userId: text('user_id'),
    clientAt: timestamp('client_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    details: jsonb('details').$type<AnalyticsEventDetails>().notNull(),
    /** Its estimated size on disk (row and index entries), counted against the brand's storage budget. */
    bytes: integer('bytes').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.id] }),
    foreignKey({ columns: [t.brandId], foreignColumns: [brands.id] }).onDelete('cascade'),
    index('analytics_event_report_idx').on(t.brandId, t.eventName, t.receivedAt),
    index('analytics_event_received_idx').on(t.receivedAt),
  ],
);

/**
 * Events of one brand in one minute against its ingest ceiling (`analyticsEventsPerMinute`): one
 * upsert per beacon grants min(asked, room) and counts the rest as dropped, so parallel beacons on
 * any number of instances never store more than the ceiling (server/analytics/bounds.ts). Rows
 * older than the rollup's boundary are folded into `analytics_daily` (their drops) and deleted.
 */
export const analyticsIngestMinutes = pgTable(
  'analytics_ingest_minute',
  {
    brandId: text('brand_id').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    /** Events granted against the ceiling this minute (stored, or dropped over the budget). */
    granted: integer('granted').notNull().default(0),
    /** What the last upsert granted (read back in its RETURNING: the row is locked while it runs). */
    lastGranted: integer('last_granted').notNull().default(0),
    droppedOverCeiling: integer('dropped_over_ceiling').notNull().default(0),
    droppedOverBudget: integer('dropped_over_budget').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.minute] }),
    foreignKey({ columns: [t.brandId], foreignColumns: [brands.id] }).onDelete('cascade'),
    index('analytics_ingest_minute_idx').on(t.minute),
  ],
);

/**
 * A brand's analytics storage: the estimated bytes its raw events take (`analytics_event.bytes`,
 * added in the step that stores them, taken off when they are deleted) against its budget
 * (`analyticsStorageMegabytes`), and the day up to which its events are rolled up into
 * `analytics_daily` (the report reads raw events only from then on).
 */
export const analyticsUsage = pgTable(
  'analytics_usage',
  {
    brandId: text('brand_id').primaryKey().references(() => brands.id, { onDelete: 'cascade' }),
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
    /** What the last upsert let in (read back in its RETURNING). */
    lastGranted: integer('last_granted').notNull().default(0),
    rolledUntil: timestamp('rolled_until', { withTimezone: true }),
  },
);

/**
 * A brand's events of one UTC day, rolled up once the whole day is past the retention, so reports
 * over long ranges keep their numbers after the raw rows are gone. `kind`: `page_view` (key: the
 * path), `offer_opened` (key: the offer), `funnel` (key: the step; `sessions` that reached it and
 * every step before it that day), `dropped` (key: `ceiling` or `budget`; `events` dropped).
 * Beyond the day's first 500 paths or offers the rest are summed under the key `other`.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    brandId: text('brand_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    events: bigint('events', { mode: 'number' }).notNull(),
    sessions: bigint('sessions', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.kind, t.day, t.key] }),
    foreignKey({ columns: [t.brandId], foreignColumns: [brands.id] }).onDelete('cascade'),
  ],
);
