/** The offer page machine's types and the rules it decides by, apart from its statechart (offer.machine.ts). */
import { callErrorOf } from './errorCode.ts';
import type { OrderItem } from '../contract/checkout.ts';
import type { ItemVariant } from '../contract/commerce.ts';
import type { OfferDetail, OfferType } from '../contract/offer.ts';
import { maxQuantityOf } from '../domain/ticketCascade.ts';
import type { SelectionChanged, SelectionStatus } from './ticketSelection.machine.ts';
import type { SaleTurn } from './saleQueue.machine.ts';
import type { DoneActorEvent } from 'xstate';

export interface OfferInput {
  id: string;
  type: OfferType;
  /** The section the member came from (/:origin/:type/:id), when the route has one. */
  origin?: string;
}

export interface OfferLoadError {
  status: number;
  code: string;
}

export interface Choice {
  itemVariantId: string | null;
  status: SelectionStatus;
}

export interface AddToCartChoice {
  itemVariantId: string;
  /** The variant's availability, never above its purchase cap. */
  maxQuantity: number;
}

/** What goes into the cart on confirm (spec 4: the cart is updated with action add). */
export interface CartAddition {
  itemVariantId: string;
  offerId: string;
  quantity: number;
}

/** Why an offer did not load, as the API tells it (spec 8: status, code, message). */
export function loadErrorOf(error: unknown): OfferLoadError {
  const { status, code } = callErrorOf(error);
  return { status, code };
}

export const isCode = (error: OfferLoadError, status: number, code: string) => error.status === status || error.code === code;
/** An offer sells something when it has variants: then it has a selection and a waiting list. */
export const sells = (offer: OfferDetail | null) => offer !== null && offer.itemVariantList.length > 0;
export const noChoice: Choice = { itemVariantId: null, status: 'nothingToSell' };

/** A variant's on-sale time as the offer tells it (null: none). */
export const onSaleAtOf = (offer: OfferDetail | null, itemVariantId: string | null): number | null =>
  offer?.itemVariantList.find((v) => v.id === itemVariantId)?.onSaleAt ?? null;

/**
 * Buying the chosen variant waits for the member's turn in its sale queue: it has an on-sale
 * time (before it, or after it while others wait) and the queue has not told the member it is
 * their turn (docs/checkout.md "The sale queue").
 */
export const buyWaitsForQueue = (context: { offer: OfferDetail | null; choice: Choice; queueTurn: string | null }): boolean =>
  onSaleAtOf(context.offer, context.choice.itemVariantId) !== null && context.queueTurn !== context.choice.itemVariantId;

/** The add-to-cart dialog's limit for the variant: availability and the purchase cap less what the member bought of it. */
export function maxQuantityAfterPurchases(
  offer: Pick<OfferDetail, 'itemVariantAvailability'>,
  variant: ItemVariant,
  purchases: readonly Pick<OrderItem, 'itemVariantId' | 'quantity'>[],
): number {
  const bought = purchases.filter((line) => line.itemVariantId === variant.id).reduce((sum, line) => sum + line.quantity, 0);
  return maxQuantityOf(offer, variant, bought);
}

/** What the offer page machine takes (offer.machine.ts). */
export type OfferEvent =
  | { type: 'offer.retry' }
  /** The visitor who opened the page signed in (told by `watchApp`): what needed a member loads now. */
  | { type: 'offer.signedIn' }
  /** The app shows another language (told by `watchApp` once it is active): the offer is read again in it. */
  | { type: 'offer.languageChanged' }
  /** Something the member did changed what they can buy (they gave up a held place): availability is read again. */
  | { type: 'offer.availabilityChanged' }
  /** The payment call to action. */
  | { type: 'payment.buy' }
  | { type: 'payment.dismissWarning' }
  /** The dialog's quantity field or stepper; anything non-numeric resets to 1. */
  | { type: 'addToCart.quantityChanged'; value: number | string }
  | { type: 'addToCart.confirm' }
  | { type: 'addToCart.cancel' }
  /** From the selection child: the member's choice settled. */
  | SelectionChanged
  /** The availability read again (the spawned `availabilityRefresh`) answered. */
  | DoneActorEvent<OfferDetail, 'availabilityRefresh'>
  /** The offer read again in the language shown now (the spawned `languageRefresh`) answered. */
  | DoneActorEvent<OfferDetail, 'languageRefresh'>
  /** From the sale queue child: the variant the member may buy now, or none. */
  | SaleTurn;
