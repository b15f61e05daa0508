import { ApiErrorBody } from '../../contract/common.ts';
import { CartUpdateBody, ShoppingCart } from '../../contract/commerce.ts';
import { ApiError, badRequest } from '../errors.ts';
import type { Executor } from '../db/database.ts';
import { applyCartUpdate, type CartLine } from '../../domain/cartUpdate.ts';
import { cartTotals, unitPrice } from '../../domain/cartPrices.ts';
import { availabilityOf, findVariantsWithOffers, loadPricing, loadStockUse, type StockUseByVariant, type VariantWithOffer } from '../repositories/itemVariants.repository.ts';
import { lockCart, readCart, writeCart } from '../repositories/shoppingCart.repository.ts';
import type { App, RouteDeps } from './types.ts';

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

/** The cart after the update against what the variants allow; throws the first refusal. */
function checkCart(current: readonly CartLine[], next: readonly CartLine[], requested: readonly CartLine[], variants: Map<string, VariantWithOffer>, use: StockUseByVariant, now: number) {
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
    const cap = found.variant.purchaseCap ?? maxLineQuantity;
    if (line.quantity > cap) {
      throw badRequest('user/shopping-cart-purchase-cap-reached', 'The number of maximum purchases per user has been reached.');
    }
    if (line.quantity <= (before.get(line.itemVariantId) ?? 0)) continue;
    // Only what the member adds must still be on sale.
    const ended = found.variant.dateEnd !== null && found.variant.dateEnd.getTime() <= now;
    if (!found.offer.active || ended) throw cartError(410, 'offer_not_relevant', 'The offer is no longer relevant');
    if (availabilityOf(found.variant, use) === 0) throw cartError(409, 'user/shopping-cart-sold-out', 'Unfortunately the item for this offer are sold out.');
  }
  if (currencies.size > 1) throw badRequest('user/shopping-cart-currency-mismatch', 'All items in the cart must have the same currency');
}

/** The enriched cart (spec 3): each line with its offer, variant and fees, and the totals. */
export async function enrichCart(db: Executor, brandId: string, cart: { version: number; lines: CartLine[] }, known?: Map<string, VariantWithOffer>): Promise<ShoppingCart> {
  const found = known ?? new Map((await findVariantsWithOffers(db, brandId, cart.lines.map((l) => l.itemVariantId))).map((r) => [r.variant.id, r]));
  const lines = cart.lines.flatMap((line) => (found.has(line.itemVariantId) ? [{ line, row: found.get(line.itemVariantId)! }] : []));
  const pricing = await loadPricing(db, brandId, lines.map(({ row }) => row.variant));
  const itemList = lines.map(({ line, row }) => {
    const itemVariant = pricing.toItemVariant(row.variant);
    const fees = pricing.feesOf(row.variant);
    const unit = unitPrice(itemVariant, fees);
    return {
      itemVariantId: line.itemVariantId,
      offerId: line.offerId,
      quantity: line.quantity,
      offerType: row.offer.type,
      offerTitle: row.offer.title,
      offerPuffImage: row.offer.puffImage,
      itemVariantType: row.offer.itemVariantType === 'ticket' ? ('ticket' as const) : ('other' as const),
      itemVariantCustomFeeBuildRecord: fees,
      itemVariant,
      unitPrice: unit,
      linePrice: unit * line.quantity,
    };
  });
  return {
    itemList,
    ...cartTotals(itemList),
    currency: itemList[0]?.itemVariant.currency ?? defaultCurrency,
    version: cart.version,
  };
}

export async function shoppingCartRoutes(app: App, { db, requireMember, now = Date.now }: RouteDeps) {
  app.get(
    '/v1/get/user/shopping_cart',
    { preHandler: requireMember, schema: { response: { 200: ShoppingCart, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand, token } = request.member;
      return db.transaction(async (tx) => enrichCart(tx, brand.id, await readCart(tx, brand.id, token.uid)));
    },
  );

  app.put(
    '/v1/update/user/shopping_cart',
    { preHandler: requireMember, schema: { body: CartUpdateBody, response: { 200: ShoppingCart, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand, token } = request.member;
      const { shopingCartItemList: requested, action = 'set', version } = request.body;
      checkRequestLines(requested);
      // One transaction under the member's cart lock: read, check, write and answer as one step;
      // a refusal rolls all of it back.
      return db.transaction(async (tx) => {
        const locked = await lockCart(tx, brand.id, token.uid);
        if (locked === null) throw userNotFound();
        if (version !== undefined && version !== locked) {
          throw cartError(409, 'user/shopping-cart-version-conflict', 'The cart has changed meanwhile; reload it and try again');
        }
        const { lines: current } = await readCart(tx, brand.id, token.uid);
        const next = applyCartUpdate(current, action, requested);
        const variants = new Map((await findVariantsWithOffers(tx, brand.id, next.map((l) => l.itemVariantId))).map((r) => [r.variant.id, r]));
        const use = await loadStockUse(tx, brand.id, [...variants.keys()], now(), token.uid);
        checkCart(current, next, requested, variants, use, now());
        const written = next.filter((line) => variants.has(line.itemVariantId));
        const newVersion = await writeCart(tx, brand.id, token.uid, current, written);
        return enrichCart(tx, brand.id, { version: newVersion, lines: written }, variants);
      });
    },
  );
}
