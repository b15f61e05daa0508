import { findAccountByEmail, generateUid, insertAccount, updateAccount, type Account } from './accountStore.ts';
import { nowSeconds, type EmbeddedContext } from './context.ts';
import { burnEquivalentTime, hashPassword, verifyPassword } from './passwords.ts';

/** `email` lower-cased, password already checked for strength. */
export async function createPasswordAccount(
  context: EmbeddedContext,
  input: { tenantId: string; email: string; password: string; displayName?: string | null; uid?: string },
): Promise<Account | 'email-taken' | 'uid-taken'> {
  const createdAt = new Date(context.now());
  return insertAccount(context.db, {
    uid: input.uid ?? generateUid(),
    tenantId: input.tenantId,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    displayName: input.displayName ?? null,
    createdAt,
    validSince: nowSeconds(context),
  });
}

export type PasswordSignIn = { outcome: 'succeeded'; account: Account } | { outcome: 'failed' } | { outcome: 'blocked'; retryAfterMs: number };

/**
 * Checks e-mail and password under the login limits; unknown e-mails fail like wrong passwords.
 * `trustedDevice`: the hash of a device token found valid for this account (deviceTokens.ts).
 */
export async function attemptPasswordSignIn(
  context: EmbeddedContext,
  request: { tenantId: string; email: string; password: string; address: string; trustedDevice?: string | null },
): Promise<PasswordSignIn> {
  const found: { account: Account | null } = { account: null };
  const result = await context.loginLimiter.attempt(request, async () => {
    found.account = await findAccountByEmail(context.db, request.tenantId, request.email);
    if (!found.account) {
      await burnEquivalentTime(request.password);
      return false;
    }
    return verifyPassword(request.password, found.account.passwordHash);
  });
  if (result.outcome === 'blocked') return result;
  if (result.outcome === 'failed' || !found.account) return { outcome: 'failed' };
  return { outcome: 'succeeded', account: found.account };
}

export const markSignedIn = (context: EmbeddedContext, account: Account) =>
  updateAccount(context.db, account.uid, { lastLoginAt: new Date(context.now()) });
