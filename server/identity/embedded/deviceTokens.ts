import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { identityAccounts, identityDeviceTokens } from '../../db/schema/identity.ts';
import type { Account } from './accountStore.ts';
import type { EmbeddedContext } from './context.ts';
import { sha256 } from './tokens.ts';

/*
 * Device tokens (issue 40: nobody locks a member out). A successful sign-in hands the device a
 * random token in an HttpOnly cookie scoped to the identity protocol's paths; the database keeps
 * only its SHA-256. With a right password and a valid device token of that very account, the
 * sign-in passes the account's limits (only that device's own failures count), so strangers'
 * failures never keep a device the member signed in on before out.
 *
 * The firebase SDK calls the embedded provider on the app's own origin (connectAuthEmulator with
 * the page's origin, src/config.ts) with fetch's default credentials mode, same-origin: the
 * browser keeps the cookie the sign-in answer sets and sends it with the next sign-in. Where the
 * identity endpoints live on another origin (VITE_IDENTITY_ORIGIN), the SDK's fetch sends no
 * cookies and sign-ins there are throttled as from an unknown device (docs/identity.md).
 */

export const deviceCookieName = 'klubb_device';
/** Every `accounts:*` call (a cookie path ending in `/` matches `accounts:signInWithPassword`; `/v1/accounts` would not). */
export const deviceCookiePath = '/identitytoolkit.googleapis.com/v1/';
export const deviceTokenLifetimeMs = 180 * 24 * 60 * 60_000;
/** Rotated-away tokens are kept this long (then deleted); either way they no longer count. */
const keepRevokedMs = 7 * 24 * 60 * 60_000;

const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** The device token in a request's Cookie header, when one of the right shape is there. */
export function readDeviceCookie(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== deviceCookieName) continue;
    const value = part.slice(at + 1).trim();
    if (tokenShape.test(value)) return value;
  }
  return null;
}

/** The Set-Cookie value that hands `token` to the device: never readable by script, sent only to the identity calls of this origin. */
export function deviceCookie(token: string, secure: boolean): string {
  const attributes = [
    `${deviceCookieName}=${token}`,
    `Path=${deviceCookiePath}`,
    `Max-Age=${Math.floor(deviceTokenLifetimeMs / 1000)}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

/**
 * The stored hash of `token` when it is a live device token of the account that signs in with
 * `email` in `tenantId`: not rotated away or revoked, not expired, issued under the account's
 * current token generation (a password or e-mail change, a reset end it). Null otherwise: a
 * forged, stolen-and-rotated, revoked or another member's token counts as no token.
 */
export async function findTrustedDevice(
  context: Pick<EmbeddedContext, 'db' | 'now'>,
  token: string,
  account: { tenantId: string; email: string },
): Promise<string | null> {
  const tokenHash = sha256(token);
  const [row] = await context.db
    .select({ tokenGeneration: identityDeviceTokens.tokenGeneration, expiresAt: identityDeviceTokens.expiresAt, current: identityAccounts.tokenGeneration })
    .from(identityDeviceTokens)
    .innerJoin(identityAccounts, eq(identityAccounts.uid, identityDeviceTokens.uid))
    .where(
      and(
        eq(identityDeviceTokens.tokenHash, tokenHash),
        isNull(identityDeviceTokens.revokedAt),
        eq(identityDeviceTokens.tenantId, account.tenantId),
        eq(identityAccounts.tenantId, account.tenantId),
        eq(identityAccounts.email, account.email),
        eq(identityAccounts.disabled, false),
      ),
    )
    .limit(1);
  if (!row || row.tokenGeneration !== row.current || row.expiresAt.getTime() <= context.now()) return null;
  return tokenHash;
}

/**
 * A new device token for `account` after a successful sign-in; the token the device held
 * (`previous`, whoever's it was) is rotated away, and the account's dead tokens are deleted.
 */
export async function issueDeviceToken(context: Pick<EmbeddedContext, 'db' | 'now'>, account: Account, previous: string | null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = new Date(context.now());
  await context.db.transaction(async (tx) => {
    if (previous) {
      await tx
        .update(identityDeviceTokens)
        .set({ revokedAt: at })
        .where(and(eq(identityDeviceTokens.tokenHash, sha256(previous)), isNull(identityDeviceTokens.revokedAt)));
    }
    await tx
      .delete(identityDeviceTokens)
      .where(
        and(
          eq(identityDeviceTokens.uid, account.uid),
          or(
            lte(identityDeviceTokens.expiresAt, at),
            ne(identityDeviceTokens.tokenGeneration, account.tokenGeneration),
            and(isNotNull(identityDeviceTokens.revokedAt), lte(identityDeviceTokens.revokedAt, new Date(at.getTime() - keepRevokedMs))),
          ),
        ),
      );
    await tx.insert(identityDeviceTokens).values({
      tokenHash: sha256(token),
      uid: account.uid,
      tenantId: account.tenantId,
      tokenGeneration: account.tokenGeneration,
      createdAt: at,
      lastUsedAt: at,
      expiresAt: new Date(at.getTime() + deviceTokenLifetimeMs),
    });
  });
  return token;
}
