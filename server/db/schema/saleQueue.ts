import { sql } from 'drizzle-orm';
import { check, doublePrecision, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { itemVariants } from './commerce.ts';

export type SaleQueuePlaceStatus = 'waiting' | 'admitted' | 'left' | 'done';

/**
 * A member's place in the sale queue of a variant with an on-sale time (issue 39): one row per
 * member and variant, whatever the number of tabs or devices. Members who join before the on-sale
 * time are admitted in the order of their random `draw`, those after it in `joined_at` order.
 * `waiting` until admitted; `admitted` until `admitted_until` (time to open a checkout); `left`
 * when the member left or stopped asking (`seen_at` too old); `done` once they bought.
 * Joining again after leaving reuses the row: after the on-sale time with a fresh `joined_at` (at
 * the back); before it with the member's own `draw`, so coming back draws nothing new.
 * `tabs` names the member's app windows that ask about the place (by the random id each window
 * sends) with when each last asked: a window that closes gives the place up only when no other
 * window of the member still asks.
 * Rules: server/commerce/saleQueue.ts.
 */
export const saleQueuePlaces = pgTable(
  'sale_queue_place',
  {
    brandId: text('brand_id').notNull(),
    itemVariantId: text('item_variant_id').notNull(),
    userId: text('user_id').notNull(),
    status: text('status').$type<SaleQueuePlaceStatus>().notNull().default('waiting'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** A random number in [0, 1): the order among members who joined before the on-sale time. */
    draw: doublePrecision('draw').notNull(),
    /** The last time the member's app asked about the place (a place not asked about for a while is lost). */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    admittedUntil: timestamp('admitted_until', { withTimezone: true }),
    /** The member's windows asking about the place: window id → when it last asked (ms since epoch). */
    tabs: jsonb('tabs').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.itemVariantId, t.userId] }),
    foreignKey({ columns: [t.brandId, t.itemVariantId], foreignColumns: [itemVariants.brandId, itemVariants.id] }).onDelete('cascade'),
    index('sale_queue_line_idx').on(t.brandId, t.itemVariantId, t.status),
    check('sale_queue_status', sql`${t.status} IN ('waiting', 'admitted', 'left', 'done')`),
  ],
);
