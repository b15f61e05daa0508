import { describe, expect, it } from 'vitest';
import { firstRefusalOf, hasEnded, isOnSale, refusalOf, unitsMemberMayTake, withinPurchaseCap, type SaleTerms, type WantedLine } from '../../domain/saleRules.ts';

const now = Date.parse('2026-11-25T18:00:00Z');
const terms = (overrides: Partial<SaleTerms> = {}): SaleTerms => ({ endsAt: now + 3_600_000, purchaseCap: 4, offerActive: true, ...overrides });
const line = (overrides: Partial<WantedLine> = {}): WantedLine => ({ terms: terms(), taken: 0, quantity: 1, available: 10, ...overrides });

describe('the sale rules both halves share', () => {
  it('ends a variant at its end instant, not a millisecond later; a variant without an end never ends', () => {
    expect(hasEnded(terms({ endsAt: now + 1 }), now)).toBe(false);
    expect(hasEnded(terms({ endsAt: now }), now)).toBe(true);
    expect(hasEnded(terms({ endsAt: null }), now)).toBe(false);
  });

  it('sells only while the offer is live and the variant has not ended', () => {
    expect(isOnSale(terms(), now)).toBe(true);
    expect(isOnSale(terms({ offerActive: false }), now)).toBe(false);
    expect(isOnSale(terms({ endsAt: now - 1 }), now)).toBe(false);
  });

  it('counts the cap over everything the member holds, bought and wanted; no cap is no limit', () => {
    expect(withinPurchaseCap(terms({ purchaseCap: 4 }), 4)).toBe(true);
    expect(withinPurchaseCap(terms({ purchaseCap: 4 }), 5)).toBe(false);
    expect(withinPurchaseCap(terms({ purchaseCap: null }), 10_000)).toBe(true);
  });

  it('lets a member take what is available, no more than the cap leaves, never a negative number', () => {
    expect(unitsMemberMayTake(terms({ purchaseCap: 4 }), 10, 1)).toBe(3);
    expect(unitsMemberMayTake(terms({ purchaseCap: 4 }), 2, 0)).toBe(2);
    expect(unitsMemberMayTake(terms({ purchaseCap: 4 }), 10, 6)).toBe(0);
    expect(unitsMemberMayTake(terms({ purchaseCap: null }), 7)).toBe(7);
  });

  it('refuses a line for the first reason that holds: ended, then the cap, then sold out', () => {
    expect(refusalOf(line(), now)).toBeNull();
    expect(refusalOf(line({ terms: terms({ endsAt: now }), taken: 9, available: 0 }), now)).toBe('ended');
    expect(refusalOf(line({ taken: 3, quantity: 2, available: 0 }), now)).toBe('capReached');
    expect(refusalOf(line({ quantity: 3, available: 2 }), now)).toBe('soldOut');
  });

  it('refuses a whole order for its weightiest line, whatever the order of the lines', () => {
    const soldOut = line({ quantity: 3, available: 2 });
    const capped = line({ taken: 4 });
    const ended = line({ terms: terms({ offerActive: false }) });
    expect(firstRefusalOf([soldOut, capped], now)).toBe('capReached');
    expect(firstRefusalOf([soldOut, capped, ended], now)).toBe('ended');
    expect(firstRefusalOf([capped, soldOut].reverse(), now)).toBe('capReached');
    expect(firstRefusalOf([line(), line({ quantity: 4 })], now)).toBeNull();
  });
});
