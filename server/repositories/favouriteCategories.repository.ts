import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { categories, favouriteCategories } from '../db/schema/index.ts';

export type FavouriteCategoryRow = typeof favouriteCategories.$inferSelect;

/** The member's favourite category ids in the brand's category order (as GET /v1/get_list/brand/category lists them). */
export async function listFavouriteCategoryIds(db: Executor, brandId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: categories.id })
    .from(favouriteCategories)
    .innerJoin(categories, and(eq(categories.brandId, favouriteCategories.brandId), eq(categories.id, favouriteCategories.categoryId)))
    .where(and(eq(favouriteCategories.brandId, brandId), eq(favouriteCategories.userId, userId)))
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
  return rows.map((row) => row.id);
}

/**
 * Which of `ids` are categories of the brand; they are share-locked for the caller's
 * transaction, so none can disappear before the favourites that name them are written.
 */
export async function lockKnownCategoryIds(tx: Executor, brandId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.brandId, brandId), inArray(categories.id, [...ids])))
    .for('share');
  return rows.map((row) => row.id);
}

/** Replaces the member's favourites with `ids` (known, distinct categories of the brand); call under the member's row lock. */
export async function replaceFavouriteCategories(tx: Executor, brandId: string, userId: string, ids: readonly string[], at: Date): Promise<void> {
  await tx.delete(favouriteCategories).where(and(eq(favouriteCategories.brandId, brandId), eq(favouriteCategories.userId, userId)));
  if (ids.length > 0) await tx.insert(favouriteCategories).values(ids.map((categoryId) => ({ brandId, userId, categoryId, createdAt: at })));
}

/** Removes the member's favourites, answering them (the account deletion keeps them to put back). */
export async function deleteFavouriteCategories(tx: Executor, brandId: string, userId: string): Promise<FavouriteCategoryRow[]> {
  return tx.delete(favouriteCategories).where(and(eq(favouriteCategories.brandId, brandId), eq(favouriteCategories.userId, userId))).returning();
}

/** Puts removed favourites back, leaving out any whose category was deleted meanwhile. */
export async function restoreFavouriteCategories(tx: Executor, rows: readonly FavouriteCategoryRow[]): Promise<void> {
  const [first] = rows;
  if (!first) return;
  const known = new Set(await lockKnownCategoryIds(tx, first.brandId, rows.map((row) => row.categoryId)));
  const back = rows.filter((row) => known.has(row.categoryId));
  if (back.length > 0) await tx.insert(favouriteCategories).values(back);
}
