import { assign, fromPromise, setup, stateIn } from 'xstate';
import { errorCodeParams, notProvided } from './errorCode.ts';

/** This device's BankID app (autostart link), or the app on another device (animated QR code). */
export type BankIdDevice = 'sameDevice' | 'otherDevice';

export interface BankIdOrder {
  orderRef: string;
  autoStartToken: string;
}

export interface BankIdCollect {
  status: 'pending' | 'failed' | 'complete';
  hintCode?: string;
  customToken?: string;
}

export type BankIdEvent =
  | { type: 'bankId.start'; device: BankIdDevice }
  | { type: 'bankId.cancel' }
  | { type: 'bankId.qrFailed' }
  | { type: 'bankId.dismiss' }
  /** The member left the screen: a running order is given up at the server, then the machine ends. */
  | { type: 'bankId.left' };

export interface BankIdContext {
  device: BankIdDevice;
  order: BankIdOrder | null;
  /** BankID's hint while the order is pending (outstandingTransaction, started, userSign). */
  hintCode: string | null;
  qrCode: string | null;
  /** Why the sign-in failed, as an error code. */
  errorCode: string | null;
  /** The completed order's token for the identity provider, while signing in with it. */
  customToken: string | null;
}

/** BankID asks relying parties to collect about every 2 s; the QR code changes every second. */
export const collectIntervalMs = 2000;
export const qrRefreshMs = 1000;

const orderRefOf = (context: BankIdContext) => ({ orderRef: context.order?.orderRef ?? '' });
const collectOutput = ({ event }: { event: { output: BankIdCollect } }) => event.output;
const leftWhileStarting = stateIn({ starting: 'unwatched' });

const startAgain = {
  target: '#bankIdSignIn.starting',
  actions: { type: 'clearOrder', params: ({ event }: { event: { device: BankIdDevice } }) => ({ device: event.device }) },
} as const;
/** After an outcome the member may start again, or put the message away. */
const afterOutcome = { 'bankId.start': startAgain, 'bankId.dismiss': '#bankIdSignIn.idle' } as const;

/**
 * Bank-eID sign-in: start an order, show the autostart link or the animated QR code while
 * collecting, then sign in with the custom token the API gives for the completed order.
 * The session machine notices the sign-in; this machine only owns the order and its outcome.
 */
export const bankIdSignInMachine = setup({
  types: { context: {} as BankIdContext, events: {} as BankIdEvent },
  actors: {
    startOrder: fromPromise<BankIdOrder>(async () => notProvided('startOrder')),
    collectOrder: fromPromise<BankIdCollect, { orderRef: string }>(async () => notProvided('collectOrder')),
    loadQrCode: fromPromise<{ qrCode: string }, { orderRef: string }>(async () => notProvided('loadQrCode')),
    cancelOrder: fromPromise<unknown, { orderRef: string }>(async () => notProvided('cancelOrder')),
    signInWithCustomToken: fromPromise<unknown, { token: string }>(async () => notProvided('signInWithCustomToken')),
  },
  guards: {
    isSameDevice: ({ context }) => context.device === 'sameDevice',
    isComplete: (_, collect: BankIdCollect) => collect.status === 'complete' && Boolean(collect.customToken),
    isExpired: (_, collect: BankIdCollect) => collect.status === 'failed' && collect.hintCode === 'expiredTransaction',
    isUserCancel: (_, collect: BankIdCollect) => collect.status === 'failed' && ['userCancel', 'cancelled'].includes(collect.hintCode ?? ''),
    isPending: (_, collect: BankIdCollect) => collect.status === 'pending',
    // A lost connection is not the member's answer: keep collecting until BankID says how it ended.
    // The order completed between two codes: the collect in flight brings the outcome.
    isOrderFinished: (_, { code }: { code: string }) => code === 'eid/order-finished',
    isNetworkError: (_, { code }: { code: string }) => code === 'failed_to_fetch',
  },
  actions: {
    /** Nobody sees the screen any more: a cancel that failed is only worth a log line. */
    reportAbandonFailed: (_, _failure: { code: string }) => notProvided('reportAbandonFailed'),
    failWith: assign((_, { code }: { code: string }) => ({ errorCode: code })),
    clearOrder: assign((_, { device }: { device: BankIdDevice }) => ({
      device,
      order: null,
      hintCode: null,
      qrCode: null,
      errorCode: null,
      customToken: null,
    })),
  },
}).createMachine({
  id: 'bankIdSignIn',
  context: { device: 'sameDevice', order: null, hintCode: null, qrCode: null, errorCode: null, customToken: null },
  initial: 'idle',
  // Leaving in any other state has nothing to give up: no order yet, or it completed (its token was
  // claimed), or it was cancelled or ended already.
  on: { 'bankId.left': '.left' },
  states: {
    idle: { on: { 'bankId.start': startAgain } },
    starting: {
      tags: ['busy'],
      initial: 'watched',
      states: {
        watched: { on: { 'bankId.left': 'unwatched' } },
        /** Left while the order was starting: it is given up as soon as its reference arrives. */
        unwatched: { on: { 'bankId.left': {} } },
      },
      invoke: {
        src: 'startOrder',
        onDone: [
          { guard: leftWhileStarting, target: 'abandoning', actions: assign({ order: ({ event }) => event.output }) },
          { target: 'collecting', actions: assign({ order: ({ event }) => event.output }) },
        ],
        onError: [{ guard: leftWhileStarting, target: 'left' }, { target: 'failed', actions: { type: 'failWith', params: errorCodeParams } }],
      },
    },
    collecting: {
      tags: ['busy'],
      type: 'parallel',
      on: { 'bankId.cancel': 'cancelling', 'bankId.qrFailed': 'qrError', 'bankId.left': 'abandoning' },
      states: {
        poll: {
          initial: 'asking',
          states: {
            asking: {
              invoke: {
                src: 'collectOrder',
                input: ({ context }) => orderRefOf(context),
                onDone: [
                  {
                    guard: { type: 'isComplete', params: collectOutput },
                    target: '#bankIdSignIn.signingIn',
                    actions: assign({ customToken: ({ event }) => event.output.customToken ?? null }),
                  },
                  { guard: { type: 'isExpired', params: collectOutput }, target: '#bankIdSignIn.timedOut' },
                  { guard: { type: 'isUserCancel', params: collectOutput }, target: '#bankIdSignIn.cancelled' },
                  {
                    guard: { type: 'isPending', params: collectOutput },
                    target: 'waiting',
                    actions: assign({ hintCode: ({ event }) => event.output.hintCode ?? null }),
                  },
                  { target: '#bankIdSignIn.failed', actions: assign({ errorCode: 'bankid_failed' }) },
                ],
                onError: [
                  { guard: { type: 'isNetworkError', params: errorCodeParams }, target: 'waiting' },
                  { target: '#bankIdSignIn.failed', actions: { type: 'failWith', params: errorCodeParams } },
                ],
              },
            },
            waiting: { after: { [collectIntervalMs]: 'asking' } },
          },
        },
        device: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'isSameDevice', target: 'sameDevice' }, { target: 'otherDevice' }] },
            sameDevice: {},
            otherDevice: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    src: 'loadQrCode',
                    input: ({ context }) => orderRefOf(context),
                    onDone: { target: 'showing', actions: assign({ qrCode: ({ event }) => event.output.qrCode }) },
                    // A lost connection keeps the last code up and asks again in a second, as collecting does.
                    onError: [
                      { guard: { type: 'isOrderFinished', params: errorCodeParams }, target: 'showing' },
                      { guard: { type: 'isNetworkError', params: errorCodeParams }, target: 'showing' },
                      { target: '#bankIdSignIn.qrError' },
                    ],
                  },
                },
                showing: { after: { [qrRefreshMs]: 'loading' } },
              },
            },
          },
        },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        src: 'signInWithCustomToken',
        input: ({ context }) => ({ token: context.customToken ?? '' }),
        onDone: { target: 'success', actions: assign({ customToken: null }) },
        onError: { target: 'failed', actions: [assign({ customToken: null }), { type: 'failWith', params: errorCodeParams }] },
      },
    },
    /** Signed in: waits for the app to move on. */
    success: { tags: ['busy'] },
    cancelling: {
      tags: ['busy'],
      invoke: { src: 'cancelOrder', input: ({ context }) => orderRefOf(context), onDone: 'cancelled', onError: 'cancelled' },
    },
    timedOut: { on: afterOutcome },
    cancelled: { on: afterOutcome },
    failed: { on: afterOutcome },
    /** The QR code could not be made; the order is given up at the server too. */
    qrError: {
      on: afterOutcome,
      invoke: { src: 'cancelOrder', input: ({ context }) => orderRefOf(context) },
    },
    /** Left while the order ran: it is cancelled at the server, so the next start does not meet it. */
    abandoning: {
      on: { 'bankId.left': {} },
      invoke: {
        src: 'cancelOrder',
        input: ({ context }) => orderRefOf(context),
        onDone: 'left',
        onError: { target: 'left', actions: { type: 'reportAbandonFailed', params: errorCodeParams } },
      },
    },
    left: { type: 'final' },
  },
});
