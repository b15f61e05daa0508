import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tickets } from './tickets.ts';

export type CheckInMode = 'online' | 'offline';

/**
 * A ticket admitted at the door (issue 43, docs/door.md): one row per ticket, its primary key the
 * ticket, so of two doors admitting one ticket at once exactly one insert succeeds. `at` is when
 * the door admitted it (the device's time for a check-in made offline and synced later).
 */
export const checkIns = pgTable(
  'check_in',
  {
    brandId: text('brand_id').notNull(),
    ticketId: text('ticket_id').notNull(),
    offerId: text('offer_id').notNull(),
    /** The door's name, chosen on the device. */
    door: text('door').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The door staff's user id. */
    byUserId: text('by_user_id').notNull(),
    mode: text('mode').$type<CheckInMode>().notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.ticketId] }),
    foreignKey({ columns: [t.brandId, t.ticketId], foreignColumns: [tickets.brandId, tickets.id] }).onDelete('cascade'),
    index('check_in_offer_idx').on(t.brandId, t.offerId),
    check('check_in_mode', sql`${t.mode} IN ('online', 'offline')`),
  ],
);

/**
 * A ticket admitted offline at a door after another door had admitted it: reported to both doors
 * at their syncs. One row per ticket and door, so a door sending its check-ins again adds none.
 */
export const checkInDoubleEntries = pgTable(
  'check_in_double_entry',
  {
    brandId: text('brand_id').notNull(),
    ticketId: text('ticket_id').notNull(),
    offerId: text('offer_id').notNull(),
    door: text('door').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    byUserId: text('by_user_id').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.ticketId, t.door] }),
    foreignKey({ columns: [t.brandId, t.ticketId], foreignColumns: [tickets.brandId, tickets.id] }).onDelete('cascade'),
    index('check_in_double_entry_offer_idx').on(t.brandId, t.offerId),
  ],
);
