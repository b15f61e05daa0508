import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup, spawnChild, type ActorRefFrom } from 'xstate';
import { notProvided } from './errorCode.ts';
import { promoClaimMachine } from './promoClaim.machine.ts';
import { commonPromoMachine } from './commonPromo.machine.ts';
import { clipboardCopyMachine } from './clipboardCopy.machine.ts';
import { waitingListMachine } from './waitingList.machine.ts';
import { saleQueueMachine, type SaleTurn } from './saleQueue.machine.ts';
import { addToCalendarMachine } from './addToCalendar.machine.ts';
import { retryWhenOnline } from './retryWhenOnline.ts';
import { whenLanguageChanges } from './whenLanguageChanges.ts';
import type { OrderItem } from '../contract/checkout.ts';
import type { CategoryList, OfferDetail } from '../contract/offer.ts';
export type { OfferEvent } from './offer.rules.ts';
import {
  buyWaitsForQueue,
  isCode,
  loadErrorOf,
  noChoice,
  onSaleAtOf,
  sells,
  maxQuantityAfterPurchases,
  type AddToCartChoice,
  type CartAddition,
  type Choice,
  type OfferLoadError,
  type OfferEvent,
  type OfferInput,
} from './offer.rules.ts';
import { ticketSelectionMachine } from './ticketSelection.machine.ts';
import { clampQuantity } from '../domain/cartUpdate.ts';

export interface OfferContext extends OfferInput {
  offer: OfferDetail | null;
  /** The brand's categories, for the category tag; null until (or unless) they load. */
  categories: CategoryList | null;
  error: OfferLoadError | null;
  /** Choosing what to buy (spec 4 "Ticket selection"); started once an offer that sells has loaded. */
  selection: ActorRefFrom<typeof ticketSelectionMachine> | null;
  /** The choice as the selection last told it (`selection.changed`): what the payment action may do. */
  choice: Choice;
  /** The add-to-cart dialog's variant and its quantity limit, while the dialog is open. */
  addToCart: AddToCartChoice | null;
  /** The dialog's quantity (spec 5: integer, 1 up to the limit). */
  quantity: number;
  /** What the member has bought of this offer (one line per variant), for "Add to calendar"; empty until known. */
  purchases: OrderItem[];
  /** The variant whose sale queue last told the member it is their turn (`saleQueue.turn`), or null. */
  queueTurn: string | null;
}

/** The offer in `loaded` (set by the load's onDone on the way in). */
function loadedOffer(context: OfferContext): OfferDetail {
  if (!context.offer) throw new Error('offer: loaded without an offer');
  return context.offer;
}

/** Params for guards and actions on a failed load. */
const loadErrorParams = ({ event }: { event: { error: unknown } }) => loadErrorOf(event.error);
const keepError = { type: 'keepError', params: loadErrorParams } as const;
/**
 * One offer page (spec 4 "Offer page: loading, loaded, error"). The failure is a state per
 * reason the page tells apart. A loaded page invokes its promo code rows (promoClaim,
 * commonPromo), the copy buttons' clipboard, the waiting list of its sold-out variants, the
 * sale queue of a variant with an on-sale time (buying it waits for the member's turn), and
 * "Add to calendar" for what the member bought of it.
 */
export const offerMachine = setup({
  types: {
    context: {} as OfferContext,
    events: {} as OfferEvent,
    input: {} as OfferInput,
    children: {} as {
      promoClaim: 'promoClaim';
      commonPromo: 'commonPromo';
      clipboard: 'clipboard';
      waitingList: 'waitingList';
      saleQueue: 'saleQueue';
      calendar: 'addToCalendar';
    },
  },
  actors: {
    /** Tells `offer.signedIn` when a visitor on this page signs in (provided by the wiring). */
    watchApp: fromCallback<OfferEvent>(() => undefined),
    loadOffer: fromPromise<OfferDetail, { id: string }>(async () => notProvided('loadOffer')),
    loadCategories: fromPromise<CategoryList>(async () => notProvided('loadCategories')),
    /** The member's order lines of this offer (none to ask for when it sells no tickets). */
    loadPurchases: fromPromise<OrderItem[], { offerId: string; sellsTickets: boolean }>(async () => notProvided('loadPurchases')),
    waitingList: waitingListMachine,
    saleQueue: saleQueueMachine,
    addToCalendar: addToCalendarMachine,
    /** Sends `offer.retry` when the browser is back online (provided by the page's wiring). */
    retryWhenOnline,
    /** Sends `offer.languageChanged` once the app shows another language (provided by the page's wiring). */
    whenLanguageChanges,
    ticketSelection: ticketSelectionMachine,
    // The promo rows and their copy buttons; the wiring provides their calls.
    promoClaim: promoClaimMachine,
    commonPromo: commonPromoMachine,
    clipboard: clipboardCopyMachine,
  },
  actions: {
    keepError: assign((_, error: OfferLoadError) => ({ error })),
    startSelection: assign({
      // End dates are compared with the moment the page shows the offer.
      selection: ({ context, spawn }) =>
        context.offer && sells(context.offer) ? spawn('ticketSelection', { id: 'ticketSelection', input: { offer: context.offer, now: Date.now() } }) : null,
    }),
    /** The offer read again in the language shown now: its texts and names change, the member's choice and place stay. */
    applyTranslatedOffer: enqueueActions(({ context, enqueue }, fresh: OfferDetail) => {
      enqueue.assign({ offer: fresh });
      if (context.selection) enqueue.sendTo(context.selection, { type: 'selection.offerTranslated', offer: fresh });
    }),
    keepChoice: assign((_, choice: Choice) => ({ choice: { itemVariantId: choice.itemVariantId, status: choice.status } })),
    /** The waiting list follows the variant shown. */
    showWaitingList: sendTo('waitingList', (_, choice: Choice) => ({
      type: 'waitingList.variantShown' as const,
      itemVariantId: choice.itemVariantId,
      soldOut: choice.status === 'soldOut',
    })),
    /** The sale queue follows the variant shown, when the member could buy it but for its on-sale time. */
    showSaleQueue: sendTo('saleQueue', ({ context }, choice: Choice) => {
      const itemVariantId = choice.status === 'buyable' ? choice.itemVariantId : null;
      return { type: 'saleQueue.variantShown' as const, itemVariantId, onSaleAt: onSaleAtOf(context.offer, itemVariantId) };
    }),
    keepQueueTurn: assign((_, { itemVariantId }: Omit<SaleTurn, 'type'>) => ({ queueTurn: itemVariantId })),
    tellSaleQueueSignedIn: sendTo('saleQueue', { type: 'saleQueue.signedIn' }),
    openAddToCart: assign(({ context }) => {
      const variant = context.offer?.itemVariantList.find((v) => v.id === context.choice.itemVariantId);
      if (!variant || !context.offer) return {};
      return { addToCart: { itemVariantId: variant.id, maxQuantity: maxQuantityAfterPurchases(context.offer, variant, context.purchases) }, quantity: 1 };
    }),
    changeQuantity: assign(({ context }, { value }: { value: number | string }) => ({
      quantity: clampQuantity(value, context.addToCart?.maxQuantity ?? null),
    })),
    closeAddToCart: assign({ addToCart: null, quantity: 1 }),
    applyAvailability: enqueueActions(({ context, enqueue }, fresh: OfferDetail) => {
      enqueue.assign({ offer: { ...loadedOffer(context), itemVariantAvailability: fresh.itemVariantAvailability } });
      if (context.selection) enqueue.sendTo(context.selection, { type: 'selection.availabilityUpdated', itemVariantAvailability: fresh.itemVariantAvailability });
    }),
    /** Tells the member's cart (the app's cart actor); provided by the page's wiring. */
    addToCart: (_, _addition: CartAddition) => notProvided('addToCart'),
    /** Opens the visitor's sign-in (provided by the page's wiring). */
    askToSignIn: (_, _params: undefined) => void notProvided('askToSignIn'),
  },
  guards: {
    /** A signed-out visitor is asked to sign in instead (provided by the page's wiring; a member's page by default). */
    isVisitor: (_, _params: undefined) => false,
    hasBuyableVariant: ({ context }) => context.choice.status === 'buyable' && !buyWaitsForQueue(context),
    needsSelection: ({ context }) => context.choice.status === 'needsSelection',
    isNotFound: (_, error: OfferLoadError) => isCode(error, 404, 'offer_not_found'),
    isNotRelevant: (_, error: OfferLoadError) => isCode(error, 410, 'offer_not_relevant'),
    needsSignIn: (_, error: OfferLoadError) => error.status === 401,
    /** No answer at all (spec 8: status 600, failed_to_fetch), not an error the server answered. */
    isNetworkFailure: (_, error: OfferLoadError) => isCode(error, 600, 'failed_to_fetch'),
  },
}).createMachine({
  id: 'offer',
  context: ({ input }) => ({
    ...input,
    offer: null,
    categories: null,
    error: null,
    selection: null,
    choice: noChoice,
    addToCart: null,
    quantity: 1,
    purchases: [],
    queueTurn: null,
  }),
  invoke: [
    // The category tag is a nicety: without categories the page simply shows no tag.
    {
      src: 'loadCategories',
      onDone: { actions: assign({ categories: ({ event }) => event.output }) },
      onError: {},
    },
    { src: 'watchApp' },
    { src: 'whenLanguageChanges', input: { tell: { type: 'offer.languageChanged' } } },
  ],
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      // An answer on its way was asked for in the language before.
      on: { 'offer.languageChanged': { target: 'loading', reenter: true } },
      invoke: {
        src: 'loadOffer',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'loaded', actions: assign({ offer: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'isNotFound', params: loadErrorParams }, target: 'failed.notFound', actions: keepError },
          { guard: { type: 'isNotRelevant', params: loadErrorParams }, target: 'failed.notRelevant', actions: keepError },
          { guard: { type: 'needsSignIn', params: loadErrorParams }, target: 'failed.needsSignIn', actions: keepError },
          { guard: { type: 'isNetworkFailure', params: loadErrorParams }, target: 'failed.offline', actions: keepError },
          { target: 'failed.other', actions: keepError },
        ],
      },
    },
    /** The offer is shown; its unique and common promo code rows and copy buttons run beside it. */
    loaded: {
      entry: 'startSelection',
      invoke: [
        { id: 'promoClaim', src: 'promoClaim', input: ({ context }) => loadedOffer(context) },
        { id: 'commonPromo', src: 'commonPromo', input: ({ context }) => loadedOffer(context) },
        { id: 'clipboard', src: 'clipboard' },
        // Told the variant shown by the page (on selection.changed), and tells the page when a place given up changes what the member can buy.
        { id: 'waitingList', src: 'waitingList', input: ({ context }) => ({ offerId: loadedOffer(context).id, sells: sells(context.offer) }) },
        // Told the variant shown (on selection.changed); tells the page when it is the member's turn to buy it.
        { id: 'saleQueue', src: 'saleQueue' },
        { id: 'calendar', src: 'addToCalendar' },
        // A nicety: without them the page simply offers no calendar entry.
        {
          src: 'loadPurchases',
          input: ({ context }) => {
            const offer = loadedOffer(context);
            return { offerId: offer.id, sellsTickets: offer.itemVariantType === 'ticket' && offer.itemVariantList.length > 0 };
          },
          onDone: { actions: assign({ purchases: ({ event }) => event.output }) },
          onError: {},
        },
      ],
      on: {
        'offer.availabilityChanged': { actions: spawnChild('loadOffer', { id: 'availabilityRefresh', input: ({ context }) => ({ id: context.id }) }) },
        'offer.languageChanged': { actions: spawnChild('loadOffer', { id: 'languageRefresh', input: ({ context }) => ({ id: context.id }) }) },
        'xstate.done.actor.languageRefresh': { actions: { type: 'applyTranslatedOffer', params: ({ event }) => event.output } },
        // The visitor's choice stays; the counts are read again as the member's.
        'offer.signedIn': {
          actions: [spawnChild('loadOffer', { id: 'availabilityRefresh', input: ({ context }) => ({ id: context.id }) }), 'tellSaleQueueSignedIn'],
        },
        'selection.changed': {
          actions: [
            { type: 'keepChoice', params: ({ event }) => event },
            { type: 'showWaitingList', params: ({ event }) => event },
            { type: 'showSaleQueue', params: ({ event }) => event },
          ],
        },
        'saleQueue.turn': { actions: { type: 'keepQueueTurn', params: ({ event }) => event } },
        // The page keeps showing what it shows; only the counts change (and the choice is checked against them).
        'xstate.done.actor.availabilityRefresh': { actions: { type: 'applyAvailability', params: ({ event }) => event.output } },
      },
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            // Spec 4 "Payment action": the dialog opens only with a variant selected, else the 'select item' warning.
            // A visitor signs in first; the page and the chosen ticket stay as they are.
            'payment.buy': [
              { guard: 'isVisitor', actions: 'askToSignIn' },
              { guard: 'hasBuyableVariant', target: 'addingToCart', actions: 'openAddToCart' },
              { guard: 'needsSelection', target: 'selectItemWarning' },
            ],
          },
        },
        selectItemWarning: {
          on: { 'payment.dismissWarning': 'browsing' },
        },
        addingToCart: {
          on: {
            'addToCart.quantityChanged': { actions: { type: 'changeQuantity', params: ({ event }) => event } },
            // Spec 4: the dialog closes, the cart is updated with action add, the quantity resets to 1.
            'addToCart.confirm': {
              target: 'browsing',
              actions: [
                {
                  type: 'addToCart',
                  params: ({ context }) => ({
                    itemVariantId: context.addToCart!.itemVariantId,
                    offerId: context.offer!.id,
                    quantity: context.quantity,
                  }),
                },
                'closeAddToCart',
              ],
            },
            'addToCart.cancel': { target: 'browsing', actions: 'closeAddToCart' },
          },
        },
      },
    },
    failed: {
      initial: 'other',
      states: {
        notFound: {},
        notRelevant: {},
        // Signed in from here, the member-only offer loads.
        needsSignIn: { on: { 'offer.signedIn': '#offer.loading' } },
        /** No network: the page loads by itself once the browser is online again (or on Try again). */
        offline: { invoke: { src: 'retryWhenOnline', input: { retry: { type: 'offer.retry' } } } },
        other: {},
      },
      on: { 'offer.retry': 'loading' },
    },
  },
});
