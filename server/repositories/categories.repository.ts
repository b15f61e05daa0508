import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { categories } from '../db/schema/index.ts';
import { textIn, type TextLanguages } from '../language.ts';

/** The brand's categories in their order, named in the member's language. */
export async function listCategories(db: Executor, brandId: string, languages: TextLanguages) {
  const rows = await db
    .select({ id: categories.id, name: categories.name, localizedName: categories.localizedName, typeList: categories.typeList })
    .from(categories)
    .where(eq(categories.brandId, brandId))
    .orderBy(asc(categories.position), asc(categories.name));
  return rows.map(({ localizedName, ...row }) => ({ ...row, name: textIn(localizedName, languages, row.name) }));
}
