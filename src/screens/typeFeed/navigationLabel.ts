import type { Brand } from '../../../contract/brand.ts';
import type { OfferType } from '../../../contract/offer.ts';

/** The page title: the brand's navigation bar entry for the type (spec 2.3). */
export const navigationLabel = (brand: Brand | null, type: OfferType): string | undefined =>
  brand?.navigationBar.find((entry) => entry.key === type)?.label || undefined;
