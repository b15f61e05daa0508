import { and, asc, eq, exists, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { categories, offers } from '../db/schema/index.ts';
import { textIn, type TextLanguages } from '../language.ts';
import { isShown } from './offers.repository.ts';

/**
 * The brand's categories in their order, named in the member's language; for a visitor
 * (`publicOnly`) only those holding an offer they may see, so no filter leads to an empty feed.
 */
export async function listCategories(db: Executor, brandId: string, languages: TextLanguages, publicOnly = false) {
  const filters: SQL[] = [eq(categories.brandId, brandId)];
  if (publicOnly) {
    const shown = db
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.brandId, categories.brandId), eq(offers.categoryId, categories.id), isShown(true)));
    filters.push(exists(shown));
  }
  const rows = await db
    .select({ id: categories.id, name: categories.name, localizedName: categories.localizedName, typeList: categories.typeList })
    .from(categories)
    .where(and(...filters))
    .orderBy(asc(categories.position), asc(categories.name));
  return rows.map(({ localizedName, ...row }) => ({ ...row, name: textIn(localizedName, languages, row.name) }));
}
