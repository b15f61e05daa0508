import { foreignKey, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { offers } from './offers.ts';
import { users } from './users.ts';

/**
 * The token a member's referral link carries for one offer (spec 7): made once, at random, and
 * kept, so the partner's page can check it (GET /v1/verify/referral_token) without ever seeing
 * who the member is. Gone with the member's profile or the offer.
 */
export const referralTokens = pgTable(
  'referral_token',
  {
    brandId: text('brand_id').notNull(),
    userId: text('user_id').notNull(),
    offerId: text('offer_id').notNull(),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.userId, t.offerId] }),
    uniqueIndex('referral_token_token_idx').on(t.token),
    foreignKey({ columns: [t.brandId, t.userId], foreignColumns: [users.brandId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.brandId, t.offerId], foreignColumns: [offers.brandId, offers.id] }).onDelete('cascade'),
  ],
);
