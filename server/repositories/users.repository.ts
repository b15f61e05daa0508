import { and, eq } from 'drizzle-orm';
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
