import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';

/**
 * Password reset links of the API (`/password_reset/:token`). Only a hash of the token is
 * kept; a token is used once and expires.
 */
export const passwordResetTokens = pgTable(
  'password_reset_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    brandId: text('brand_id').notNull().references(() => brands.id),
    userId: text('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_token_user_idx').on(t.brandId, t.userId)],
);
