import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { ApiError } from '../../errors.ts';
import { identityRefreshTokens } from '../../db/schema/identity.ts';
import { idTokenIssuer, verifyIdTokenClaims, type IdTokenClaims } from '../tokenClaims.ts';
import { findAccountByUid, type Account } from './accountStore.ts';
import { nowSeconds, type EmbeddedContext } from './context.ts';
import { toolkitError } from './toolkitErrors.ts';

export type SignInProvider = 'password' | 'custom';

export const idTokenLifetimeSeconds = 3600;

export interface Session {
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function issueIdToken(
  context: EmbeddedContext,
  account: Account,
  signInProvider: SignInProvider,
  authTime: number,
): Promise<string> {
  const issuedAt = nowSeconds(context);
  return new SignJWT({
    user_id: account.uid,
    auth_time: authTime,
    token_generation: account.tokenGeneration,
    email: account.email,
    email_verified: account.emailVerified,
    firebase: { identities: { email: [account.email] }, sign_in_provider: signInProvider, tenant: account.tenantId },
  })
    .setProtectedHeader({ alg: 'RS256', kid: context.signingKey.kid, typ: 'JWT' })
    .setIssuer(idTokenIssuer(context.projectId))
    .setAudience(context.projectId)
    .setSubject(account.uid)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + idTokenLifetimeSeconds)
    .sign(context.signingKey.privateKey);
}

/** A fresh sign-in: new ID token and a refresh token stored only as its hash. */
export async function startSession(context: EmbeddedContext, account: Account, signInProvider: SignInProvider): Promise<Session> {
  // The provider is part of the token (and so of its hash): refreshes keep sign_in_provider without a column.
  const refreshToken = `${signInProvider}.${randomBytes(48).toString('base64url')}`;
  const createdAt = new Date(context.now());
  await context.db
    .insert(identityRefreshTokens)
    .values({ tokenHash: sha256(refreshToken), uid: account.uid, tenantId: account.tenantId, tokenGeneration: account.tokenGeneration, createdAt });
  const idToken = await issueIdToken(context, account, signInProvider, nowSeconds(context));
  return { idToken, refreshToken, expiresIn: String(idTokenLifetimeSeconds) };
}

/** A new ID token for a stored refresh token; the refresh token stays valid, as at Firebase. */
export async function refreshSession(context: EmbeddedContext, refreshToken: string) {
  const [stored] = await context.db
    .select()
    .from(identityRefreshTokens)
    .where(eq(identityRefreshTokens.tokenHash, sha256(refreshToken)))
    .limit(1);
  if (!stored) throw toolkitError('INVALID_REFRESH_TOKEN');
  const account = await findAccountByUid(context.db, stored.uid);
  if (!account || account.tenantId !== stored.tenantId) throw toolkitError('USER_NOT_FOUND');
  if (account.disabled) throw toolkitError('USER_DISABLED');
  if (stored.tokenGeneration !== account.tokenGeneration || stored.createdAt.getTime() < account.validSince * 1000) {
    throw toolkitError('TOKEN_EXPIRED');
  }
  const signInProvider: SignInProvider = refreshToken.startsWith('custom.') ? 'custom' : 'password';
  const authTime = Math.floor(stored.createdAt.getTime() / 1000);
  const idToken = await issueIdToken(context, account, signInProvider, authTime);
  return { account, idToken, refreshToken, expiresIn: String(idTokenLifetimeSeconds) };
}

/**
 * Full check of an ID token: claims (signature, iss, aud, exp, sub, auth_time, tenant), then
 * the account: it must exist in the token's tenant, be enabled, and not be revoked since.
 */
export async function verifyIdTokenForAccount(
  context: EmbeddedContext,
  idToken: string,
  findAccount: (uid: string) => Promise<Account | null> = (uid) => findAccountByUid(context.db, uid),
): Promise<{ claims: IdTokenClaims; account: Account }> {
  const claims = await verifyIdTokenClaims(idToken, {
    projectId: context.projectId,
    keys: context.signingKey.keySet,
    now: context.now,
    requireTenant: true,
  });
  const account = await findAccount(claims.uid);
  if (!account || account.tenantId !== claims.tenantId) {
    throw new ApiError(401, 'auth/user-not-found', 'There is no account for this ID token');
  }
  if (account.disabled) throw new ApiError(401, 'auth/user-disabled', 'The account has been disabled');
  // The generation is exact where seconds are not: a token minted in the second of a password change is still older.
  if (claims.issuedAt < account.validSince || (claims.tokenGeneration ?? 0) !== account.tokenGeneration) {
    throw new ApiError(401, 'auth/id-token-revoked', 'The ID token has been revoked');
  }
  return { claims, account };
}

const customTokenAudience = 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit';
const customTokenIssuer = (projectId: string) => `embedded-identity@${projectId}`;

export async function createCustomToken(context: EmbeddedContext, tenantId: string, uid: string): Promise<string> {
  const issuedAt = nowSeconds(context);
  return new SignJWT({ uid, tenant_id: tenantId })
    .setProtectedHeader({ alg: 'RS256', kid: context.signingKey.kid, typ: 'JWT' })
    .setIssuer(customTokenIssuer(context.projectId))
    .setSubject(customTokenIssuer(context.projectId))
    .setAudience(customTokenAudience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 3600)
    .sign(context.signingKey.privateKey);
}

/** The uid and tenant of a custom token this provider signed; INVALID_CUSTOM_TOKEN otherwise. */
export async function readCustomToken(context: EmbeddedContext, token: string): Promise<{ uid: string; tenantId: string }> {
  try {
    const { payload } = await jwtVerify(token, context.signingKey.keySet, {
      algorithms: ['RS256'],
      issuer: customTokenIssuer(context.projectId),
      audience: customTokenAudience,
      currentDate: new Date(context.now()),
      requiredClaims: ['exp', 'iat'],
    });
    if (typeof payload.uid !== 'string' || payload.uid === '' || typeof payload.tenant_id !== 'string') {
      throw new Error('custom token without uid or tenant_id');
    }
    return { uid: payload.uid, tenantId: payload.tenant_id };
  } catch {
    throw toolkitError('INVALID_CUSTOM_TOKEN');
  }
}
