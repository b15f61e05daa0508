import type { Brand } from '../../../server/schemas/brand.ts';
import type { OfferType } from '../../../server/schemas/offer.ts';

/** The page title: the brand's navigation bar entry for the type (spec 2.3). */
export const navigationLabel = (brand: Brand | null, type: OfferType): string | undefined =>
  brand?.navigationBar.find((entry) => entry.key === type)?.label || undefined;
