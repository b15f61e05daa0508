import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tickets } from './tickets.ts';

export type CheckInMode = 'online' | 'offline';

/**
 * A ticket admitted at the door (issue 43, docs/door.md): one row per ticket, its primary key the
 * ticket, so of two doors admitting one ticket at once exactly one insert succeeds. `at` is when
 * the door admitted it (the device's time for a check-in made offline and synced later). The
 * ticket's variant is kept so an evening (an offer's variants of one start and city) counts its
 * own check-ins.
 */
export const checkIns = pgTable(
  'check_in',
  {
    brandId: text('brand_id').notNull(),
    ticketId: text('ticket_id').notNull(),
    offerId: text('offer_id').notNull(),
    itemVariantId: text('item_variant_id').notNull(),
    /** The door's name, chosen on the device; two devices may share one. */
    door: text('door').notNull(),
    /** The random id the door device made for itself: "the same door" is the same device. */
    deviceId: text('device_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The door staff's user id. */
    byUserId: text('by_user_id').notNull(),
    mode: text('mode').$type<CheckInMode>().notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.ticketId] }),
    foreignKey({ columns: [t.brandId, t.ticketId], foreignColumns: [tickets.brandId, tickets.id] }).onDelete('cascade'),
    index('check_in_variant_idx').on(t.brandId, t.itemVariantId),
    check('check_in_mode', sql`${t.mode} IN ('online', 'offline')`),
  ],
);

/**
 * A ticket admitted offline at a door device after another device had admitted it: reported to
 * both at their syncs. One row per ticket and device, so a device sending its check-ins again
 * adds none; an evening keeps the rows of a bounded number of devices (docs/door.md, "Limits").
 */
export const checkInDoubleEntries = pgTable(
  'check_in_double_entry',
  {
    brandId: text('brand_id').notNull(),
    ticketId: text('ticket_id').notNull(),
    offerId: text('offer_id').notNull(),
    /** The evening's id (its first variant's id) the device was admitting to. */
    eveningId: text('evening_id').notNull(),
    door: text('door').notNull(),
    deviceId: text('device_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    byUserId: text('by_user_id').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.ticketId, t.deviceId] }),
    foreignKey({ columns: [t.brandId, t.ticketId], foreignColumns: [tickets.brandId, tickets.id] }).onDelete('cascade'),
    index('check_in_double_entry_evening_idx').on(t.brandId, t.eveningId, t.deviceId),
  ],
);
