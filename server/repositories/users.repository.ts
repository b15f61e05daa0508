import { and, eq } from 'drizzle-orm';
import { isLanguage, type Language } from '../../domain/language.ts';
import type { Executor } from '../db/database.ts';
import { users } from '../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Executor, brandId: string, id: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.brandId, brandId), eq(users.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Locks the member's row for the rest of the caller's transaction, so writes of the member's own
 * lists take turns (and wait for a deletion of the account); rows that merely refer to the
 * member (a cart line, a waiting-list place) are not held up. False when there is no such member.
 */
export async function lockUser(tx: Executor, brandId: string, id: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.brandId, brandId), eq(users.id, id)))
    .for('no key update');
  return rows.length > 0;
}

/** The language the member chose in the app, or null (not chosen, or no such member). */
export async function findUserLanguage(db: Executor, brandId: string, id: string): Promise<Language | null> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(and(eq(users.brandId, brandId), eq(users.id, id)))
    .limit(1);
  return isLanguage(row?.language) ? row.language : null;
}
