import { assign, fromPromise, setup } from 'xstate';
import { callErrorOf, notProvided } from './errorCode.ts';
import { promoClaimMachine } from './promoClaim.machine.ts';
import { commonPromoMachine } from './commonPromo.machine.ts';
import { clipboardCopyMachine } from './clipboardCopy.machine.ts';
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

/** The offer in `loaded` (set by the load's onDone on the way in). */
function loadedOffer(context: OfferPageContext): OfferDetail {
  if (!context.offer) throw new Error('offerPage: loaded without an offer');
  return context.offer;
}

/** Params for guards and actions on a failed load. */
const loadErrorParams = ({ event }: { event: { error: unknown } }) => loadErrorOf(event.error);
const keepError = { type: 'keepError', params: loadErrorParams } as const;
const isCode = (error: OfferLoadError, status: number, code: string) => error.status === status || error.code === code;

/**
 * One offer page (spec 4 "Offer page: loading, loaded, error"). The failure is a state per
 * reason the page tells apart. A loaded page invokes its promo code rows (promoClaim,
 * commonPromo) and the copy buttons' clipboard.
 */
export const offerPageMachine = setup({
  types: {
    context: {} as OfferPageContext,
    events: {} as OfferPageEvent,
    input: {} as OfferPageInput,
    children: {} as { promoClaim: 'promoClaim'; commonPromo: 'commonPromo'; clipboard: 'clipboard' },
  },
  actors: {
    loadOffer: fromPromise<OfferDetail, { id: string }>(async () => notProvided('loadOffer')),
    loadCategories: fromPromise<CategoryList>(async () => notProvided('loadCategories')),
    // The promo rows and their copy buttons; the wiring provides their calls.
    promoClaim: promoClaimMachine,
    commonPromo: commonPromoMachine,
    clipboard: clipboardCopyMachine,
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
    /** The offer is shown; its unique and common promo code rows and copy buttons run beside it. */
    loaded: {
      invoke: [
        { id: 'promoClaim', src: 'promoClaim', input: ({ context }) => loadedOffer(context) },
        { id: 'commonPromo', src: 'commonPromo', input: ({ context }) => loadedOffer(context) },
        { id: 'clipboard', src: 'clipboard' },
      ],
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
