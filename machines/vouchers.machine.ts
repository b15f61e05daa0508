import { assign, fromPromise, setup } from 'xstate';
import { callErrorOf, notProvided } from './errorCode.ts';
import { retryWhenOnline } from './retryWhenOnline.ts';
import { clipboardCopyMachine } from './clipboardCopy.machine.ts';
import type { ClaimedPromoCode } from '../contract/promoCode.ts';

export interface VouchersContext {
  codes: ClaimedPromoCode[];
  /** Why the list did not load; the view tells the code's text. */
  errorCode: string | null;
}

export type VouchersEvent = { type: 'vouchers.retry' };

/**
 * The member's claimed promo codes at /more/voucher (spec 2.3): loading, then the list (empty or
 * not) with its copy buttons, or a failure the member can retry.
 */
export const vouchersMachine = setup({
  types: {
    context: {} as VouchersContext,
    events: {} as VouchersEvent,
    children: {} as { clipboard: 'clipboard' },
  },
  actors: {
    /** GET /v1/get_list/offer/voucher/code. */
    loadClaimedCodes: fromPromise<ClaimedPromoCode[]>(async () => notProvided('loadClaimedCodes')),
    /** Sends the retry when the browser is back online (provided by the wiring). */
    retryWhenOnline,
    clipboard: clipboardCopyMachine,
  },
  guards: {
    hasNone: ({ context }) => context.codes.length === 0,
  },
}).createMachine({
  id: 'vouchers',
  context: { codes: [], errorCode: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ errorCode: null }),
      invoke: {
        src: 'loadClaimedCodes',
        onDone: { target: 'loaded', actions: assign({ codes: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => callErrorOf(event.error).code }) },
      },
    },
    loaded: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasNone', target: 'empty' }, { target: 'listed' }] },
        empty: {},
        listed: {
          invoke: { id: 'clipboard', src: 'clipboard' },
        },
      },
    },
    /** Tried again on request, and by itself once the browser is back online (a failure for want of a network). */
    failed: {
      invoke: { src: 'retryWhenOnline', input: { retry: { type: 'vouchers.retry' } } },
      on: { 'vouchers.retry': 'loading' },
    },
  },
});
