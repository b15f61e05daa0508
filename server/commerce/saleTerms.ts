import type { SaleTerms } from '../../domain/saleRules.ts';
import type { ItemVariantRow } from '../repositories/itemVariants.repository.ts';

/** A stored variant's sale terms, for the rules in domain/saleRules.ts. */
export const saleTermsOf = (variant: Pick<ItemVariantRow, 'dateEnd' | 'purchaseCap'>, offerActive: boolean): SaleTerms => ({
  endsAt: variant.dateEnd?.getTime() ?? null,
  purchaseCap: variant.purchaseCap,
  offerActive,
});
