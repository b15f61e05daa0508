import { assign, fromPromise, setup } from 'xstate';
import { callErrorOf, notProvided } from './errorCode.ts';
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

export interface OfferPageContext extends OfferPageInput {
  offer: OfferDetail | null;
  /** The brand's categories, for the category tag; null until (or unless) they load. */
  categories: CategoryList | null;
  error: OfferLoadError | null;
}

export type OfferPageEvent = { type: 'offer.retry' };

/** Why an offer did not load, as the API tells it (spec 8: status, code, message). */
export function loadErrorOf(error: unknown): OfferLoadError {
  const { status, code } = callErrorOf(error);
  return { status, code };
}

/** Params for guards and actions on a failed load. */
const loadErrorParams = ({ event }: { event: { error: unknown } }) => loadErrorOf(event.error);
const keepError = { type: 'keepError', params: loadErrorParams } as const;
const isCode = (error: OfferLoadError, status: number, code: string) => error.status === status || error.code === code;

/**
 * One offer page (spec 4 "Offer page: loading, loaded, error"). The failure is a state per
 * reason the page tells apart.
 */
export const offerPageMachine = setup({
  types: {
    context: {} as OfferPageContext,
    events: {} as OfferPageEvent,
    input: {} as OfferPageInput,
  },
  actors: {
    loadOffer: fromPromise<OfferDetail, { id: string }>(async () => notProvided('loadOffer')),
    loadCategories: fromPromise<CategoryList>(async () => notProvided('loadCategories')),
  },
  actions: {
    keepError: assign((_, error: OfferLoadError) => ({ error })),
  },
  guards: {
    isNotFound: (_, error: OfferLoadError) => isCode(error, 404, 'offer_not_found'),
    isNotRelevant: (_, error: OfferLoadError) => isCode(error, 410, 'offer_not_relevant'),
    needsSignIn: (_, error: OfferLoadError) => error.status === 401,
  },
}).createMachine({
  id: 'offerPage',
  context: ({ input }) => ({ ...input, offer: null, categories: null, error: null }),
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
          { guard: { type: 'isNotFound', params: loadErrorParams }, target: 'failed.notFound', actions: keepError },
          { guard: { type: 'isNotRelevant', params: loadErrorParams }, target: 'failed.notRelevant', actions: keepError },
          { guard: { type: 'needsSignIn', params: loadErrorParams }, target: 'failed.needsSignIn', actions: keepError },
          { target: 'failed.other', actions: keepError },
        ],
      },
    },
    loaded: {},
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
