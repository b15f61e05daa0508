import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { brandContent, brands, type StoredBrandContent } from '../db/schema/index.ts';
import type { BrandText } from '../db/schema/brands.ts';
import type { BrandRow } from './brands.repository.ts';

export async function findBrandContent(db: Executor, brandId: string): Promise<StoredBrandContent | null> {
  const rows = await db.select({ content: brandContent.content }).from(brandContent).where(eq(brandContent.brandId, brandId)).limit(1);
  return rows[0]?.content ?? null;
}

export interface BrandContentWrite {
  content: StoredBrandContent;
  contactEmail: string;
  terms: { label: BrandText; url: string };
  gdpr: { label: BrandText; url: string };
}

/**
 * Replaces the brand's content, and sets its contact e-mail and the terms and privacy links in its
 * settings (the other settings stay). Answers the brand as it is now, or null when there is none.
 */
export async function replaceBrandContent(db: Executor, brandId: string, write: BrandContentWrite, at: Date): Promise<BrandRow | null> {
  const documents = JSON.stringify({ terms: write.terms, gdpr: write.gdpr });
  const [brand] = await db
    .update(brands)
    .set({ contactEmail: write.contactEmail, settings: sql`${brands.settings} || ${documents}::jsonb` })
    .where(eq(brands.id, brandId))
    .returning();
  if (!brand) return null;
  await db
    .insert(brandContent)
    .values({ brandId, content: write.content, updatedAt: at })
    .onConflictDoUpdate({ target: brandContent.brandId, set: { content: write.content, updatedAt: at } });
  return brand;
}

/** Every brand's id, for an operator who named one that does not exist. */
export async function listBrandIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: brands.id }).from(brands).orderBy(asc(brands.id));
  return rows.map((row) => row.id);
}
