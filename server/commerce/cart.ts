import type { CartUpdateBody, ShoppingCart } from '../../contract/commerce.ts';
import { applyCartUpdate, type CartLine } from '../../domain/cartUpdate.ts';
import { cartTotals, unitPrice } from '../../domain/cartPrices.ts';
import { isOnSale, saleRefusalMessages, withinPurchaseCap } from '../../domain/saleRules.ts';
import type { Database, Executor } from '../db/database.ts';
import { ApiError, badRequest } from '../errors.ts';
import { textIn, type TextLanguages } from '../language.ts';
import { findVariantsWithOffers, loadPricing, type Pricing, type VariantWithOffer } from '../repositories/itemVariants.repository.ts';
import { memberBoughtUnits } from '../repositories/orders.repository.ts';
import { lockCart, readCart, writeCart } from '../repositories/shoppingCart.repository.ts';
import type { Member } from './context.ts';
import { saleTermsOf } from './saleTerms.ts';
import { availabilityOf, loadStockUse, type StockUseByVariant } from './stock.ts';

/** The member's cart (docs/cart.md): its rules, its enriched view, and writes under the cart's lock. */

/** Highest quantity of one line when the variant has no purchase cap. */
export const maxLineQuantity = 999;
const defaultCurrency = 'SEK';

const userNotFound = () => new ApiError(404, 'user_not_found', 'The user was not found');
const cartError = (status: number, code: string, message: string) => new ApiError(status, code, message);

/** The request's own rules, before anything is read: whole quantities of at least 1, one line per variant. */
function checkRequestLines(lines: readonly CartLine[]) {
  const seen = new Set<string>();
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > maxLineQuantity) {
      throw badRequest('user/shopping-cart-quantity-invalid', `The quantity must be a whole number from 1 to ${maxLineQuantity}`);
    }
    if (seen.has(line.itemVariantId)) throw badRequest('user/shopping-cart-duplicate-item', 'Each item may appear only once in the list');
    seen.add(line.itemVariantId);
  }
}

/** Units of each variant the member bought already (paid orders), by variant id. */
type BoughtUnits = ReadonlyMap<string, number>;

const capReached = () => badRequest('user/shopping-cart-purchase-cap-reached', saleRefusalMessages.capReached);

/**
 * The cart after the update against what the variants allow; throws the first refusal. A line
 * that grows must stay within the purchase cap together with what the member bought already;
 * a line that shrinks or stays is never refused for what was bought since it was added.
 */
function checkCart(
  current: readonly CartLine[],
  next: readonly CartLine[],
  requested: readonly CartLine[],
  variants: Map<string, VariantWithOffer>,
  use: StockUseByVariant,
  bought: BoughtUnits,
  now: number,
) {
  for (const line of requested) {
    const found = variants.get(line.itemVariantId);
    if (!found) throw cartError(404, 'user/shopping-cart-item-not-found', 'The item was not found');
    if (found.variant.offerId !== line.offerId) throw badRequest('user/shopping-cart-offer-mismatch', 'The item does not belong to that offer');
  }
  const before = new Map(current.map((line) => [line.itemVariantId, line.quantity]));
  const currencies = new Set<string>();
  for (const line of next) {
    const found = variants.get(line.itemVariantId);
    // A line whose variant was withdrawn meanwhile is dropped by the enrichment, not refused here.
    if (!found) continue;
    currencies.add(found.variant.currency);
    const terms = saleTermsOf(found.variant, found.offer.active);
    if (!withinPurchaseCap({ purchaseCap: terms.purchaseCap ?? maxLineQuantity }, line.quantity)) throw capReached();
    if (line.quantity <= (before.get(line.itemVariantId) ?? 0)) continue;
    if (!withinPurchaseCap(terms, (bought.get(line.itemVariantId) ?? 0) + line.quantity)) throw capReached();
    // Only what the member adds must still be on sale.
    if (!isOnSale(terms, now)) throw cartError(410, 'offer_not_relevant', saleRefusalMessages.ended);
    if (availabilityOf(found.variant, use) === 0) throw cartError(409, 'user/shopping-cart-sold-out', saleRefusalMessages.soldOut);
  }
  if (currencies.size > 1) throw badRequest('user/shopping-cart-currency-mismatch', 'All items in the cart must have the same currency');
}

/**
 * The enriched cart (spec 3): each line with its offer, variant and fees, and the totals, the
 * offer's and variant's texts in the member's language; with `bought`, each line also tells how
 * many of its variant the member bought already.
 */
export async function enrichCart(
  db: Executor,
  brandId: string,
  cart: { version: number; lines: CartLine[] },
  languages: TextLanguages,
  known?: Map<string, VariantWithOffer>,
  bought?: BoughtUnits,
): Promise<ShoppingCart> {
  const found = known ?? new Map((await findVariantsWithOffers(db, brandId, cart.lines.map((l) => l.itemVariantId))).map((r) => [r.variant.id, r]));
  const pricing = await loadPricing(db, brandId, cart.lines.flatMap((line) => (found.has(line.itemVariantId) ? [found.get(line.itemVariantId)!.variant] : [])), languages);
  return enrichCartWith(cart, found, pricing, bought, languages);
}

/**
 * The enriched cart from what was read already: the variants (with offers) and their pricing.
 * Without `languages` its texts are the plain (English) ones: a checkout's lines, whose names the
 * order takes in every language when it is made (fulfilment).
 */
export function enrichCartWith(
  cart: { version: number; lines: CartLine[] },
  found: ReadonlyMap<string, VariantWithOffer>,
  pricing: Pricing,
  bought?: BoughtUnits,
  languages?: TextLanguages,
): ShoppingCart {
  const lines = cart.lines.flatMap((line) => (found.has(line.itemVariantId) ? [{ line, row: found.get(line.itemVariantId)! }] : []));
  const itemList = lines.map(({ line, row }) => {
    const itemVariant = pricing.toItemVariant(row.variant);
    const fees = pricing.feesOf(row.variant);
    const unit = unitPrice(itemVariant, fees);
    return {
      itemVariantId: line.itemVariantId,
      offerId: line.offerId,
      quantity: line.quantity,
      offerType: row.offer.type,
      offerTitle: languages ? textIn(row.offer.localized?.title, languages, row.offer.title) : row.offer.title,
      offerPuffImage: row.offer.puffImage,
      itemVariantType: row.offer.itemVariantType === 'ticket' ? ('ticket' as const) : ('other' as const),
      itemVariantCustomFeeBuildRecord: fees,
      itemVariant,
      unitPrice: unit,
      linePrice: unit * line.quantity,
      ...(bought ? { boughtQuantity: bought.get(line.itemVariantId) ?? 0 } : {}),
    };
  });
  return {
    itemList,
    ...cartTotals(itemList),
    currency: itemList[0]?.itemVariant.currency ?? defaultCurrency,
    version: cart.version,
  };
}

/** The member's enriched cart. */
export async function readMemberCart(db: Database, member: Member, languages: TextLanguages): Promise<ShoppingCart> {
  return db.transaction(async (tx) => {
    const cart = await readCart(tx, member.brandId, member.userId);
    const bought = await memberBoughtUnits(tx, member.brandId, member.userId, cart.lines.map((l) => l.itemVariantId));
    return enrichCart(tx, member.brandId, cart, languages, undefined, bought);
  });
}

/**
 * Applies an update (set, add or replace) in one transaction under the member's cart lock: read,
 * check, write and answer as one step; a refusal rolls all of it back.
 */
export async function updateMemberCart(db: Database, member: Member, body: CartUpdateBody, now: number, languages: TextLanguages): Promise<ShoppingCart> {
  const { shopingCartItemList: requested, action = 'set', version } = body;
  checkRequestLines(requested);
  const { brandId, userId } = member;
  return db.transaction(async (tx) => {
    const locked = await lockCart(tx, brandId, userId);
    if (locked === null) throw userNotFound();
    if (version !== undefined && version !== locked) {
      throw cartError(409, 'user/shopping-cart-version-conflict', 'The cart has changed meanwhile; reload it and try again');
    }
    const { lines: current } = await readCart(tx, brandId, userId);
    const next = applyCartUpdate(current, action, requested);
    const variants = new Map((await findVariantsWithOffers(tx, brandId, next.map((l) => l.itemVariantId))).map((r) => [r.variant.id, r]));
    const use = await loadStockUse(tx, brandId, [...variants.keys()], now, userId);
    const bought = await memberBoughtUnits(tx, brandId, userId, [...variants.keys()]);
    checkCart(current, next, requested, variants, use, bought, now);
    const written = next.filter((line) => variants.has(line.itemVariantId));
    const newVersion = await writeCart(tx, brandId, userId, current, written);
    return enrichCart(tx, brandId, { version: newVersion, lines: written }, languages, variants, bought);
  });
}
