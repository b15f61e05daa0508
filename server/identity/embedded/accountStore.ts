import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { identityAccounts, identityDeviceTokens, identityOobCodes, identityRefreshTokens } from '../../db/schema/identity.ts';

export type Account = typeof identityAccounts.$inferSelect;

const uidAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 28 characters of base62, like Firebase uids. */
export function generateUid(): string {
  // 248 is the largest multiple of 62 below 256: rejecting bytes above it keeps the draw uniform.
  let uid = '';
  while (uid.length < 28) {
    for (const byte of randomBytes(32)) if (byte < 248 && uid.length < 28) uid += uidAlphabet[byte % 62];
  }
  return uid;
}

export async function findAccountByUid(db: Executor, uid: string): Promise<Account | null> {
  const [account] = await db.select().from(identityAccounts).where(eq(identityAccounts.uid, uid)).limit(1);
  return account ?? null;
}

/** `email` must already be lower-cased. */
export async function findAccountByEmail(db: Executor, tenantId: string, email: string): Promise<Account | null> {
  const [account] = await db
    .select()
    .from(identityAccounts)
    .where(and(eq(identityAccounts.tenantId, tenantId), eq(identityAccounts.email, email)))
    .limit(1);
  return account ?? null;
}

export interface AccountInsert {
  uid: string;
  tenantId: string;
  email: string;
  passwordHash: string;
  displayName?: string | null;
  createdAt: Date;
  /** Seconds since epoch; tokens issued before are invalid. */
  validSince: number;
}

/** The new account, or which unique key was taken. */
export async function insertAccount(db: Executor, values: AccountInsert): Promise<Account | 'email-taken' | 'uid-taken'> {
  const [account] = await db.insert(identityAccounts).values(values).onConflictDoNothing().returning();
  if (account) return account;
  return (await findAccountByEmail(db, values.tenantId, values.email)) ? 'email-taken' : 'uid-taken';
}

export type AccountPatch = Partial<Pick<Account, 'email' | 'passwordHash' | 'displayName' | 'emailVerified' | 'lastLoginAt'>>;

/**
 * Applies `patch`; with `revokeAt` (seconds since epoch) every ID and refresh token issued before
 * stops working, exactly: the token generation moves on in the same statement.
 */
export async function updateAccount(db: Executor, uid: string, patch: AccountPatch, revokeAt?: number): Promise<Account> {
  const revocation = revokeAt === undefined ? {} : { validSince: revokeAt, tokenGeneration: sql`${identityAccounts.tokenGeneration} + 1` };
  const [account] = await db
    .update(identityAccounts)
    .set({ ...patch, ...revocation })
    .where(eq(identityAccounts.uid, uid))
    .returning();
  if (!account) throw new Error(`identity account ${uid} vanished during an update`);
  return account;
}

/** Removes the account with its refresh tokens, device tokens and reset codes; run it in the caller's transaction. */
export async function deleteAccount(tx: Executor, uid: string): Promise<void> {
  await tx.delete(identityRefreshTokens).where(eq(identityRefreshTokens.uid, uid));
  await tx.delete(identityDeviceTokens).where(eq(identityDeviceTokens.uid, uid));
  await tx.delete(identityOobCodes).where(eq(identityOobCodes.uid, uid));
  await tx.delete(identityAccounts).where(eq(identityAccounts.uid, uid));
}

/** PostgreSQL's unique_violation, directly or wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
