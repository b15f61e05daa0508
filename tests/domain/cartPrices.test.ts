import { describe, expect, it } from 'vitest';
import type { CustomFeeBuildRecord } from '../../contract/commerce.ts';
import { cartTotals, unitOriginalPrice, unitPrice, type PricedLine } from '../../domain/cartPrices.ts';
import { applyCartUpdate, cartQuantity, clampQuantity, removeCartLine } from '../../domain/cartUpdate.ts';

const vat25 = { id: 'vat25', percentage: 25, display_name: 'VAT 25%' };
const vat12 = { id: 'vat12', percentage: 12, display_name: 'VAT 12%' };
const fees: CustomFeeBuildRecord = {
  service: { id: 'service', title: 'Service', price: { current: 2_500, original: 3_000 }, taxRates: [vat25] },
  card: { id: 'card', title: 'Card', price: { current: 500, original: 500 }, taxRates: [] },
};
const ticket = { price: { current: 34_900, original: 39_900 }, customFeeIdList: ['service', 'card'], taxRates: [vat12] };
const line = (quantity: number, itemVariant: PricedLine['itemVariant'] = ticket, record: CustomFeeBuildRecord = fees): PricedLine => ({ quantity, itemVariant, itemVariantCustomFeeBuildRecord: record });

describe('cart prices', () => {
  it('prices a unit as the variant plus its custom fees, current and original', () => {
    expect(unitPrice(ticket, fees)).toBe(37_900);
    expect(unitOriginalPrice(ticket, fees)).toBe(43_400);
    // A fee the record lacks adds nothing rather than NaN.
    expect(unitPrice({ ...ticket, customFeeIdList: ['gone'] }, fees)).toBe(34_900);
  });

  it('totals quantities, fees and VAT per rate by hand', () => {
    const shirt = { price: { current: 19_900, original: 19_900 }, customFeeIdList: [], taxRates: [vat25] };
    const totals = cartTotals([line(2), line(3, shirt, {})]);
    expect(totals.totalQuantity).toBe(5);
    expect(totals.totalPrice).toBe(2 * 37_900 + 3 * 19_900);
    expect(totals.totalCustomFeePrice).toBe(2 * 3_000);
    // Prices include VAT: 2 × 349 kr hold 12/112 of it, 74,7857 kr; 2 × 25 kr + 3 × 199 kr hold 25/125 of it, 129,40 kr.
    expect(totals.taxList).toEqual([
      { taxRateId: 'vat12', percentage: 12, display_name: 'VAT 12%', amount: 7_479 },
      { taxRateId: 'vat25', percentage: 25, display_name: 'VAT 25%', amount: 12_940 },
    ]);
  });

  it('states the VAT a price contains, not VAT on top of it', () => {
    const rate = (percentage: number) => ({ id: `vat${percentage}`, percentage, display_name: `VAT ${percentage}%` });
    const priced = (current: number, percentage: number) => ({ price: { current, original: current }, customFeeIdList: [], taxRates: [rate(percentage)] });
    // 6 % of 1 385 kr is 83,10 kr on top, but 1 385 kr holds 78,40 kr of VAT; 90 kr at 25 % holds 18,00 kr (not 22,50).
    expect(cartTotals([line(1, priced(138_500, 6), {})]).taxList[0]!.amount).toBe(7_840);
    expect(cartTotals([line(1, priced(9_000, 25), {})]).taxList[0]!.amount).toBe(1_800);
  });

  it('rounds a rate once over the cart, half up, also for fractional percentages', () => {
    const twenty = { price: { current: 63, original: 63 }, customFeeIdList: [], taxRates: [{ id: 'r', percentage: 20, display_name: 'r' }] };
    expect(cartTotals([line(1, twenty, {})]).taxList[0]!.amount).toBe(11); // 63 öre hold 10,5 öre
    expect(cartTotals([line(1, twenty, {}), line(1, { ...twenty }, {})]).taxList[0]!.amount).toBe(21); // 21 exactly, not 11 + 11
    const eighth = { price: { current: 1_004, original: 1_004 }, customFeeIdList: [], taxRates: [{ id: 'r', percentage: 12.5, display_name: 'r' }] };
    expect(cartTotals([line(1, eighth, {})]).taxList[0]!.amount).toBe(112); // 1 004 / 9 = 111,6 öre
  });

  it('is all zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({ totalPrice: 0, totalCustomFeePrice: 0, totalQuantity: 0, taxList: [] });
  });
});

describe('cart update rules', () => {
  const cart = [
    { itemVariantId: 'a', offerId: 'o', quantity: 2 },
    { itemVariantId: 'b', offerId: 'o', quantity: 1 },
  ];

  it('adds to an existing line, replaces it, or appends a new variant', () => {
    expect(applyCartUpdate(cart, 'add', [{ itemVariantId: 'a', offerId: 'o', quantity: 3 }])).toEqual([{ ...cart[0], quantity: 5 }, cart[1]]);
    expect(applyCartUpdate(cart, 'replace', [{ itemVariantId: 'a', offerId: 'o', quantity: 3 }])).toEqual([{ ...cart[0], quantity: 3 }, cart[1]]);
    expect(applyCartUpdate(cart, 'add', [{ itemVariantId: 'c', offerId: 'p', quantity: 1 }]).map((l) => l.itemVariantId)).toEqual(['a', 'b', 'c']);
    expect(applyCartUpdate(cart, 'set', [{ itemVariantId: 'c', offerId: 'p', quantity: 1 }])).toEqual([{ itemVariantId: 'c', offerId: 'p', quantity: 1 }]);
    expect(cart[0]!.quantity).toBe(2);
  });

  it('removes a line and counts the badge', () => {
    expect(removeCartLine(cart, 'a')).toEqual([cart[1]]);
    expect(cartQuantity(cart)).toBe(3);
  });

  it.each([
    [3, 10, 3], [0, 10, 1], [-4, 10, 1], [2.7, 10, 2], [12, 10, 10], ['5', 10, 5], ['abc', 10, 1], ['', 10, 1], [NaN, 10, 1], [500, null, 500], [undefined, 3, 1],
  ] as const)('clamps quantity %s with maximum %s to %s', (value, max, expected) => {
    expect(clampQuantity(value, max)).toBe(expected);
  });
});
