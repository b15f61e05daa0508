import type { Brand } from '../../../server/schemas/brand.ts';
import type { OfferType } from '../../api/offers.ts';

const offerTypes: readonly string[] = ['editorial', 'benefit', 'live'];

/** The offer type of a per-type page from its path (/editorial, /benefit, /live); anything else reads live (spec 5). */
export function offerTypeOfPath(path: string): OfferType {
  const segment = path.split('/')[1] ?? '';
  return offerTypes.includes(segment) ? (segment as OfferType) : 'live';
}

/** The page title: the brand's navigation bar entry for the type (spec 2.3). */
export const navigationLabel = (brand: Brand | null, type: OfferType): string | undefined =>
  brand?.navigationBar.find((entry) => entry.key === type)?.label || undefined;
