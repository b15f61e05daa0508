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

/**
 * Devices a member signed in on (issue 40: nobody locks a member out): the device keeps a signed
 * token in an HttpOnly cookie, and a right password with a valid device token passes the
 * per-account sign-in limiter. Rotated at each sign-in on the device, revoked with the account's
 * tokens (tokenGeneration) or one by one.
 */
export const identityDeviceTokens = pgTable(
  'identity_device_token',
  {
    /** SHA-256 of the token; the token itself lives only on the device. */
    tokenHash: text('token_hash').primaryKey(),
    uid: text('uid').notNull(),
    tenantId: text('tenant_id').notNull(),
    /** The account's tokenGeneration when it was issued: a revocation of the account's tokens ends it. */
    tokenGeneration: integer('token_generation').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when revoked on its own (signed out on that device, or rotated away). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('identity_device_token_uid_idx').on(t.uid)],
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
