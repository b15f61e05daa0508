import type { Executor } from '../db/database.ts';
import { readTogether } from '../db/readTogether.ts';
import type { OfferDetail } from '../../contract/offer.ts';
import { hasEnded } from '../../domain/saleRules.ts';
import { findOfferVariants, loadPricing } from '../repositories/itemVariants.repository.ts';
import { availabilityOf, loadStockUse } from './stock.ts';
import { saleTermsOf } from './saleTerms.ts';
import type { TextLanguages } from '../language.ts';

type VariantFields = Pick<OfferDetail, 'itemVariantList' | 'itemVariantCustomFeeBuildRecord' | 'itemVariantAvailability' | 'itemVariantIndex'>;

/**
 * The offer detail's variant fields (spec 3): the variants (their texts in `languages`, else
 * English), their fees, availability per variant (for the member asking) and the first to show.
 */
export async function offerVariantFields(
  db: Executor,
  brandId: string,
  offerId: string,
  now: number,
  withAvailability: boolean,
  forUserId?: string,
  languages?: TextLanguages,
): Promise<VariantFields> {
  const rows = await findOfferVariants(db, brandId, offerId);
  if (rows.length === 0) return { itemVariantList: [], itemVariantCustomFeeBuildRecord: {}, itemVariantAvailability: {}, itemVariantIndex: 0 };
  const [pricing, use] = await readTogether(
    db,
    () => loadPricing(db, brandId, rows, languages),
    () => loadStockUse(db, brandId, rows.map((row) => row.id), now, forUserId),
  );
  const buyable = rows.findIndex((row) => availabilityOf(row, use) > 0 && !hasEnded(saleTermsOf(row, true), now));
  return {
    itemVariantList: rows.map(pricing.toItemVariant),
    itemVariantCustomFeeBuildRecord: pricing.feeRecord,
    itemVariantAvailability: withAvailability ? Object.fromEntries(rows.map((row) => [row.id, availabilityOf(row, use)])) : {},
    itemVariantIndex: Math.max(buyable, 0),
  };
}
