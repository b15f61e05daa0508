import { assign, fromPromise, setup } from 'xstate';
import type { CategoryList, OfferDetail, OfferType } from '../server/schemas/offer.ts';

export interface OfferPageInput {
  id: string;
  type: OfferType;
  /** The section the member came from (/:origin/:type/:id), when the route has one. */
  origin?: string;
}

export interface OfferLoadError {
  status: number;
  code: string;
}

export type MessageKind = 'success' | 'error';

export interface OfferPageContext extends OfferPageInput {
  offer: OfferDetail | null;
  /** The brand's categories, for the category tag; null until (or unless) they load. */
  categories: CategoryList | null;
  error: OfferLoadError | null;
  /** The text of the open message dialog. */
  message: string | null;
}

export type OfferPageEvent =
  | { type: 'offer.retry' }
  | { type: 'offer.showMessage'; kind: MessageKind; message: string }
  | { type: 'offer.dismissMessage' };

/** Why an offer did not load, as the API tells it (spec 8: status, code, message). */
export function loadErrorOf(error: unknown): OfferLoadError {
  const e = (error ?? {}) as Partial<OfferLoadError>;
  return { status: typeof e.status === 'number' ? e.status : 0, code: typeof e.code === 'string' ? e.code : 'unknown' };
}

/** The error of an invoke's error event (typed as the machine's own events in guards and actions). */
const errorOfEvent = (event: unknown) => loadErrorOf((event as { error?: unknown }).error);

/**
 * One offer page (spec 4 "Offer page: loading, loaded, error"). The failure is a state per
 * reason the page tells apart; the message dialog (success or error) is a state of the loaded page.
 */
export const offerPageMachine = setup({
  types: {
    context: {} as OfferPageContext,
    events: {} as OfferPageEvent,
    input: {} as OfferPageInput,
  },
  actors: {
    loadOffer: fromPromise<OfferDetail, { id: string }>(async () => {
      throw new Error('loadOffer not provided');
    }),
    loadCategories: fromPromise<CategoryList>(async () => {
      throw new Error('loadCategories not provided');
    }),
  },
  actions: {
    keepError: assign({ error: ({ event }) => errorOfEvent(event) }),
    openMessage: assign({ message: ({ event }) => (event.type === 'offer.showMessage' ? event.message : null) }),
  },
  guards: {
    isNotFound: ({ event }) => isCode(event, 404, 'offer_not_found'),
    isNotRelevant: ({ event }) => isCode(event, 410, 'offer_not_relevant'),
    needsSignIn: ({ event }) => errorOfEvent(event).status === 401,
    isSuccess: ({ event }) => event.type === 'offer.showMessage' && event.kind === 'success',
  },
}).createMachine({
  id: 'offerPage',
  context: ({ input }) => ({ ...input, offer: null, categories: null, error: null, message: null }),
  // The category tag is a nicety: without categories the page simply shows no tag.
  invoke: {
    src: 'loadCategories',
    onDone: { actions: assign({ categories: ({ event }) => event.output }) },
    onError: {},
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        src: 'loadOffer',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'loaded', actions: assign({ offer: ({ event }) => event.output }) },
        onError: [
          { guard: 'isNotFound', target: 'failed.notFound', actions: 'keepError' },
          { guard: 'isNotRelevant', target: 'failed.notRelevant', actions: 'keepError' },
          { guard: 'needsSignIn', target: 'failed.needsSignIn', actions: 'keepError' },
          { target: 'failed.other', actions: 'keepError' },
        ],
      },
    },
    loaded: {
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            'offer.showMessage': [
              { guard: 'isSuccess', target: 'message.success', actions: 'openMessage' },
              { target: 'message.error', actions: 'openMessage' },
            ],
          },
        },
        message: {
          initial: 'success',
          states: { success: {}, error: {} },
          on: { 'offer.dismissMessage': { target: 'browsing', actions: assign({ message: null }) } },
        },
      },
    },
    failed: {
      initial: 'other',
      states: {
        notFound: {},
        notRelevant: {},
        needsSignIn: {},
        other: {},
      },
      on: { 'offer.retry': 'loading' },
    },
  },
});

function isCode(event: unknown, status: number, code: string): boolean {
  const error = errorOfEvent(event);
  return error.status === status || error.code === code;
}
