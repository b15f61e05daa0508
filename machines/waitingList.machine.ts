import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { errorCodeOf, notProvided } from './errorCode.ts';
import type { WaitingListPlace } from '../contract/waitingList.ts';

export interface WaitingListInput {
  offerId: string;
  /** Whether the offer sells anything; one that does not has no line to stand in. */
  sells: boolean;
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

/** The variant the page shows (the member's choice, null until made) and whether it is sold out for them. */
export interface VariantShown {
  type: 'waitingList.variantShown';
  itemVariantId: string | null;
  soldOut: boolean;
}

export type WaitingListEvent =
  | VariantShown
  | { type: 'waitingList.join' }
  | { type: 'waitingList.leave' }
  | { type: 'waitingList.retry' };

/** The place on the shown variant. */
export const shownPlace = (context: Pick<WaitingListContext, 'places' | 'itemVariantId'>): WaitingListPlace | null =>
  context.places.find((p) => p.itemVariantId === context.itemVariantId) ?? null;

const withPlace = (places: WaitingListPlace[], place: WaitingListPlace) => [...places.filter((p) => p.itemVariantId !== place.itemVariantId), place];
const keepShown = { type: 'keepShown', params: ({ event }: { event: VariantShown }) => event } as const;

/**
 * The waiting list on an offer page (spec 5): for the selected variant the member is not
 * waiting (and may join when it is sold out), waiting with a place in line, offered a held place
 * (they may buy it until the offer ends), or their offer expired (they may join again). Joining
 * and leaving go to the server, which keeps the line fair. The page tells it which variant it
 * shows (`waitingList.variantShown`), and is told when a place given up changes what the member
 * can buy (`offer.availabilityChanged` to the parent).
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
  },
  actions: {
    /** A list run alone (in its own tests) has no page to tell. */
    tellPage: enqueueActions(({ self, enqueue }) => {
      if (self._parent) enqueue.sendParent({ type: 'offer.availabilityChanged' });
    }),
    keepShown: assign((_, { itemVariantId, soldOut }: Omit<VariantShown, 'type'>) => ({ itemVariantId, soldOut, errorCode: null })),
    /** Opens the visitor's sign-in (provided by the page's wiring). */
    askToSignIn: (_, _params: undefined) => void notProvided('askToSignIn'),
  },
  guards: {
    /** A signed-out visitor is asked to sign in instead (provided by the page's wiring; a member's page by default). */
    isVisitor: (_, _params: undefined) => false,
    sellsNothing: ({ context }) => !context.sells,
    isWaiting: ({ context }) => shownPlace(context)?.status === 'waiting',
    isOffered: ({ context }) => shownPlace(context)?.status === 'offered',
    isExpired: ({ context }) => shownPlace(context)?.status === 'expired',
    canJoin: ({ context }) => context.itemVariantId !== null && context.soldOut,
  },
}).createMachine({
  id: 'waitingList',
  context: ({ input }) => ({ ...input, places: [], itemVariantId: null, soldOut: false, errorCode: null }),
  initial: 'opening',
  // The variant shown is kept while the places load, for when they have.
  on: { 'waitingList.variantShown': { actions: keepShown } },
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
      on: {
        'waitingList.variantShown': { target: '.showing', actions: keepShown },
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
        notWaiting: { on: { 'waitingList.join': [{ guard: 'isVisitor', actions: 'askToSignIn' }, { guard: 'canJoin', target: 'joining' }] } },
        waiting: { on: { 'waitingList.leave': 'leaving' } },
        /** A place is held for the member until `offeredUntil`: they may buy it, or give it up. */
        offered: { on: { 'waitingList.leave': 'leaving' } },
        /** The held place went unused and passed on; they may line up again. */
        expired: { on: { 'waitingList.join': { guard: 'canJoin', target: 'joining' } } },
        joining: {
          tags: ['busy'],
          entry: assign({ errorCode: null }),
          // Another variant chosen meanwhile: the answer still lands (it names its variant).
          on: { 'waitingList.variantShown': { actions: keepShown } },
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
          on: { 'waitingList.variantShown': { actions: keepShown } },
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
