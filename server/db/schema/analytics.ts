import { bigint, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';

/** What an event carries besides the columns: device, versions, href, customParams (the spec's event, section 3). */
export type AnalyticsEventDetails = Record<string, unknown>;

/**
 * One analytics event the app sent (`POST /v1/a`), kept per brand for the operator's report and
 * deleted after the retention (ANALYTICS_RETENTION_DAYS). `user_id` is set only when the request
 * carried that member's valid ID token; `received_at` (the server's clock) is what the report and
 * the retention go by, `client_at` is the device's own clock.
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
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.id] }),
    foreignKey({ columns: [t.brandId], foreignColumns: [brands.id] }).onDelete('cascade'),
    index('analytics_event_report_idx').on(t.brandId, t.eventName, t.receivedAt),
    index('analytics_event_received_idx').on(t.receivedAt),
  ],
);
