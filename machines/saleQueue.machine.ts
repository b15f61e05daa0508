import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { errorCodeOf, notProvided } from './errorCode.ts';
import type { SaleQueuePlace } from '../contract/saleQueue.ts';

/** While waiting, the place is asked about this often (the server drops a place not asked about for 45 s). */
export const pollIntervalMs = 5_000;
/** The countdowns move on every second. */
export const tickMs = 1_000;
/** A failed ask is tried again after this long (the member may also retry at once). */
export const retryDelayMs = 5_000;

export interface SaleQueueContext {
  /** The variant shown, when it has an on-sale time (else null: nothing to queue for). */
  itemVariantId: string | null;
  /** Its on-sale time as the offer tells it (ms, the server's clock). */
  onSaleAt: number | null;
  /** The server's last answer about the member's place. */
  place: SaleQueuePlace | null;
  /** The server's clock less the device's, at the last answer: countdowns run on the server's time. */
  clockOffset: number;
  /** The device's time at the last tick (ms): what the countdowns are drawn from. */
  now: number;
  /** Why the last ask failed. */
  errorCode: string | null;
}

/** The variant the page shows, and its on-sale time (null: none, or not a variant the member could buy now). */
export interface SaleVariantShown {
  type: 'saleQueue.variantShown';
  itemVariantId: string | null;
  onSaleAt: number | null;
}

export type SaleQueueEvent =
  | SaleVariantShown
  /** The visitor on the page signed in: they may take a place now. */
  | { type: 'saleQueue.signedIn' }
  /** A visitor asks to sign in (to take a place). */
  | { type: 'saleQueue.signIn' }
  | { type: 'saleQueue.retry' }
  | { type: 'saleQueue.leave' }
  | { type: 'saleQueue.join' };

/** What the keeper of the place is told: whether the page going away should give the place up. */
export type PlaceKeeperEvent = { type: 'keeper.arm' } | { type: 'keeper.disarm' };

/** What the queue tells the page: the variant the member may buy now (their turn), or none. */
export interface SaleTurn {
  type: 'saleQueue.turn';
  itemVariantId: string | null;
}

/** The server's time now, as the device's clock and the last answer tell it. */
export const serverTime = (context: Pick<SaleQueueContext, 'clockOffset' | 'now'>) => context.now + context.clockOffset;

const answer = ({ event }: { event: { output: SaleQueuePlace } }) => event.output;
/** The variant told, or none when it has no on-sale time (nothing to queue for). */
const shown = ({ event }: { event: SaleVariantShown }) =>
  event.itemVariantId !== null && event.onSaleAt !== null ? { itemVariantId: event.itemVariantId, onSaleAt: event.onSaleAt } : { itemVariantId: null, onSaleAt: null };
const keepPlace = { type: 'keepPlace', params: answer } as const;

/**
 * A variant's sale queue on the offer page: the countdown until the queue opens, the member's
 * place while waiting (asked again every 5 s), their turn to buy until it runs out, or sold out;
 * leaving the page while waiting gives the place up.
 *
 * Issue 39, docs/checkout.md "The sale queue". The page tells it the variant shown and its
 * on-sale time; for one with an on-sale time the member's place is asked of the server: `closed` (the queue opens at `opensAt`: counting down),
 * `waiting` (in line, asking again every 5 s), `admitted` (their turn until `admittedUntil`: the
 * page lets them buy), `soldOut`. Leaving the page (or another variant) while waiting gives the
 * place up (the `keeper` child, armed only while waiting, so going on to the checkout keeps the
 * turn). The server's clock runs the countdowns (`serverNow`). A visitor sees the countdown and
 * is asked to sign in. Failures are retried, by the member or after 5 s.
 */
export const saleQueueMachine = setup({
  types: {
    context: {} as SaleQueueContext,
    events: {} as SaleQueueEvent,
    children: {} as { keeper: 'placeKeeper' },
  },
  actors: {
    /** POST /v1/sale_queue/place: joins or refreshes the member's place. */
    takePlace: fromPromise<SaleQueuePlace, { itemVariantId: string }>(async () => notProvided('takePlace')),
    /** POST /v1/sale_queue/leave. */
    leavePlace: fromPromise<void, { itemVariantId: string }>(async () => notProvided('leavePlace')),
    /** Gives the place up (POST /v1/sale_queue/leave) when stopped while armed; errors are only logged. */
    placeKeeper: fromCallback<PlaceKeeperEvent, { itemVariantId: string }>(() => notProvided('placeKeeper')),
  },
  actions: {
    keepVariant: assign((_, { itemVariantId, onSaleAt }: Omit<SaleVariantShown, 'type'>) => ({ itemVariantId, onSaleAt, place: null, errorCode: null })),
    keepPlace: assign((_, place: SaleQueuePlace) => {
      const now = Date.now();
      return { place, clockOffset: place.serverNow - now, now, errorCode: null };
    }),
    keepTime: assign({ now: () => Date.now() }),
    keepError: assign((_, { error }: { error: unknown }) => ({ errorCode: errorCodeOf(error), now: Date.now() })),
    arm: sendTo('keeper', { type: 'keeper.arm' }),
    disarm: sendTo('keeper', { type: 'keeper.disarm' }),
    /** Tells the page whose turn it is; a queue run alone (in its own tests) has no page to tell. */
    tellTurn: enqueueActions(({ context, self, enqueue }, { mayBuy }: { mayBuy: boolean }) => {
      if (self._parent) enqueue.sendParent({ type: 'saleQueue.turn', itemVariantId: mayBuy ? context.itemVariantId : null } satisfies SaleTurn);
    }),
    /** Sold out at the server: the page reads the availability again (and then shows sold out, and its waiting list). */
    tellSoldOut: enqueueActions(({ self, enqueue }) => {
      if (self._parent) enqueue.sendParent({ type: 'offer.availabilityChanged' });
    }),
    /** Opens the visitor's sign-in (provided by the page's wiring). */
    askToSignIn: (_, _params: undefined) => void notProvided('askToSignIn'),
  },
  guards: {
    /** A signed-out visitor holds no place (provided by the page's wiring; a member's page by default). */
    isVisitor: (_, _params: undefined) => false,
    isShown: ({ context }, { itemVariantId, onSaleAt }: Omit<SaleVariantShown, 'type'>) => itemVariantId === context.itemVariantId && onSaleAt === context.onSaleAt,
    isQueued: (_, { itemVariantId, onSaleAt }: Omit<SaleVariantShown, 'type'>) => itemVariantId !== null && onSaleAt !== null,
    isClosed: (_, place: SaleQueuePlace) => place.state === 'closed',
    isAdmitted: (_, place: SaleQueuePlace) => place.state === 'admitted',
    isSoldOut: (_, place: SaleQueuePlace) => place.state === 'soldOut',
    /** The server has no queue for this variant (any more): it is bought as any other. */
    isUnqueued: (_, { error }: { error: unknown }) => ['sale_queue/not-queued', 'sale_queue/item_not_found', 'checkout/offer-ended'].includes(errorCodeOf(error)),
    queueIsOpen: ({ context }) => context.place !== null && Date.now() + context.clockOffset >= context.place.opensAt,
    turnIsOver: ({ context }) => context.place?.admittedUntil != null && Date.now() + context.clockOffset >= context.place.admittedUntil,
  },
  delays: { tick: tickMs, poll: pollIntervalMs, retry: retryDelayMs },
}).createMachine({
  id: 'saleQueue',
  context: () => ({ itemVariantId: null, onSaleAt: null, place: null, clockOffset: 0, now: Date.now(), errorCode: null }),
  initial: 'idle',
  on: {
    'saleQueue.variantShown': [
      // The same variant told again (its counts were read again): the place stays as it is.
      { guard: { type: 'isShown', params: shown } },
      { guard: { type: 'isQueued', params: shown }, target: '.queue', reenter: true, actions: { type: 'keepVariant', params: shown } },
      { target: '.idle', actions: { type: 'keepVariant', params: shown } },
    ],
  },
  states: {
    /** No variant with an on-sale time is shown. */
    idle: {},
    queue: {
      entry: 'keepTime',
      invoke: { id: 'keeper', src: 'placeKeeper', input: ({ context }) => ({ itemVariantId: context.itemVariantId! }) },
      initial: 'opening',
      states: {
        opening: { always: [{ guard: 'isVisitor', target: 'visitor' }, { target: 'asking' }] },
        /** Signed out: the countdown on the device's clock, and sign-in to take a place. */
        visitor: {
          on: { 'saleQueue.signIn': { actions: 'askToSignIn' }, 'saleQueue.signedIn': 'asking' },
          initial: 'ticking',
          states: { ticking: { after: { tick: { target: 'ticking', reenter: true, actions: 'keepTime' } } } },
        },
        asking: {
          tags: ['busy'],
          invoke: {
            src: 'takePlace',
            input: ({ context }) => ({ itemVariantId: context.itemVariantId! }),
            onDone: [
              { guard: { type: 'isClosed', params: answer }, target: 'closed', actions: keepPlace },
              { guard: { type: 'isAdmitted', params: answer }, target: 'admitted', actions: keepPlace },
              { guard: { type: 'isSoldOut', params: answer }, target: 'soldOut', actions: keepPlace },
              { target: 'waiting', actions: keepPlace },
            ],
            onError: [
              { guard: { type: 'isUnqueued', params: ({ event }) => event }, target: 'unqueued' },
              { target: 'failed', actions: { type: 'keepError', params: ({ event }) => event } },
            ],
          },
        },
        /** The queue is not open yet: counting down to its opening, then taking a place. */
        closed: {
          entry: 'disarm',
          initial: 'ticking',
          states: {
            ticking: {
              after: { tick: [{ guard: 'queueIsOpen', target: '#saleQueue.queue.asking' }, { target: 'ticking', reenter: true, actions: 'keepTime' }] },
            },
          },
        },
        /** In line: asked about every 5 s (or the place is lost); leaving the page gives it up. */
        waiting: {
          entry: 'arm',
          on: { 'saleQueue.leave': 'leaving' },
          after: { poll: 'asking' },
          initial: 'ticking',
          states: { ticking: { after: { tick: { target: 'ticking', reenter: true, actions: 'keepTime' } } } },
        },
        /** The member's turn: they may buy until `admittedUntil`, then their place is asked about again. */
        admitted: {
          entry: ['disarm', { type: 'tellTurn', params: { mayBuy: true } }],
          exit: { type: 'tellTurn', params: { mayBuy: false } },
          initial: 'ticking',
          states: {
            ticking: {
              after: { tick: [{ guard: 'turnIsOver', target: '#saleQueue.queue.asking' }, { target: 'ticking', reenter: true, actions: 'keepTime' }] },
            },
          },
        },
        soldOut: { entry: ['disarm', 'tellSoldOut'] },
        /** The server queues this variant no more (its on-sale time was taken away): it is bought as any other. */
        unqueued: {
          entry: ['disarm', { type: 'tellTurn', params: { mayBuy: true } }],
          exit: { type: 'tellTurn', params: { mayBuy: false } },
        },
        failed: {
          on: { 'saleQueue.retry': 'asking' },
          after: { retry: 'asking' },
        },
        leaving: {
          tags: ['busy'],
          entry: 'disarm',
          invoke: {
            src: 'leavePlace',
            input: ({ context }) => ({ itemVariantId: context.itemVariantId! }),
            // Not heard by the server, the place is lost all the same once it is not asked about.
            onDone: 'left',
            onError: 'left',
          },
        },
        /** The member left the line; they may take a place again (at the back once the sale is on). */
        left: { on: { 'saleQueue.join': 'asking' } },
      },
    },
  },
});
