import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { customFees, itemVariants, offers, taxRates } from '../db/schema/index.ts';
import type { CustomFeeBuildRecord, ItemVariant, TaxRate } from '../../contract/commerce.ts';
import { textIn, type TextLanguages } from '../language.ts';

export type ItemVariantRow = typeof itemVariants.$inferSelect;

/** The offer's variants in list order. */
export async function findOfferVariants(db: Executor, brandId: string, offerId: string): Promise<ItemVariantRow[]> {
  return db
    .select()
    .from(itemVariants)
    .where(and(eq(itemVariants.brandId, brandId), eq(itemVariants.offerId, offerId)))
    .orderBy(asc(itemVariants.position), asc(itemVariants.id));
}

/** Variants of the brand by id (no offer). */
export async function findVariantRows(db: Executor, brandId: string, ids: readonly string[]): Promise<ItemVariantRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(itemVariants).where(and(eq(itemVariants.brandId, brandId), inArray(itemVariants.id, [...new Set(ids)])));
}

/** Variants of the brand by id, each with what the cart shows of its offer. */
export async function findVariantsWithOffers(db: Executor, brandId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      variant: itemVariants,
      offer: {
        id: offers.id,
        type: offers.type,
        title: offers.title,
        puffImage: offers.puffImage,
        itemVariantType: offers.itemVariantType,
        active: offers.active,
        localized: offers.localized,
      },
    })
    .from(itemVariants)
    .innerJoin(offers, and(eq(offers.brandId, itemVariants.brandId), eq(offers.id, itemVariants.offerId)))
    .where(and(eq(itemVariants.brandId, brandId), inArray(itemVariants.id, [...new Set(ids)])));
}

export type VariantWithOffer = Awaited<ReturnType<typeof findVariantsWithOffers>>[number];

/** The brand's tax rates and the custom fees the variants name: what their API views need. */
export async function loadPricing(db: Executor, brandId: string, variants: readonly ItemVariantRow[], languages?: TextLanguages) {
  const feeIds = [...new Set(variants.flatMap((v) => v.customFeeIds))];
  // One after another: `db` may be a transaction, whose client runs one query at a time.
  const rates = await db.select().from(taxRates).where(eq(taxRates.brandId, brandId));
  const fees = feeIds.length === 0 ? [] : await db.select().from(customFees).where(and(eq(customFees.brandId, brandId), inArray(customFees.id, feeIds)));
  return pricingOf(rates, fees, languages);
}

/** A variant's title and description in the reader's language (English, the plain columns, without `languages`). */
export function variantTextsIn(row: Pick<ItemVariantRow, 'title' | 'description' | 'localized'>, languages?: TextLanguages) {
  if (!languages) return { title: row.title, description: row.description };
  // A row read as JSON from before the column existed has none.
  const texts = row.localized ?? {};
  return { title: textIn(texts.title, languages, row.title), description: textIn(texts.description, languages, row.description) };
}

/**
 * The API views of variants and fees, given the brand's tax rates and the fees read; variant texts
 * in `languages` when given.
 */
export function pricingOf(rates: readonly (typeof taxRates.$inferSelect)[], fees: readonly (typeof customFees.$inferSelect)[], languages?: TextLanguages) {
  const rateById = new Map<string, TaxRate>(rates.map((r) => [r.id, { id: r.id, percentage: r.percentage, display_name: r.displayName }]));
  const ratesOf = (ids: readonly string[]) => ids.flatMap((id) => (rateById.has(id) ? [rateById.get(id)!] : []));
  const feeRecord: CustomFeeBuildRecord = {};
  for (const fee of fees) {
    feeRecord[fee.id] = {
      id: fee.id,
      title: fee.title,
      price: { current: fee.priceCurrent, original: fee.priceOriginal },
      taxRates: ratesOf(fee.taxRateIds),
    };
  }
  return {
    feeRecord,
    /** The fees of one variant only (a cart line's itemVariantCustomFeeBuildRecord). */
    feesOf: (variant: ItemVariantRow): CustomFeeBuildRecord =>
      Object.fromEntries(variant.customFeeIds.flatMap((id) => (feeRecord[id] ? [[id, feeRecord[id]]] : []))),
    toItemVariant: (row: ItemVariantRow): ItemVariant => ({
      id: row.id,
      ...variantTextsIn(row, languages),
      images: row.images,
      price: { current: row.priceCurrent, original: row.priceOriginal },
      currency: row.currency,
      customFeeIdList: row.customFeeIds.filter((id) => feeRecord[id]),
      taxRates: ratesOf(row.taxRateIds),
      purchaseCap: row.purchaseCap,
      onSaleAt: row.onSaleAt?.getTime() ?? null,
      date: { start: row.dateStart?.getTime() ?? null, end: row.dateEnd?.getTime() ?? null },
      location:
        row.locationCity === null
          ? null
          : {
              address: row.locationAddress ?? '',
              zipCode: row.locationZipCode ?? '',
              city: row.locationCity,
              mapUrl: row.locationMapUrl ?? '',
            },
    }),
  };
}

export type Pricing = ReturnType<typeof pricingOf>;
