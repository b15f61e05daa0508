import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { passwordResetTokens } from '../db/schema/index.ts';

export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

export async function insertResetToken(
  db: Executor,
  token: { tokenHash: string; brandId: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(token);
}

/** Unused, unexpired tokens of the member: bounds how many reset mails one address gets. */
export async function countLiveResetTokens(db: Executor, brandId: string, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ tokens: count() })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.brandId, brandId),
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return row?.tokens ?? 0;
}

export async function findResetToken(db: Executor, tokenHash: string): Promise<ResetTokenRow | null> {
  const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** Marks the token used if it still is usable at `now`; null when another request (or time) beat us. */
export async function claimResetToken(db: Executor, tokenHash: string, now: Date): Promise<ResetTokenRow | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** Gives a claimed token back (its password could not be set). */
export async function releaseResetToken(db: Executor, tokenHash: string): Promise<void> {
  await db.update(passwordResetTokens).set({ usedAt: null }).where(eq(passwordResetTokens.tokenHash, tokenHash));
}

/** Uses up the member's other live tokens once one of them set the password. */
export async function useUpResetTokens(db: Executor, brandId: string, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.brandId, brandId), eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
