import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Accounts of the embedded identity provider (Firebase Auth protocol), one tenant per brand. */
export const identityAccounts = pgTable(
  'identity_account',
  {
    uid: text('uid').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    displayName: text('display_name'),
    phoneNumber: text('phone_number'),
    emailVerified: boolean('email_verified').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    /** Tokens issued before this (seconds since epoch) are no longer valid. */
    validSince: integer('valid_since').notNull().default(0),
    /**
     * Raised by every revocation (password, e-mail, reset); ID and refresh tokens carry the value
     * they were issued under and stop working once it moved on, even within the same second.
     */
    tokenGeneration: integer('token_generation').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('identity_account_email_idx').on(t.tenantId, t.email)],
);

export const identityRefreshTokens = pgTable(
  'identity_refresh_token',
  {
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    uid: text('uid').notNull(),
    tenantId: text('tenant_id').notNull(),
    /** The account's tokenGeneration when the session started. */
    tokenGeneration: integer('token_generation').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_refresh_token_uid_idx').on(t.uid)],
);

/** Out-of-band codes (password reset) sent by mail. */
export const identityOobCodes = pgTable('identity_oob_code', {
  codeHash: text('code_hash').primaryKey(),
  uid: text('uid').notNull(),
  tenantId: text('tenant_id').notNull(),
  requestType: text('request_type').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** The provider's RS256 signing key, shared by every server instance on the database. */
export const identitySigningKeys = pgTable('identity_signing_key', {
  kid: text('kid').primaryKey(),
  /** Private JWK. It lives only in the database (which PGlite keeps in DATA_DIR). */
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
