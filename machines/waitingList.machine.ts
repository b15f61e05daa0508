import { assign, enqueueActions, fromCallback, fromPromise, setup, type ActorRef, type ActorRefFrom, type Snapshot } from 'xstate';
import { errorCodeOf, notProvided } from './errorCode.ts';
import type { ticketSelectionMachine } from './ticketSelection.machine.ts';
import type { WaitingListPlace } from '../contract/waitingList.ts';

export interface WaitingListInput {
  offerId: string;
  /** The offer page's variant choice; the list follows the variant it selects. Null: the offer sells nothing. */
  selection: ActorRefFrom<typeof ticketSelectionMachine> | null;
  /** The offer page, told when a place given up changes what the member can buy; null on its own. */
  page: ActorRef<Snapshot<unknown>, { type: 'offer.availabilityChanged' }> | null;
}

export interface WaitingListContext extends WaitingListInput {
  /** The member's places on the offer's variants. */
  places: WaitingListPlace[];
  /** The variant shown (selected), and whether it is sold out for this member. */
  itemVariantId: string | null;
  soldOut: boolean;
  /** Why the last join or leave failed. */
  errorCode: string | null;
}

export type WaitingListEvent =
  | { type: 'waitingList.variantShown'; itemVariantId: string | null; soldOut: boolean }
  | { type: 'waitingList.join' }
  | { type: 'waitingList.leave' }
  | { type: 'waitingList.retry' };

/** The place on the shown variant. */
export const shownPlace = (context: Pick<WaitingListContext, 'places' | 'itemVariantId'>): WaitingListPlace | null =>
  context.places.find((p) => p.itemVariantId === context.itemVariantId) ?? null;

const withPlace = (places: WaitingListPlace[], place: WaitingListPlace) => [...places.filter((p) => p.itemVariantId !== place.itemVariantId), place];

/**
 * The waiting list on an offer page (spec 5): for the selected variant the member is not
 * waiting (and may join when it is sold out), waiting with a place in line, offered a held place
 * (they may buy it until the offer ends), or their offer expired (they may join again). Joining
 * and leaving go to the server, which keeps the line fair.
 */
export const waitingListMachine = setup({
  types: {
    context: {} as WaitingListContext,
    events: {} as WaitingListEvent,
    input: {} as WaitingListInput,
  },
  actors: {
    loadPlaces: fromPromise<WaitingListPlace[], { offerId: string }>(async () => notProvided('loadPlaces')),
    joinWaitingList: fromPromise<WaitingListPlace, { itemVariantId: string }>(async () => notProvided('joinWaitingList')),
    leaveWaitingList: fromPromise<WaitingListPlace, { itemVariantId: string }>(async () => notProvided('leaveWaitingList')),
    /** Follows the page's selection: which variant is shown and whether it is sold out. */
    observeSelection: fromCallback<WaitingListEvent, WaitingListInput['selection']>(({ input, sendBack }) => {
      if (!input) return;
      const tell = (snapshot: ReturnType<typeof input.getSnapshot>) =>
        sendBack({ type: 'waitingList.variantShown', itemVariantId: snapshot.context.variantId, soldOut: snapshot.hasTag('soldOut') });
      tell(input.getSnapshot());
      const subscription = input.subscribe(tell);
      return () => subscription.unsubscribe();
    }),
  },
  actions: {
    tellPage: enqueueActions(({ context, enqueue }) => {
      if (context.page) enqueue.sendTo(context.page, { type: 'offer.availabilityChanged' });
    }),
    keepShown: assign({
      itemVariantId: ({ event }) => (event.type === 'waitingList.variantShown' ? event.itemVariantId : null),
      soldOut: ({ event }) => event.type === 'waitingList.variantShown' && event.soldOut,
      errorCode: null,
    }),
  },
  guards: {
    sellsNothing: ({ context }) => context.selection === null,
    isWaiting: ({ context }) => shownPlace(context)?.status === 'waiting',
    isOffered: ({ context }) => shownPlace(context)?.status === 'offered',
    isExpired: ({ context }) => shownPlace(context)?.status === 'expired',
    canJoin: ({ context }) => context.itemVariantId !== null && context.soldOut,
  },
}).createMachine({
  id: 'waitingList',
  context: ({ input }) => ({ ...input, places: [], itemVariantId: null, soldOut: false, errorCode: null }),
  initial: 'opening',
  states: {
    opening: { always: [{ guard: 'sellsNothing', target: 'inactive' }, { target: 'loading' }] },
    /** The offer sells nothing: no line to stand in. */
    inactive: {},
    loading: {
      invoke: {
        src: 'loadPlaces',
        input: ({ context }) => ({ offerId: context.offerId }),
        onDone: { target: 'ready', actions: assign({ places: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    /** The places could not be read: the page shows no waiting list until the member retries. */
    failed: { on: { 'waitingList.retry': 'loading' } },
    ready: {
      invoke: { src: 'observeSelection', input: ({ context }) => context.selection },
      on: {
        'waitingList.variantShown': { target: '.showing', actions: 'keepShown' },
      },
      initial: 'showing',
      states: {
        showing: {
          always: [
            { guard: 'isWaiting', target: 'waiting' },
            { guard: 'isOffered', target: 'offered' },
            { guard: 'isExpired', target: 'expired' },
            { target: 'notWaiting' },
          ],
        },
        notWaiting: { on: { 'waitingList.join': { guard: 'canJoin', target: 'joining' } } },
        waiting: { on: { 'waitingList.leave': 'leaving' } },
        /** A place is held for the member until `offeredUntil`: they may buy it, or give it up. */
        offered: { on: { 'waitingList.leave': 'leaving' } },
        /** The held place went unused and passed on; they may line up again. */
        expired: { on: { 'waitingList.join': { guard: 'canJoin', target: 'joining' } } },
        joining: {
          tags: ['busy'],
          entry: assign({ errorCode: null }),
          // Another variant chosen meanwhile: the answer still lands (it names its variant).
          on: { 'waitingList.variantShown': { actions: 'keepShown' } },
          invoke: {
            src: 'joinWaitingList',
            input: ({ context }) => ({ itemVariantId: context.itemVariantId! }),
            onDone: { target: 'showing', actions: assign({ places: ({ context, event }) => withPlace(context.places, event.output) }) },
            onError: { target: 'showing', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
        leaving: {
          tags: ['busy'],
          entry: assign({ errorCode: null }),
          on: { 'waitingList.variantShown': { actions: 'keepShown' } },
          invoke: {
            src: 'leaveWaitingList',
            input: ({ context }) => ({ itemVariantId: context.itemVariantId! }),
            onDone: {
              target: 'showing',
              actions: [
                assign({ places: ({ context, event }) => withPlace(context.places, event.output) }),
                // A held place given up is a unit the member can no longer buy.
                'tellPage',
              ],
            },
            onError: { target: 'showing', actions: assign({ errorCode: ({ event }) => errorCodeOf(event.error) }) },
          },
        },
      },
    },
  },
});
