import { notProvided } from './errorCode.ts';
import { assign, fromPromise, setup } from 'xstate';
import type { OfferDetail } from '../contract/offer.ts';
import type { CommonPromoCode } from '../contract/promoCode.ts';
import { claimErrorOf, type PromoClaimError } from './promoClaim.machine.ts';

/** The offer's common-code fields (GET /v1/get/offer) the row starts from. */
export type CommonPromoInput = Pick<OfferDetail, 'id' | 'promoCodeCommonExists' | 'promoCodeCommon'>;

export interface CommonPromoContext {
  /** The offer's common-code fields as loaded; they decide the first state only. */
  loaded: CommonPromoInput;
  offerId: string;
  /** The common code once revealed to this member (on an earlier visit, or by claiming now). */
  code: string | null;
  /** Why the last claim failed; the view tells 'catch_error_something_wrong'. */
  error: PromoClaimError | null;
}

export type CommonPromoEvent = { type: 'promo.claimCommon' } | { type: 'promo.dismissError' };

/**
 * The offer page's common promo code row (spec 2.3): claiming reveals the brand's common code,
 * which stays revealed (the server remembers the claim). No row when the offer has none.
 */
export const commonPromoMachine = setup({
  types: {
    context: {} as CommonPromoContext,
    events: {} as CommonPromoEvent,
    input: {} as CommonPromoInput,
  },
  actors: {
    /** POST /v1/claim/offer/voucher/code/common. */
    claimCommonCode: fromPromise<CommonPromoCode, { offerId: string }>(async () => {
      throw new Error('claimCommonCode not provided');
    }),
  },
  actions: {
    /** Opens the visitor's sign-in (provided by the page's wiring). */
    askToSignIn: (_, _params: undefined) => void notProvided('askToSignIn'),
  },
  guards: {
    /** A signed-out visitor is asked to sign in instead (provided by the page's wiring; a member's page by default). */
    isVisitor: (_, _params: undefined) => false,
    hasNoCommonCode: ({ context }) => !context.loaded.promoCodeCommonExists,
    isRevealed: ({ context }) => context.code !== null,
  },
}).createMachine({
  id: 'commonPromo',
  context: ({ input }) => ({ loaded: input, offerId: input.id, code: input.promoCodeCommon, error: null }),
  initial: 'arriving',
  states: {
    arriving: {
      always: [{ guard: 'isRevealed', target: 'revealed' }, { guard: 'hasNoCommonCode', target: 'none' }, { target: 'claimable' }],
    },
    none: {},
    claimable: {
      on: { 'promo.claimCommon': [{ guard: 'isVisitor', actions: 'askToSignIn' }, { target: 'claiming' }] },
    },
    claiming: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'claimCommonCode',
        input: ({ context }) => ({ offerId: context.offerId }),
        onDone: { target: 'revealed', actions: assign({ code: ({ event }) => event.output.code }) },
        onError: { target: 'error', actions: assign({ error: ({ event }) => claimErrorOf(event.error) }) },
      },
    },
    revealed: {},
    error: {
      on: {
        'promo.claimCommon': 'claiming',
        'promo.dismissError': { target: 'claimable', actions: assign({ error: null }) },
      },
    },
  },
});
