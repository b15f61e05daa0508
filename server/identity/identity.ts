import type { FastifyInstance } from 'fastify';
import type { TenantDirectory } from './tenants.ts';

/** What the API knows about the caller after checking the ID token. */
export interface VerifiedToken {
  uid: string;
  /** The identity tenant the token was issued in (one per brand). */
  tenantId: string | null;
  email: string | null;
  authTime: number;
  /** Seconds since epoch. */
  expiresAt: number;
}

export interface NewAccount {
  tenantId: string;
  email: string;
  password: string;
  displayName?: string;
  /** Chosen uid (seeding keeps ids stable); generated when absent. */
  uid?: string;
}

/**
 * The identity provider behind the API: the embedded one speaking Firebase Auth's
 * protocol, or real Firebase / Identity Platform through firebase-admin.
 */
export interface IdentityProvider {
  readonly kind: 'embedded' | 'firebase';
  /**
   * Checks signature, issuer, audience, expiry and revocation.
   * Throws ApiError 401 with code auth/id-token-expired, auth/id-token-revoked,
   * auth/user-disabled or auth/invalid-id-token.
   */
  verifyIdToken(idToken: string): Promise<VerifiedToken>;
  /** Creates an account in a tenant; returns its uid. Throws ApiError 409 auth/email-already-exists. */
  createAccount(account: NewAccount): Promise<string>;
  /** The uid of the account with this e-mail in the tenant, or null. */
  findAccountByEmail(tenantId: string, email: string): Promise<string | null>;
  /** A custom token for signInWithCustomToken (valid 1 hour) for an existing account. */
  createCustomToken(tenantId: string, uid: string): Promise<string>;
  /**
   * Sets a new password (already checked against the product's rule) and revokes every token
   * issued before, like a reset. Throws ApiError 404 auth/user-not-found.
   */
  setPassword(tenantId: string, uid: string, password: string): Promise<void>;
  /** Changes the sign-in e-mail. Throws ApiError 409 auth/email-already-exists, 404 auth/user-not-found. */
  updateEmail(tenantId: string, uid: string, email: string): Promise<void>;
  /**
   * Whether `password` is the account's current one, counted like a sign-in attempt (per account
   * and per `clientAddress`). Throws ApiError 429 auth/too-many-attempts while locked.
   */
  verifyPassword(tenantId: string, uid: string, password: string, clientAddress: string): Promise<boolean>;
  /** Deletes the account and revokes its tokens; an account already gone is not an error. */
  deleteAccount(tenantId: string, uid: string): Promise<void>;
  /**
   * Calls `listener` with the uid whenever this instance revokes an account's tokens (new password
   * or e-mail, deletion), so caches of verified tokens drop them at once (embedded only).
   */
  onTokensRevoked?(listener: (uid: string) => void): void;
  /** The provider's own tenants (Identity Platform); absent where a brand's row is its tenant (embedded). */
  readonly tenants?: TenantDirectory;
  /** Serves the provider's own HTTP protocol on the app (embedded only). */
  registerRoutes?(app: FastifyInstance): Promise<void>;
}
