import type { FastifyInstance } from 'fastify';

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
  /** Serves the provider's own HTTP protocol on the app (embedded only). */
  registerRoutes?(app: FastifyInstance): Promise<void>;
}
