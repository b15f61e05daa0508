import { foreignKey, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';

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
