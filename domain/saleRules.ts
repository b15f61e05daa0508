/**
 * The sale rules of a variant (spec 5, 6), written once for the server (cart, checkout, waiting
 * list, offer detail) and the app (ticket selection, quantity picker), so they cannot drift.
 */

/** What the rules read of a variant: when its sale ends (ms, null: never), its per-member cap, whether its offer is live. */
export interface SaleTerms {
  endsAt: number | null;
  purchaseCap: number | null;
  /** False for an unpublished or withdrawn offer. */
  offerActive: boolean;
}

/** Why a member cannot take a variant, in the order they are checked. */
export type SaleRefusal = 'ended' | 'capReached' | 'soldOut';

/** The spec's texts (section 8) for each refusal. */
export const saleRefusalMessages: Record<SaleRefusal, string> = {
  ended: 'The offer is no longer relevant',
  capReached: 'The number of maximum purchases per user has been reached.',
  soldOut: 'Unfortunately the item for this offer is sold out.',
};

/** Past its end date: 'The offer is no longer relevant'. */
export const hasEnded = (terms: Pick<SaleTerms, 'endsAt'>, now: number): boolean => terms.endsAt !== null && terms.endsAt <= now;

/** On sale: the offer is live and the variant has not ended. */
export const isOnSale = (terms: Pick<SaleTerms, 'endsAt' | 'offerActive'>, now: number): boolean => terms.offerActive && !hasEnded(terms, now);

/** A member holding `units` of the variant in all (bought, held and wanted) stays within its purchase cap. */
export const withinPurchaseCap = (terms: Pick<SaleTerms, 'purchaseCap'>, units: number): boolean =>
  terms.purchaseCap === null || units <= terms.purchaseCap;

/** How many more a member may take: what is available to them, and no more than their cap leaves after what they have taken. */
export const unitsMemberMayTake = (terms: Pick<SaleTerms, 'purchaseCap'>, available: number, taken = 0): number =>
  Math.max(0, Math.min(available, terms.purchaseCap === null ? Number.MAX_SAFE_INTEGER : terms.purchaseCap - taken));

/** One line a member wants: the variant's terms, what they already took, how many they want and how many are available to them. */
export interface WantedLine {
  terms: SaleTerms;
  taken: number;
  quantity: number;
  available: number;
}

/** Why this line cannot be bought now, or null when it can. */
export function refusalOf(line: WantedLine, now: number): SaleRefusal | null {
  if (!isOnSale(line.terms, now)) return 'ended';
  if (!withinPurchaseCap(line.terms, line.taken + line.quantity)) return 'capReached';
  if (line.quantity > line.available) return 'soldOut';
  return null;
}

const refusalOrder: readonly SaleRefusal[] = ['ended', 'capReached', 'soldOut'];

/** The refusal of a whole order: an ended line outweighs a cap, a cap outweighs sold out. */
export function firstRefusalOf(lines: readonly WantedLine[], now: number): SaleRefusal | null {
  const found = new Set(lines.map((line) => refusalOf(line, now)));
  return refusalOrder.find((refusal) => found.has(refusal)) ?? null;
}
