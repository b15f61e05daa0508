import type { CustomFeeBuildRecord, ItemVariant, TaxRate, TaxTotal } from '../contract/commerce.ts';

/** What pricing needs of a cart line: the variant, its fees and how many. */
export interface PricedLine {
  quantity: number;
  itemVariant: Pick<ItemVariant, 'price' | 'customFeeIdList' | 'taxRates'>;
  itemVariantCustomFeeBuildRecord: CustomFeeBuildRecord;
}

export interface CartTotals {
  totalPrice: number;
  totalCustomFeePrice: number;
  totalQuantity: number;
  taxList: TaxTotal[];
}

const feesOf = (variant: PricedLine['itemVariant'], fees: CustomFeeBuildRecord) =>
  variant.customFeeIdList.flatMap((id) => (fees[id] ? [fees[id]] : []));

/** The custom fees of one unit, in minor units. */
export const unitCustomFeePrice = (variant: PricedLine['itemVariant'], fees: CustomFeeBuildRecord): number =>
  feesOf(variant, fees).reduce((sum, fee) => sum + fee.price.current, 0);

/** Spec 9: the price of a ticket or item is the variant price plus the sum of its custom fee prices. */
export const unitPrice = (variant: PricedLine['itemVariant'], fees: CustomFeeBuildRecord): number =>
  variant.price.current + unitCustomFeePrice(variant, fees);

/** The same with original prices, shown struck through when it differs from unitPrice. */
export const unitOriginalPrice = (variant: PricedLine['itemVariant'], fees: CustomFeeBuildRecord): number =>
  variant.price.original + feesOf(variant, fees).reduce((sum, fee) => sum + fee.price.original, 0);

/** A percentage in hundredths of a percent (25 → 2500, 12.5 → 1250), so sums stay exact integers. */
const basisPoints = (rate: TaxRate) => Math.round(rate.percentage * 100);

/** n / d rounded half up, for n ≥ 0 and d > 0, in integers. */
const divideRoundingHalfUp = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

/**
 * Totals of a cart (spec 3 and 9). Prices include VAT, so the VAT of a rate is the part of the
 * price it is contained in: price × percentage / (100 + percentage) × quantity (6 % of 1 385 kr
 * holds 78,40 kr; 25 % of 90 kr holds 18,00 kr). This corrects the spec's shorthand
 * "percentage/100 × price", which would add VAT on top: a receipt must state the VAT it contains
 * (docs/cart.md). Applied to the variant price with the variant's rates and to each fee with the
 * fee's rates. Rounding: each rate's exact amount is summed over all lines first and rounded
 * once, half up, to a whole minor unit, so the VAT does not drift with the number of lines.
 */
export function cartTotals(lines: readonly PricedLine[]): CartTotals {
  let totalPrice = 0;
  let totalCustomFeePrice = 0;
  let totalQuantity = 0;
  const taxes = new Map<string, { rate: TaxRate; exact: number }>();
  const tax = (rates: readonly TaxRate[], price: number, quantity: number) => {
    for (const rate of rates) {
      const entry = taxes.get(rate.id) ?? { rate, exact: 0 };
      entry.exact += basisPoints(rate) * price * quantity;
      taxes.set(rate.id, entry);
    }
  };
  for (const line of lines) {
    const { itemVariant: variant, quantity } = line;
    const fees = feesOf(variant, line.itemVariantCustomFeeBuildRecord);
    totalQuantity += quantity;
    totalPrice += unitPrice(variant, line.itemVariantCustomFeeBuildRecord) * quantity;
    totalCustomFeePrice += unitCustomFeePrice(variant, line.itemVariantCustomFeeBuildRecord) * quantity;
    tax(variant.taxRates, variant.price.current, quantity);
    for (const fee of fees) tax(fee.taxRates, fee.price.current, quantity);
  }
  const taxList = [...taxes.values()].map(({ rate, exact }) => ({
    taxRateId: rate.id,
    percentage: rate.percentage,
    display_name: rate.display_name,
    amount: divideRoundingHalfUp(exact, 10_000 + basisPoints(rate)),
  }));
  return { totalPrice, totalCustomFeePrice, totalQuantity, taxList };
}
