import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import type { Database } from '../../db/database.ts';
import { brands } from '../../db/schema/brands.ts';
import { TtlCache } from '../../cache.ts';
import { ApiError } from '../../errors.ts';
import type { IdentityProvider, NewAccount, VerifiedToken } from '../identity.ts';
import { createAccountAdmin } from './accountAdmin.ts';
import { findAccountByEmail, findAccountByUid } from './accountStore.ts';
import type { EmbeddedContext, TenantBrand } from './context.ts';
import { createLoginLimiter, defaultLoginLimits, type LoginLimits } from './loginLimiter.ts';
import { createPasswordAccount } from './passwordAccounts.ts';
import { meetsPasswordPolicy } from './passwords.ts';
import { isValidEmail, isValidTenantId } from './requestBody.ts';
import { registerEmbeddedRoutes } from './routes/index.ts';
import { createOutboxMailer } from '../../mail/outbox.ts';
import type { MailSender } from '../../mail/mail.ts';
import { loadOrCreateSigningKey } from './signingKey.ts';
import { createCustomToken, verifyIdTokenForAccount } from './tokens.ts';

export interface EmbeddedIdentityOptions {
  /** Holds the accounts and the signing key, shared by every instance on it. */
  db: Database;
  projectId: string;
  /** Milliseconds since epoch (tests move time with it). */
  now?: () => number;
  /** Defaults to `defaultLoginLimits`; tests lower some. */
  loginLimits?: Partial<LoginLimits>;
  /** The brand owning a tenant (null: no sign-up or reset mail there); reset links may only point at its app hosts. Defaults to the brand table. */
  brandForTenant?: (tenantId: string) => Promise<TenantBrand | null>;
  /** Where reset mails go; defaults to the outbox table. */
  mail?: MailSender;
}

export interface EmbeddedIdentity extends IdentityProvider {
  readonly kind: 'embedded';
  registerRoutes(app: FastifyInstance): Promise<void>;
  /** The public keys ID tokens are signed with (also served at GET /identity/.well-known/jwks.json). */
  jwks(): JSONWebKeySet;
}

/** How long the API may trust a cached account status (disabled, revoked since) on another instance. */
export const accountCacheTtlMs = 5_000;

export async function createEmbeddedIdentity(options: EmbeddedIdentityOptions): Promise<EmbeddedIdentity> {
  const now = options.now ?? Date.now;
  const context: EmbeddedContext = {
    db: options.db,
    projectId: options.projectId,
    now,
    signingKey: await loadOrCreateSigningKey(options.db),
    loginLimiter: createLoginLimiter(options.db, now, { ...defaultLoginLimits, ...options.loginLimits }),
    brandForTenant: options.brandForTenant ?? ((tenantId) => brandFromTable(options.db, tenantId)),
    mail: options.mail ?? createOutboxMailer(options.db),
    accountCache: new TtlCache({ ttlMs: accountCacheTtlMs, maxEntries: 50_000, now }),
    revocationListeners: new Set(),
  };

  return {
    kind: 'embedded',
    ...createAccountAdmin(context),
    registerRoutes: (app) => registerEmbeddedRoutes(app, context),
    jwks: () => context.signingKey.publicJwks,
    onTokensRevoked: (listener) => void context.revocationListeners.add(listener),

    async verifyIdToken(idToken: string): Promise<VerifiedToken> {
      const { claims } = await verifyIdTokenForAccount(context, idToken, (uid) =>
        context.accountCache.getOrLoad(uid, () => findAccountByUid(options.db, uid)),
      );
      return { uid: claims.uid, tenantId: claims.tenantId, email: claims.email, authTime: claims.authTime, expiresAt: claims.expiresAt };
    },

    async createAccount(account: NewAccount): Promise<string> {
      const email = account.email.toLowerCase();
      if (!isValidTenantId(account.tenantId)) throw new ApiError(400, 'auth/invalid-tenant-id', 'The tenant id is not valid');
      if (!isValidEmail(email)) throw new ApiError(400, 'auth/invalid-email', 'The e-mail address is not valid');
      if (!meetsPasswordPolicy(account.password)) {
        throw new ApiError(400, 'auth/invalid-password', 'The password needs 8 to 30 characters with a digit, a lowercase and an uppercase letter');
      }
      const created = await createPasswordAccount(context, { ...account, email });
      if (created === 'email-taken') {
        throw new ApiError(409, 'auth/email-already-exists', 'The e-mail address is already in use by another account');
      }
      if (created === 'uid-taken') throw new ApiError(409, 'auth/uid-already-exists', 'The uid is already in use by another account');
      return created.uid;
    },

    async findAccountByEmail(tenantId: string, email: string): Promise<string | null> {
      return (await findAccountByEmail(options.db, tenantId, email.toLowerCase()))?.uid ?? null;
    },

    async createCustomToken(tenantId: string, uid: string): Promise<string> {
      const account = await findAccountByUid(options.db, uid);
      if (!account || account.tenantId !== tenantId) throw new ApiError(404, 'auth/user-not-found', 'There is no account with this uid in the tenant');
      return createCustomToken(context, tenantId, uid);
    },
  };
}

async function brandFromTable(db: Database, tenantId: string): Promise<TenantBrand | null> {
  const [brand] = await db
    .select({ id: brands.id, appHosts: brands.appHosts })
    .from(brands)
    .where(eq(brands.authTenantId, tenantId))
    .limit(1);
  return brand ?? null;
}
