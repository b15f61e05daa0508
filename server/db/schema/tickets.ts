import { foreignKey, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import { orders } from './orders.ts';

/**
 * A brand's Ed25519 keys for signing ticket codes (docs/tickets.md). The newest signs; older
 * ones stay so codes already handed out keep verifying until the operator removes them.
 */
export const ticketSigningKeys = pgTable(
  'ticket_signing_key',
  {
    brandId: text('brand_id').notNull(),
    kid: text('kid').notNull(),
    /** Private JWK (OKP, Ed25519). It lives only in the database. */
    privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.kid] }), foreignKey({ columns: [t.brandId], foreignColumns: [brands.id] }).onDelete('cascade')],
);

/**
 * One ticket per unit of a ticket line (issue 14): made when the order is fulfilled, in the same
 * transaction, with its signed code (docs/tickets.md). Goes with its order.
 */
export const tickets = pgTable(
  'ticket',
  {
    brandId: text('brand_id').notNull(),
    id: text('id').notNull(),
    orderId: text('order_id').notNull(),
    lineNo: integer('line_no').notNull(),
    /** 1..quantity within its line. */
    unitNo: integer('unit_no').notNull(),
    offerId: text('offer_id').notNull(),
    itemVariantId: text('item_variant_id').notNull(),
    /** The compact JWS a door scanner checks. */
    code: text('code').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.id] }),
    uniqueIndex('ticket_unit_idx').on(t.brandId, t.orderId, t.lineNo, t.unitNo),
    foreignKey({ columns: [t.brandId, t.orderId], foreignColumns: [orders.brandId, orders.id] }).onDelete('cascade'),
  ],
);
