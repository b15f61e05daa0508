import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { offerMachine } from '../../../machines/offer.machine.ts';
import { buyWaitsForQueue } from '../../../machines/offer.rules.ts';
import type { CalendarRequest } from '../../../machines/addToCalendar.machine.ts';

export type OfferRef = ActorRefFrom<typeof offerMachine>;

/** What the page shows: the offer, a skeleton, or one of the spec's failures. */
export type OfferStatus = 'loading' | 'loaded' | 'notFound' | 'notRelevant' | 'needsSignIn' | 'offline' | 'failed';

function statusOf(snapshot: SnapshotFrom<typeof offerMachine>): OfferStatus {
  if (snapshot.matches('loaded')) return 'loaded';
  if (snapshot.matches({ failed: 'notFound' })) return 'notFound';
  if (snapshot.matches({ failed: 'notRelevant' })) return 'notRelevant';
  if (snapshot.matches({ failed: 'needsSignIn' })) return 'needsSignIn';
  if (snapshot.matches({ failed: 'offline' })) return 'offline';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

export function connectOffer(snapshot: SnapshotFrom<typeof offerMachine>, ref: OfferRef) {
  const { offer, categories, error } = snapshot.context;
  const categoryId = offer?.categoryId;
  return {
    status: statusOf(snapshot),
    offer,
    categoryName: (categoryId && categories?.record[categoryId]?.name) || null,
    errorCode: error?.code ?? null,
    canRetry: snapshot.can({ type: 'offer.retry' }),
    retry: () => ref.send({ type: 'offer.retry' }),
    /** The ticket cascade or variant selector, once an offer that sells has loaded. */
    selection: snapshot.context.selection,
    selectItemWarning: snapshot.matches({ loaded: 'selectItemWarning' }),
    /** The add-to-cart dialog's variant and limit while it is open (spec 4, 5). */
    addToCart: snapshot.context.addToCart,
    quantity: snapshot.context.quantity,
    buy: () => ref.send({ type: 'payment.buy' }),
    dismissWarning: () => ref.send({ type: 'payment.dismissWarning' }),
    changeQuantity: (value: number | string) => ref.send({ type: 'addToCart.quantityChanged', value }),
    confirmAddToCart: () => ref.send({ type: 'addToCart.confirm' }),
    cancelAddToCart: () => ref.send({ type: 'addToCart.cancel' }),
    /** The promo rows' actors while the offer is shown (stable references, for the view's selectors). */
    uniquePromoRef: snapshot.children.promoClaim,
    commonPromoRef: snapshot.children.commonPromo,
    clipboardRef: snapshot.children.clipboard,
    /** The waiting list of the selected variant, while the offer is shown. */
    waitingListRef: snapshot.children.waitingList,
    /** The sale queue of the selected variant when it has an on-sale time, while the offer is shown. */
    saleQueueRef: snapshot.children.saleQueue,
    /** Buy waits for the member's turn in the chosen evening's sale queue. */
    waitsForQueue: buyWaitsForQueue(snapshot.context),
    /** What the member bought of this offer, and "Add to calendar" for it. */
    purchases: snapshot.context.purchases,
    addToCalendar: (request: CalendarRequest) => snapshot.children.calendar?.send({ type: 'calendar.add', ...request }),
  };
}

export type OfferView = ReturnType<typeof connectOffer>;
