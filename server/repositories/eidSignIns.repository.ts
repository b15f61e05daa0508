import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { brands, eidSignIns, users } from '../db/schema/index.ts';

export type EidSignInRow = typeof eidSignIns.$inferSelect;

export async function insertEidSignIn(db: Executor, row: typeof eidSignIns.$inferInsert): Promise<void> {
  await db.insert(eidSignIns).values(row);
}

/** The order if it belongs to this brand; another brand's order is as unknown as a made-up one. */
export async function findEidSignIn(db: Executor, brandId: string, orderRef: string): Promise<EidSignInRow | null> {
  const rows = await db
    .select()
    .from(eidSignIns)
    .where(and(eq(eidSignIns.orderRef, orderRef), eq(eidSignIns.brandId, brandId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Marks the order spent; true only for the one caller that did it (so one token per order). */
export async function finishEidSignIn(db: Executor, orderRef: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(eidSignIns)
    .set({ finishedAt: at })
    .where(and(eq(eidSignIns.orderRef, orderRef), isNull(eidSignIns.finishedAt)))
    .returning({ orderRef: eidSignIns.orderRef });
  return rows.length === 1;
}

/** Undoes finishEidSignIn of `at` (what came after it failed), so the order can be collected or cancelled again. */
export async function reopenEidSignIn(db: Executor, orderRef: string, at: Date): Promise<void> {
  await db
    .update(eidSignIns)
    .set({ finishedAt: null })
    .where(and(eq(eidSignIns.orderRef, orderRef), eq(eidSignIns.finishedAt, at)));
}

export async function deleteEidSignInsBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(eidSignIns).where(lt(eidSignIns.startedAt, before));
}

/** The member of the brand with this personal number (stored as YYYYMMDDXXXX). */
export async function findUserIdBySsn(db: Executor, brandId: string, ssn: string): Promise<string | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.brandId, brandId), eq(users.ssn, ssn)))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** Brand id and name per order, for the simulated phone's screens. */
export async function brandsOfEidSignIns(db: Executor, orderRefs: string[]): Promise<Map<string, { id: string; name: string }>> {
  if (orderRefs.length === 0) return new Map();
  const rows = await db
    .select({ orderRef: eidSignIns.orderRef, id: brands.id, name: brands.name })
    .from(eidSignIns)
    .innerJoin(brands, eq(brands.id, eidSignIns.brandId))
    .where(inArray(eidSignIns.orderRef, orderRefs));
  return new Map(rows.map((r) => [r.orderRef, { id: r.id, name: r.name }]));
}
