import { assign, fromPromise, setup } from 'xstate';

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
  /** Left while the order was starting: it is given up as soon as its reference arrives. */
  left: boolean;
}

/** BankID asks relying parties to collect about every 2 s; the QR code changes every second. */
export const collectIntervalMs = 2000;
export const qrRefreshMs = 1000;

const errorCodeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';
const orderRefOf = (context: BankIdContext) => ({ orderRef: context.order?.orderRef ?? '' });
const outputOf = (event: unknown) => (event as { output: BankIdCollect }).output;

const startAgain = { target: '#bankIdSignIn.starting', actions: 'clearOrder' } as const;
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
    startOrder: fromPromise<BankIdOrder>(async () => {
      throw new Error('startOrder not provided');
    }),
    collectOrder: fromPromise<BankIdCollect, { orderRef: string }>(async () => {
      throw new Error('collectOrder not provided');
    }),
    loadQrCode: fromPromise<{ qrCode: string }, { orderRef: string }>(async () => {
      throw new Error('loadQrCode not provided');
    }),
    cancelOrder: fromPromise<unknown, { orderRef: string }>(async () => undefined),
    signInWithCustomToken: fromPromise<unknown, { token: string }>(async () => undefined),
  },
  guards: {
    isSameDevice: ({ context }) => context.device === 'sameDevice',
    hasLeft: ({ context }) => context.left,
    isComplete: ({ event }) => outputOf(event).status === 'complete' && Boolean(outputOf(event).customToken),
    isExpired: ({ event }) => outputOf(event).status === 'failed' && outputOf(event).hintCode === 'expiredTransaction',
    isUserCancel: ({ event }) =>
      outputOf(event).status === 'failed' && ['userCancel', 'cancelled'].includes(outputOf(event).hintCode ?? ''),
    isPending: ({ event }) => outputOf(event).status === 'pending',
    // A lost connection is not the member's answer: keep collecting until BankID says how it ended.
    // The order completed between two codes: the collect in flight brings the outcome.
    isOrderFinished: ({ event }) => errorCodeOf((event as unknown as { error: unknown }).error) === 'eid/order-finished',
    isNetworkError: ({ event }) => errorCodeOf((event as unknown as { error: unknown }).error) === 'failed_to_fetch',
  },
  actions: {
    /** Nobody sees the screen any more: a cancel that failed is only worth a log line. */
    reportAbandonFailed: () => undefined,
    failWith: assign({ errorCode: ({ event }) => errorCodeOf((event as unknown as { error?: unknown }).error) }),
    clearOrder: assign({
      device: ({ event }) => (event.type === 'bankId.start' ? event.device : 'sameDevice'),
      order: null,
      hintCode: null,
      qrCode: null,
      errorCode: null,
    }),
  },
}).createMachine({
  id: 'bankIdSignIn',
  context: { device: 'sameDevice', order: null, hintCode: null, qrCode: null, errorCode: null, left: false },
  initial: 'idle',
  // Leaving in any other state has nothing to give up: no order yet, or it completed (its token was
  // claimed), or it was cancelled or ended already.
  on: { 'bankId.left': '.left' },
  states: {
    idle: { on: { 'bankId.start': startAgain } },
    starting: {
      tags: ['busy'],
      on: { 'bankId.left': { actions: assign({ left: true }) } },
      invoke: {
        src: 'startOrder',
        onDone: [
          { guard: 'hasLeft', target: 'abandoning', actions: assign({ order: ({ event }) => event.output }) },
          { target: 'collecting', actions: assign({ order: ({ event }) => event.output }) },
        ],
        onError: [{ guard: 'hasLeft', target: 'left' }, { target: 'failed', actions: 'failWith' }],
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
                  { guard: 'isComplete', target: '#bankIdSignIn.signingIn' },
                  { guard: 'isExpired', target: '#bankIdSignIn.timedOut' },
                  { guard: 'isUserCancel', target: '#bankIdSignIn.cancelled' },
                  { guard: 'isPending', target: 'waiting', actions: assign({ hintCode: ({ event }) => event.output.hintCode ?? null }) },
                  { target: '#bankIdSignIn.failed', actions: assign({ errorCode: 'bankid_failed' }) },
                ],
                onError: [{ guard: 'isNetworkError', target: 'waiting' }, { target: '#bankIdSignIn.failed', actions: 'failWith' }],
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
                      { guard: 'isOrderFinished', target: 'showing' },
                      { guard: 'isNetworkError', target: 'showing' },
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
        input: ({ event }) => ({ token: outputOf(event).customToken ?? '' }),
        onDone: 'success',
        onError: { target: 'failed', actions: 'failWith' },
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
        onError: { target: 'left', actions: 'reportAbandonFailed' },
      },
    },
    left: { type: 'final' },
  },
});
