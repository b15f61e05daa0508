import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { categories } from '../db/schema/index.ts';

export async function listCategories(db: Executor, brandId: string) {
  return db
    .select({ id: categories.id, name: categories.name, typeList: categories.typeList })
    .from(categories)
    .where(eq(categories.brandId, brandId))
    .orderBy(asc(categories.position), asc(categories.name));
}
