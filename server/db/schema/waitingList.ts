import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, pgSequence, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { itemVariants } from './commerce.ts';

/** Hands out places in line: a rejoining member takes a fresh number, behind everyone waiting. */
export const waitingListPositions = pgSequence('waiting_list_position_seq');

export type WaitingListStatus = 'waiting' | 'offered' | 'expired' | 'bought' | 'left';

/**
 * A member's place on a sold-out variant's waiting list (spec 5, issue 14): one row per member
 * and variant. `waiting` in `position` order; `offered` while a `waiting_list` stock hold keeps
 * one unit for them until `offered_until` (while they pay, their checkout holds it instead and
 * `checkout_session_id` names it); then `bought`, or `expired` when the offer lapsed, or `left`.
 * Joining again reuses the row with a new position.
 */
export const waitingListEntries = pgTable(
  'waiting_list_entry',
  {
    brandId: text('brand_id').notNull(),
    itemVariantId: text('item_variant_id').notNull(),
    userId: text('user_id').notNull(),
    status: text('status').$type<WaitingListStatus>().notNull().default('waiting'),
    position: bigint('position', { mode: 'number' })
      .notNull()
      .default(sql`nextval('waiting_list_position_seq')`),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offeredUntil: timestamp('offered_until', { withTimezone: true }),
    checkoutSessionId: text('checkout_session_id'),
    /** For the offer mail: where and in which language the member uses the app. */
    email: text('email').notNull(),
    language: text('language').notNull().default('en'),
    appOrigin: text('app_origin').notNull(),
    /** The client address the member joined from: places per address and variant are limited (docs/waiting-list.md). */
    clientAddress: text('client_address'),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.itemVariantId, t.userId] }),
    foreignKey({ columns: [t.brandId, t.itemVariantId], foreignColumns: [itemVariants.brandId, itemVariants.id] }).onDelete('cascade'),
    index('waiting_list_line_idx').on(t.brandId, t.itemVariantId, t.status, t.position),
    index('waiting_list_offer_lapse_idx').on(t.status, t.offeredUntil),
    index('waiting_list_address_idx').on(t.brandId, t.itemVariantId, t.clientAddress),
    check('waiting_list_status', sql`${t.status} IN ('waiting', 'offered', 'expired', 'bought', 'left')`),
  ],
);
