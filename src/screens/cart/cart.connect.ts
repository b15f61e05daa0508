import type { SnapshotFrom } from 'xstate';
import type { cartMachine } from '../../../machines/cart.machine.ts';
import { cartBadgeCount } from '../../../machines/cart.machine.ts';
import type { CartItemView, ItemVariant } from '../../../contract/commerce.ts';
import type { ImageOptions } from '../../../contract/offer.ts';
import type { CartRef } from '../../appActor.ts';
import { cartTotals, unitOriginalPrice, unitPrice } from '../../../domain/cartPrices.ts';
import { clampQuantity } from '../../../domain/cartUpdate.ts';

type CartSnapshot = SnapshotFrom<typeof cartMachine>;

export interface CartLineView {
  itemVariantId: string;
  offerId: string;
  offerTitle: string;
  variantTitle: string;
  image: ImageOptions;
  /** Tickets: when and where. */
  date: number | null;
  location: ItemVariant['location'];
  quantity: number;
  /** Spec 5: the cart picker's maximum is the purchase cap, less what the member bought already. */
  maxQuantity: number | null;
  /** Where the line meets the member's purchase cap (quantity + bought reaches it): what the cart tells; else null. */
  cap: CapReached | null;
  /** One unit: variant price plus its custom fees (spec 9), and the same at original prices. */
  unitPrice: number;
  unitOriginalPrice: number;
  linePrice: number;
  lineOriginalPrice: number;
}

/** A cap the member has met on a line: "At most 8 tickets per member for this evening; you have 8." */
export interface CapReached {
  /** The variant's purchase cap. */
  limit: number;
  /** What the member has of it: in the cart and bought already. */
  have: number;
  /** Of `have`, bought already (paid orders). */
  bought: number;
  /** A ticket of one evening ("for this evening"); else an item without a date. */
  evening: boolean;
}

/** The cap a line meets, or null while the member may still add to it. */
export function capReachedOf(item: CartItemView, quantity: number): CapReached | null {
  const limit = item.itemVariant.purchaseCap;
  const bought = item.boughtQuantity ?? 0;
  if (limit === null || quantity + bought < limit) return null;
  const evening = item.itemVariantType === 'ticket' && item.itemVariant.date.start !== null;
  return { limit, have: quantity + bought, bought, evening };
}

/** The most the picker may set: the cap less what was bought (at least 1: a line is removed, never set to 0). */
const maxQuantityOf = (item: CartItemView): number | null =>
  item.itemVariant.purchaseCap === null ? null : Math.max(1, item.itemVariant.purchaseCap - (item.boughtQuantity ?? 0));

function lineView(item: CartItemView, quantity: number): CartLineView {
  const variant = item.itemVariant;
  const fees = item.itemVariantCustomFeeBuildRecord;
  const unit = unitPrice(variant, fees);
  const original = unitOriginalPrice(variant, fees);
  return {
    itemVariantId: item.itemVariantId,
    offerId: item.offerId,
    offerTitle: item.offerTitle,
    variantTitle: variant.title,
    image: (item.itemVariantType === 'other' ? variant.images[0] : undefined) ?? item.offerPuffImage,
    date: item.itemVariantType === 'ticket' ? variant.date.start : null,
    location: item.itemVariantType === 'ticket' ? variant.location : null,
    quantity,
    maxQuantity: maxQuantityOf(item),
    cap: capReachedOf(item, quantity),
    unitPrice: unit,
    unitOriginalPrice: original,
    linePrice: unit * quantity,
    lineOriginalPrice: original * quantity,
  };
}

/**
 * The cart drawer's view values (spec 2.3, 3, 9) and intents. Lines and totals are what the
 * member sees: the server's enriched lines with the quantities of changes not yet saved; a
 * variant added but not yet saved appears once the server has answered.
 */
export function connectCart(snapshot: CartSnapshot, ref: CartRef) {
  const { cart, lines: projected, error } = snapshot.context;
  const known = new Map((cart?.itemList ?? []).map((item) => [item.itemVariantId, item]));
  const shown = projected.flatMap((line) => {
    const item = known.get(line.itemVariantId);
    return item ? [{ item, quantity: line.quantity }] : [];
  });
  const totals = cartTotals(
    shown.map(({ item, quantity }) => ({ quantity, itemVariant: item.itemVariant, itemVariantCustomFeeBuildRecord: item.itemVariantCustomFeeBuildRecord })),
  );
  const maxOf = (itemVariantId: string) => {
    const item = known.get(itemVariantId);
    return item ? maxQuantityOf(item) : null;
  };
  return {
    status: snapshot.matches('failed') ? ('failed' as const) : cart === null ? ('loading' as const) : ('ready' as const),
    saving: snapshot.hasTag('saving'),
    lines: shown.map(({ item, quantity }) => lineView(item, quantity)),
    /** Units not yet shown because the server has not answered for them. */
    pendingCount: cartBadgeCount(snapshot.context) - totals.totalQuantity,
    totalPrice: totals.totalPrice,
    totalCustomFeePrice: totals.totalCustomFeePrice,
    totalQuantity: totals.totalQuantity,
    taxList: totals.taxList,
    currency: cart?.currency ?? 'SEK',
    errorCode: error?.code ?? null,
    setQuantity: (itemVariantId: string, offerId: string, value: number | string) =>
      ref.send({ type: 'cart.setQuantity', itemVariantId, offerId, quantity: clampQuantity(value, maxOf(itemVariantId)) }),
    remove: (itemVariantId: string) => ref.send({ type: 'cart.remove', itemVariantId }),
    reload: () => ref.send({ type: 'cart.reload' }),
    dismissError: () => ref.send({ type: 'cart.dismissError' }),
  };
}

export type CartView = ReturnType<typeof connectCart>;
