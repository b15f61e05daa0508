import type { ItemVariant } from '../contract/commerce.ts';
import type { ImageOptions, OfferDetail } from '../contract/offer.ts';
import { hasEnded as hasSaleEnded, unitsMemberMayTake, type SaleTerms } from './saleRules.ts';

/** What choosing a variant needs of an offer detail. */
export type SellingOffer = Pick<OfferDetail, 'itemVariantType' | 'itemVariantList' | 'itemVariantAvailability' | 'itemVariantIndex' | 'puffImage'>;

/** A ticket's city; variants without a place share the empty city. */
export const cityOf = (variant: ItemVariant): string => variant.location?.city ?? '';
/** A ticket's start in ms; variants without a date share time 0. */
export const timeOf = (variant: ItemVariant): number => variant.date.start ?? 0;

/** The cities in the order the offer lists them first. */
export const citiesOf = (variants: readonly ItemVariant[]): string[] => [...new Set(variants.map(cityOf))];

/** The start times in one city, earliest first. */
export const timesOf = (variants: readonly ItemVariant[], city: string): number[] =>
  [...new Set(variants.filter((v) => cityOf(v) === city).map(timeOf))].sort((a, b) => a - b);

/** The variants at one time in one city (the title and price choice when there are several). */
export const variantsAt = (variants: readonly ItemVariant[], city: string, time: number): ItemVariant[] =>
  variants.filter((v) => cityOf(v) === city && timeOf(v) === time);

/** The sale terms of a variant the server offered (its offer is live, or the server would not answer it). */
export const saleTermsOf = (variant: ItemVariant): SaleTerms => ({ endsAt: variant.date.end, purchaseCap: variant.purchaseCap, offerActive: true });

/** Past its end date: 'The offer is no longer relevant' (domain/saleRules.ts). */
export const hasEnded = (variant: ItemVariant, now: number): boolean => hasSaleEnded(saleTermsOf(variant), now);

/** How many can still be bought; a variant the server gave no count for is not offered. */
export const availableCount = (offer: Pick<SellingOffer, 'itemVariantAvailability'>, variantId: string): number =>
  offer.itemVariantAvailability[variantId] ?? 0;

/**
 * Spec 5: the quantity picker's maximum: the availability, and never more than what the purchase
 * cap leaves the member after the `bought` units they already have (at least 1: the cart then says
 * where the cap is met).
 */
export const maxQuantityOf = (offer: Pick<SellingOffer, 'itemVariantAvailability'>, variant: ItemVariant, bought = 0): number =>
  Math.max(1, unitsMemberMayTake(saleTermsOf(variant), availableCount(offer, variant.id), bought));

/** Every variant is past its end date (an offer with nothing to sell has not ended). */
export const offerHasEnded = (offer: Pick<SellingOffer, 'itemVariantList'>, now: number): boolean =>
  offer.itemVariantList.length > 0 && offer.itemVariantList.every((v) => hasEnded(v, now));

/**
 * Spec 2.3: the media at the top is the first image of the selected variant, or the offer's
 * puff image for tickets or when no variant is selected.
 */
export function mediaOf(offer: Pick<SellingOffer, 'itemVariantType' | 'puffImage'>, variant: ItemVariant | null): ImageOptions {
  if (offer.itemVariantType === 'ticket' || !variant) return offer.puffImage;
  return variant.images[0] ?? offer.puffImage;
}
