import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { callErrorOf, notProvided, type CallError } from './errorCode.ts';
import { emptyCardForm, validateCardForm, type CardField, type CardForm, type CardFormErrors } from '../domain/cardForm.ts';
import type { CheckoutConfig, CheckoutOutcome, CheckoutSession } from '../contract/checkout.ts';
import type { ShoppingCart } from '../contract/commerce.ts';

export interface CheckoutInput {
  /** The member's name and e-mail, to start the card form with. */
  name: string;
  email: string;
  /** The cart the checkout opened with: what is being paid for (null when it had not loaded). */
  cart: ShoppingCart | null;
  /** Milliseconds since epoch, for the card's expiry check. */
  now?: () => number;
}

export interface CheckoutContext {
  /** What is being paid for, as the cart was when the checkout opened. */
  cart: ShoppingCart | null;
  config: CheckoutConfig | null;
  session: CheckoutSession | null;
  form: CardForm;
  fieldErrors: CardFormErrors;
  /** The provider's refusal of the last payment (a card error code), shown by the form. */
  refusal: string | null;
  /** Why the checkout cannot go on; the view tells the code's text. */
  error: CallError | null;
  orderId: string | null;
  /** The order's short reference the member reads (the id stays internal); null when the server gives none. */
  orderReference: string | null;
  now: () => number;
}

/** What the session watcher reports while the checkout is open. */
export type SessionWatcherEvent =
  /** The server's view of our session (polled, at once when the page shows again, and when asked). */
  | { type: 'checkout.statusSeen'; outcome: CheckoutOutcome }
  /** Another window of this browser announced the checkout it opened (its session id). */
  | { type: 'checkout.otherCheckoutOpened'; sessionId: string };

/** What the session watcher is told: ask the server how our session stands now. */
export type SessionWatcherCommand = { type: 'watcher.check' };

export type CheckoutEvent =
  | { type: 'checkout.edit'; field: CardField; value: string }
  | { type: 'checkout.pay' }
  | { type: 'checkout.stripeCompleted' }
  | { type: 'checkout.cancel' }
  | { type: 'checkout.retry' }
  | SessionWatcherEvent;

/** What the session keeper is told: whether leaving now should expire the session. */
export type SessionKeeperEvent = { type: 'keeper.arm' } | { type: 'keeper.disarm' };

/**
 * Failures a new attempt cannot mend: the cart or the sale must change first (the view offers a
 * way back instead of "Try again"), or the member goes on in the window that replaced this one.
 */
export const finalFailureCodes: readonly string[] = [
  'user/shopping-cart-empty',
  'checkout/purchase-cap-reached',
  'checkout/sold-out',
  'checkout/offer-ended',
  'checkout/hold-limit-reached',
  'checkout/not-on-sale',
  'checkout/queue-turn-needed',
  'checkout/replaced',
];

/** Our session ended because the member opened another checkout (in another window or device). */
export const replacedError: CallError = { status: 409, code: 'checkout/replaced', message: 'You started a new checkout in another window.' };
/** Our session ran out (or ended) without a reason the member must be told. */
export const sessionClosedError: CallError = { status: 409, code: 'checkout/session-not-open', message: 'The checkout session is no longer open' };
/** Our session ended because the member's holds reached the brand's ceiling; `holdAgainAt` when known. */
export const holdLimitError = (holdAgainAt: number | null | undefined): CallError => ({
  status: 409,
  code: 'checkout/hold-limit-reached',
  message: 'Your holds reached the limit, so the units went back on sale',
  ...(typeof holdAgainAt === 'number' ? { facts: { holdAgainAt } } : {}),
});

/** A failed invoke's error, as guard params. */
const errorParams = ({ event }: { event: { error: unknown } }) => callErrorOf(event.error);

/**
 * Card checkout (spec 2.3 /checkout, 4): opening creates a session for the member's cart; the
 * member pays in Stripe's embedded Checkout or, with the embedded provider, in our card form;
 * once paid the server settles the order and the cart is reloaded (empty). Leaving before the
 * payment and without an error expires the session on the server, so its stock is free again:
 * the `keeper` child does that when it is stopped while armed (the page unmounts, the member
 * cancels), and it is disarmed from the moment a payment is under way. While the session is open
 * the `watcher` child tells the machine when it ended elsewhere: replaced by the member's checkout
 * in another window or device, ended at the hold ceiling, or run out; the machine then fails
 * with that reason and expires nothing. Failures a new attempt cannot mend offer no retry.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    children: {} as { keeper: 'sessionKeeper'; watcher: 'sessionWatcher' },
  },
  actors: {
    /** GET /v1/get/checkout/config. */
    loadConfig: fromPromise<CheckoutConfig>(async () => notProvided('loadConfig')),
    /** POST /v1/payment/checkout: a session for the whole cart, its stock held. */
    createSession: fromPromise<CheckoutSession>(async () => notProvided('createSession')),
    /** POST /v1/payment/local/confirm: pays with the card form through the embedded provider. */
    payWithCard: fromPromise<CheckoutOutcome, { session: CheckoutSession; form: CardForm }>(async () => notProvided('payWithCard')),
    /** POST /v1/payment/checkout/complete: the server settles the paid session now. */
    completeCheckout: fromPromise<CheckoutOutcome, { session: CheckoutSession }>(async () => notProvided('completeCheckout')),
    /** Expires the session (POST /v1/expire/checkout) when stopped while armed; errors are only logged. */
    sessionKeeper: fromCallback<SessionKeeperEvent, { session: CheckoutSession }>(() => notProvided('sessionKeeper')),
    /**
     * While the session is open: announces it to the member's other windows, and reports what
     * tells this window that its session ended elsewhere (SessionWatcherEvent): another window's
     * announcement, and the server's status of the session (GET /v1/get/checkout/status).
     */
    sessionWatcher: fromCallback<SessionWatcherCommand, { session: CheckoutSession }>(() => notProvided('sessionWatcher')),
  },
  actions: {
    edit: assign(({ context }, params: { field: CardField; value: string }) => {
      const { [params.field]: _cleared, ...fieldErrors } = context.fieldErrors;
      return { form: { ...context.form, [params.field]: params.value }, fieldErrors, refusal: null };
    }),
    checkForm: assign({ fieldErrors: ({ context }) => validateCardForm(context.form, context.now()) }),
    arm: sendTo('keeper', { type: 'keeper.arm' }),
    /** Another window opened a checkout: the server says at once whether it replaced ours (or ours replaced it). */
    checkNow: sendTo('watcher', { type: 'watcher.check' }),
    disarm: sendTo('keeper', { type: 'keeper.disarm' }),
    settle: assign((_, outcome: CheckoutOutcome) => ({ orderId: outcome.orderId, orderReference: outcome.orderReference ?? null })),
    fail: assign((_, error: CallError) => ({ error })),
    /** The order took the cart's lines: the app's cart (badge and drawer) loads it again. */
    reloadCart: () => notProvided('reloadCart'),
  },
  guards: {
    usesStripe: ({ context }) => context.config?.provider === 'stripe',
    formIsValid: ({ context }) => Object.keys(context.fieldErrors).length === 0,
    /** A card refusal of the provider is a 402 (Stripe's card errors); the member may try another card. */
    isCardRefusal: (_, error: CallError) => error.status === 402,
    isComplete: (_, outcome: CheckoutOutcome) => outcome.status === 'complete',
    isRefunded: (_, outcome: CheckoutOutcome) => outcome.status === 'refunded',
    /** The session ended on the server (the watcher's status): why decides what the member is told. */
    endedReplaced: (_, outcome: CheckoutOutcome) => outcome.status === 'expired' && outcome.endedBecause === 'replaced',
    endedAtHoldLimit: (_, outcome: CheckoutOutcome) => outcome.status === 'expired' && outcome.endedBecause === 'holdLimit',
    ended: (_, outcome: CheckoutOutcome) => outcome.status === 'expired',
    /** An announcement of a session that is not ours (which of the two replaced the other, the server knows). */
    isAnotherSession: ({ context }, opened: { sessionId: string }) => context.session !== null && opened.sessionId !== context.session.id,
    /** A new attempt can succeed: the failure is not one the cart, the sale or another window decided. */
    canRetry: ({ context }) => !finalFailureCodes.includes(context.error?.code ?? ''),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    cart: input.cart,
    config: null,
    session: null,
    form: { ...emptyCardForm, name: input.name, email: input.email },
    fieldErrors: {},
    refusal: null,
    error: null,
    orderId: null,
    orderReference: null,
    now: input.now ?? Date.now,
  }),
  initial: 'loadingConfig',
  states: {
    loadingConfig: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'loadConfig',
        onDone: { target: 'creatingSession', actions: assign({ config: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => callErrorOf(event.error) }) },
      },
    },
    creatingSession: {
      tags: ['busy'],
      invoke: {
        src: 'createSession',
        onDone: { target: 'open', actions: assign({ session: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => callErrorOf(event.error) }) },
      },
    },
    open: {
      invoke: [
        { id: 'keeper', src: 'sessionKeeper', input: ({ context }) => ({ session: context.session! }) },
        { id: 'watcher', src: 'sessionWatcher', input: ({ context }) => ({ session: context.session! }) },
      ],
      on: {
        'checkout.otherCheckoutOpened': { guard: { type: 'isAnotherSession', params: ({ event }) => event }, actions: 'checkNow' },
        // The session ended elsewhere: nothing to expire, and no retry where another window goes on.
        'checkout.statusSeen': [
          { guard: { type: 'endedReplaced', params: ({ event }) => event.outcome }, target: '.ended', actions: { type: 'fail', params: replacedError } },
          {
            guard: { type: 'endedAtHoldLimit', params: ({ event }) => event.outcome },
            target: '.ended',
            actions: { type: 'fail', params: ({ event }) => holdLimitError(event.outcome.holdAgainAt) },
          },
          { guard: { type: 'ended', params: ({ event }) => event.outcome }, target: '.ended', actions: { type: 'fail', params: sessionClosedError } },
        ],
      },
      initial: 'choosing',
      states: {
        /** The server ended the session: the keeper is disarmed before leaving, so nothing is expired. */
        ended: { entry: 'disarm', always: '#checkout.failed' },
        choosing: { always: [{ guard: 'usesStripe', target: 'stripe' }, { target: 'card' }] },
        stripe: {
          initial: 'mounted',
          states: {
            mounted: { on: { 'checkout.stripeCompleted': 'paid', 'checkout.cancel': '#checkout.cancelled' } },
            paid: { entry: 'disarm', always: '#checkout.completing' },
          },
        },
        card: {
          initial: 'editing',
          states: {
            editing: {
              entry: 'arm',
              on: {
                'checkout.edit': { actions: { type: 'edit', params: ({ event }) => event } },
                'checkout.pay': { target: 'checking', actions: 'checkForm' },
                'checkout.cancel': '#checkout.cancelled',
              },
            },
            checking: { always: [{ guard: 'formIsValid', target: 'paying' }, { target: 'editing' }] },
            paying: {
              tags: ['busy'],
              entry: 'disarm',
              // The payment's own answer tells how the session stands (a replaced one is refused).
              on: { 'checkout.statusSeen': {}, 'checkout.otherCheckoutOpened': {} },
              invoke: {
                src: 'payWithCard',
                input: ({ context }) => ({ session: context.session!, form: context.form }),
                onDone: [
                  { guard: { type: 'isComplete', params: ({ event }) => event.output }, target: '#checkout.completed', actions: { type: 'settle', params: ({ event }) => event.output } },
                  { guard: { type: 'isRefunded', params: ({ event }) => event.output }, target: '#checkout.refunded' },
                  { target: '#checkout.completing' },
                ],
                onError: [
                  {
                    guard: { type: 'isCardRefusal', params: errorParams },
                    target: 'editing',
                    actions: assign({ refusal: ({ event }) => callErrorOf(event.error).code }),
                  },
                  { target: '#checkout.failed', actions: assign({ error: ({ event }) => callErrorOf(event.error) }) },
                ],
              },
            },
          },
        },
      },
    },
    completing: {
      tags: ['busy'],
      invoke: {
        src: 'completeCheckout',
        input: ({ context }) => ({ session: context.session! }),
        onDone: [
          { guard: { type: 'isComplete', params: ({ event }) => event.output }, target: 'completed', actions: { type: 'settle', params: ({ event }) => event.output } },
          { guard: { type: 'isRefunded', params: ({ event }) => event.output }, target: 'refunded' },
          { target: 'failed', actions: assign({ error: { status: 409, code: 'checkout/session-not-open', message: 'The checkout session is no longer open' } }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => callErrorOf(event.error) }) },
      },
    },
    completed: { entry: 'reloadCart', type: 'final' },
    /** Paid after the stock was gone: the payment is refunded and the member mailed. */
    refunded: { entry: 'reloadCart', type: 'final' },
    /** The member cancelled before paying: leaving `open` expired the session. */
    cancelled: {
      on: { 'checkout.retry': 'loadingConfig' },
    },
    /** The view tells the code's text, and offers "Try again" only when `canRetry`. */
    failed: {
      on: { 'checkout.retry': { guard: 'canRetry', target: 'loadingConfig' } },
    },
  },
});
