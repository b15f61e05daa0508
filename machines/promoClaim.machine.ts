import { assign, fromPromise, setup } from 'xstate';
import { callErrorOf, notProvided } from './errorCode.ts';
import type { OfferDetail } from '../contract/offer.ts';
import type { UniquePromoCode } from '../contract/promoCode.ts';

/** The offer's promo fields (GET /v1/get/offer) the unique-code row starts from. */
export type PromoClaimInput = Pick<
  OfferDetail,
  'id' | 'promoExists' | 'isVoucherCodeSoldOut' | 'voucherClaimCap' | 'userVoucherCodeClaimCount'
>;

export interface PromoClaimError {
  status: number;
  code: string;
}

export interface PromoClaimContext {
  /** The offer's promo fields as loaded; they decide the first state only. */
  loaded: PromoClaimInput;
  offerId: string;
  /** As the server last told it: unique codes one member may claim, and how many this one has. */
  claimCap: number;
  claimedCount: number;
  /** Codes claimed on earlier visits, oldest first (listed again after a reload). */
  earlierCodes: string[];
  /** Codes claimed on this visit, newest last (shown with a copy button). */
  codes: string[];
  /** Why the last claim failed; kept for the error dialog. */
  error: PromoClaimError | null;
}

export type PromoClaimEvent = { type: 'promo.claim' } | { type: 'promo.dismissError' };

/** The spec's {status, code} of a failed call; anything else counts as unknown. */
export function claimErrorOf(error: unknown): PromoClaimError {
  const { status, code } = callErrorOf(error);
  return { status, code };
}

/** A failed claim's error as params. */
const claimErrorParams = ({ event }: { event: { error: unknown } }) => claimErrorOf(event.error);

/**
 * The offer page's unique promo code row (spec 2.3, 4 "Offer promo code"): first the codes of
 * earlier visits are recalled (when the member has any); then claimable while the
 * cap exceeds the member's count, claiming, claimed (the code shown), capReached (disabled with
 * the cap label), noCodesRemaining (hidden; with the spec's message when the last code went while
 * the member looked), error (sign-in needed, or any other failure, retried or dismissed).
 * noPromo is an offer without unique codes: no row at all.
 */
export const promoClaimMachine = setup({
  types: {
    context: {} as PromoClaimContext,
    events: {} as PromoClaimEvent,
    input: {} as PromoClaimInput,
  },
  actors: {
    /** The member's earlier codes of this offer (GET /v1/get_list/offer/voucher/code), oldest first. */
    loadEarlierCodes: fromPromise<string[], { offerId: string }>(async () => notProvided('loadEarlierCodes')),
    /** POST /v1/claim/offer/voucher/code. */
    claimCode: fromPromise<UniquePromoCode, { offerId: string }>(async () => {
      throw new Error('claimCode not provided');
    }),
  },
  actions: {
    keepError: assign((_, error: PromoClaimError) => ({ error })),
    // The server says the member is at the cap: the count it knew was behind (another device claimed).
    countUpToCap: assign({ claimedCount: ({ context }) => Math.max(context.claimedCount, context.claimCap) }),
    forgetError: assign({ error: null }),
    /** Opens the visitor's sign-in (provided by the page's wiring). */
    askToSignIn: (_, _params: undefined) => void notProvided('askToSignIn'),
  },
  guards: {
    /** A signed-out visitor is asked to sign in instead (provided by the page's wiring; a member's page by default). */
    isVisitor: (_, _params: undefined) => false,
    hasNoPromo: ({ context }) => !context.loaded.promoExists,
    hasClaimedBefore: ({ context }) => context.loaded.promoExists && context.loaded.userVoucherCodeClaimCount > 0,
    wasSoldOutOnArrival: ({ context }) => context.loaded.isVoucherCodeSoldOut,
    isAtCap: ({ context }) => context.claimedCount >= context.claimCap,
    hasClaimedHere: ({ context }) => context.codes.length > 0,
    isCapReached: (_, error: PromoClaimError) => error.code === 'voucher_claim_cap_reached',
    isSoldOut: (_, error: PromoClaimError) => error.code === 'voucher_no_codes_remaining',
    needsSignIn: (_, error: PromoClaimError) => error.status === 401,
  },
}).createMachine({
  id: 'promoClaim',
  context: ({ input }) => ({
    loaded: input,
    offerId: input.id,
    claimCap: input.voucherClaimCap,
    claimedCount: input.userVoucherCodeClaimCount,
    earlierCodes: [],
    codes: [],
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasClaimedBefore', target: 'recalling' }, { target: 'arriving' }],
    },
    /** The member has codes of this offer from earlier visits: they are listed again, not only counted. */
    recalling: {
      invoke: {
        src: 'loadEarlierCodes',
        input: ({ context }) => ({ offerId: context.offerId }),
        onDone: { target: 'arriving', actions: assign({ earlierCodes: ({ event }) => event.output }) },
        // The counter still tells how many; the list is a courtesy.
        onError: 'arriving',
      },
    },
    arriving: {
      always: [
        { guard: 'hasNoPromo', target: 'noPromo' },
        { guard: 'wasSoldOutOnArrival', target: 'noCodesRemaining.onArrival' },
        { guard: 'isAtCap', target: 'capReached' },
        { target: 'claimable' },
      ],
    },
    noPromo: {},
    claimable: {
      on: { 'promo.claim': [{ guard: 'isVisitor', actions: 'askToSignIn' }, { target: 'claiming' }] },
    },
    claiming: {
      tags: ['busy'],
      entry: 'forgetError',
      invoke: {
        src: 'claimCode',
        input: ({ context }) => ({ offerId: context.offerId }),
        onDone: {
          target: 'afterClaim',
          actions: assign(({ context, event }) => ({
            claimCap: event.output.claimCap,
            claimedCount: event.output.userClaimedCount,
            codes: [...context.codes, event.output.code],
          })),
        },
        onError: [
          { guard: { type: 'isCapReached', params: claimErrorParams }, target: 'capReached', actions: 'countUpToCap' },
          { guard: { type: 'isSoldOut', params: claimErrorParams }, target: 'noCodesRemaining.wentWhileLooking' },
          { guard: { type: 'needsSignIn', params: claimErrorParams }, target: 'error.needsSignIn', actions: { type: 'keepError', params: claimErrorParams } },
          { target: 'error.failed', actions: { type: 'keepError', params: claimErrorParams } },
        ],
      },
    },
    /** The code is shown either way; the member may claim again while below the cap. */
    afterClaim: {
      always: [{ guard: 'isAtCap', target: 'capReached' }, { target: 'claimed' }],
    },
    claimed: {
      on: { 'promo.claim': 'claiming' },
    },
    capReached: {},
    noCodesRemaining: {
      initial: 'onArrival',
      states: {
        /** Sold out when the page loaded: the row is hidden. */
        onArrival: {},
        /** The last code went between loading and claiming: the spec's message. */
        wentWhileLooking: {},
      },
    },
    error: {
      initial: 'failed',
      states: {
        /** 'You must be logged in to be able to take advantage of this offer.' */
        needsSignIn: {},
        /** Any other failure: the error dialog; claiming again retries. */
        failed: {
          on: { 'promo.claim': '#promoClaim.claiming' },
        },
      },
      on: { 'promo.dismissError': { target: 'afterError', actions: 'forgetError' } },
    },
    /** Back to the row as it was before the failed claim. */
    afterError: {
      always: [
        { guard: 'isAtCap', target: 'capReached' },
        { guard: 'hasClaimedHere', target: 'claimed' },
        { target: 'claimable' },
      ],
    },
  },
});
