import type { Database } from '../../../server/db/database.ts';
import { customFees, itemVariants, taxRates } from '../../../server/db/schema/index.ts';

export async function makeTaxRate(db: Database, brandId: string, id: string, percentage: number, displayName = `VAT ${percentage}%`) {
  await db.insert(taxRates).values({ brandId, id, percentage, displayName });
}

export async function makeCustomFee(db: Database, brandId: string, id: string, price: number, taxRateIds: string[], original = price) {
  await db.insert(customFees).values({ brandId, id, title: `Fee ${id}`, priceCurrent: price, priceOriginal: original, taxRateIds });
}

export type VariantFields = Partial<typeof itemVariants.$inferInsert>;

/** One variant of an offer: 100 kr, 100 in stock, no fees or taxes unless given. */
export async function makeVariant(db: Database, brandId: string, offerId: string, id: string, fields: VariantFields = {}) {
  await db.insert(itemVariants).values({
    brandId,
    offerId,
    id,
    title: `Variant ${id}`,
    priceCurrent: 10_000,
    priceOriginal: 10_000,
    stock: 100,
    ...fields,
  });
  return id;
}
