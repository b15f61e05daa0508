import { assign, fromCallback, fromPromise, sendParent, setup } from 'xstate';
import { errorCodeParams, notProvided } from './errorCode.ts';

export interface SessionUser {
  uid: string;
  email: string | null;
}

/** Why the session ended, as a sign-in error code the sign-in screen tells (null: the member chose to). */
export interface SessionEndReason {
  code: string;
}

/** An ID token's expiry and the moment it was read, both in ms on the same clock. */
export interface TokenLife {
  expiresAt: number;
  readAt: number;
}

export type SessionEvent =
  | { type: 'session.userChanged'; user: SessionUser | null }
  | { type: 'session.signOut' }
  | { type: 'session.refresh' }
  /** The API answered 401 with `code` to a request sent at `sentAt` (ms, the clock TokenLife.readAt uses). */
  | { type: 'session.tokenRejected'; code: string; sentAt: number };

/** The token is renewed this long before it expires (spec 3). */
export const refreshBeforeExpiryMs = 5 * 60_000;
/** A token counts as expired this long before its exp. */
export const earlyExpiryMs = 30_000;
const firstRetryMs = 30_000;
const maxRetryMs = 16 * 60_000;

/** The wait after the n-th failed renewal in a row: 30 s, doubling, at most 16 minutes. */
export const retryDelayMs = (failures: number) => Math.min(firstRetryMs * 2 ** Math.max(0, failures - 1), maxRetryMs);

/** The identity provider's verdicts that end the session at once. */
const endingCodes = new Set(['auth/user-disabled', 'auth/user-token-expired']);
const sessionExpired: SessionEndReason = { code: 'auth/user-token-expired' };
/** The API refused even a token the provider had just issued: the sign-in itself did not work. */
const signInRefused: SessionEndReason = { code: 'auth/sign-in-refused' };

/** Guards read the provider's user, or the API's rejection code, from their event as params. */
type UserParams = { user: SessionUser | null };
const userParams = ({ event }: { event: UserParams }) => ({ user: event.user });
const codeParams = ({ event }: { event: { code: string } }) => ({ code: event.code });
const rejectionParams = ({ event }: { event: { code: string; sentAt: number } }) => ({ code: event.code, sentAt: event.sentAt });
const hasUser = { type: 'hasUser', params: userParams } as const;
const isNoUser = { type: 'isNoUser', params: userParams } as const;
const isRecoverableRejection = { type: 'isRecoverableRejection', params: codeParams } as const;
const endsSession = { type: 'endsSession', params: errorCodeParams } as const;
const tokenParams = ({ event }: { event: { output: TokenLife } }) => event.output;

/** The token read on sign-in; `forceRefresh` renews it at the provider. */
const firstRead = (forceRefresh: boolean) =>
  ({
    src: 'readToken',
    input: { forceRefresh },
    onDone: [
      { guard: 'userLeft', target: '#session.signedOut' },
      { target: '#session.signedIn.valid', actions: { type: 'storeToken', params: tokenParams } },
    ],
    onError: [
      { guard: endsSession, target: '#session.signingOut', actions: { type: 'endWithError', params: errorCodeParams } },
      { guard: 'userLeft', target: '#session.signedOut' },
      // The SDK only asks the provider for a token it counts as expired: none is left.
      { target: '#session.signingOut', actions: 'endExpired' },
    ],
  }) as const;

interface SessionContext {
  user: SessionUser | null;
  token: TokenLife | null;
  /** Renewals that failed in a row; sets the retry backoff. */
  failures: number;
  /** The current token was read because the API refused the one before. */
  renewedAfterRefusal: boolean;
  reason: SessionEndReason | null;
}

/**
 * Whether someone is signed in, as the identity provider says, and the life of their ID token.
 * It tells its parent (the app machine) `session.signedIn` on every sign-in and
 * `session.signedOut` with the `reason` (a sign-in error code, or null) on every sign-out.
 *
 * Events: `session.userChanged` (from the provider), `session.signOut`, `session.refresh`
 * (renew the token now, e.g. after signing in again with new credentials; wiring reaches
 * this app child with `appChild(snapshot, 'session')`) and `session.tokenRejected` (the API answered 401 with this code).
 *
 * Signed in, the token is renewed 5 minutes before its expiry; failed renewals are retried
 * after 30 s, 60 s, ... up to 16 minutes. An API refusal renews the token at once; when the API
 * refuses a request made with that renewed token too, the server does not accept this sign-in at
 * all, and the session ends with 'auth/sign-in-refused' (not as an expired session). At 30 s before its expiry a token that could not be
 * renewed ends the session ('auth/user-token-expired'), as do the provider's user-disabled and
 * user-token-expired verdicts.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** Subscribes to the provider's sign-in state; sends session.userChanged. */
    observeUser: fromCallback<SessionEvent>(() => notProvided('observeUser')),
    /** Subscribes to the API's 401 answers; sends session.tokenRejected. */
    observeTokenRejections: fromCallback<SessionEvent>(() => notProvided('observeTokenRejections')),
    /** The current ID token's life; forceRefresh renews it at the provider. */
    readToken: fromPromise<TokenLife, { forceRefresh: boolean }>(async () => {
      throw new Error('readToken not provided');
    }),
    signOut: fromPromise<void>(async () => notProvided('signOut')),
  },
  actions: {
    tellSignedIn: sendParent(({ context }) => ({ type: 'session.signedIn', user: context.user! })),
    tellSignedOut: sendParent(({ context }) => ({ type: 'session.signedOut', reason: context.reason })),
    storeToken: assign((_, token: TokenLife) => ({ token, failures: 0 })),
    markRenewalForRefusal: assign({ renewedAfterRefusal: true }),
    markRoutineRenewal: assign({ renewedAfterRefusal: false }),
    endRefused: assign({ reason: signInRefused }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    endExpired: assign({ reason: sessionExpired }),
    endWithError: assign((_, { code }: { code: string }) => ({ reason: { code } })),
  },
  guards: {
    hasUser: (_, { user }: UserParams) => user !== null,
    isSameUser: ({ context }, { user }: UserParams) => user !== null && user.uid === context.user?.uid,
    isNoUser: (_, { user }: UserParams) => user === null,
    /** The provider said "signed out" while a token read was under way. */
    userLeft: ({ context }) => context.user === null,
    endsSession: (_, { code }: { code: string }) => endingCodes.has(code),
    isEndingRejection: (_, { code }: { code: string }) => endingCodes.has(code),
    isRecoverableRejection: (_, { code }: { code: string }) => !endingCodes.has(code),
    /** A recoverable refusal of a request made with the token read after an earlier refusal. */
    isRefusalOfRenewedToken: ({ context }, { code, sentAt }: { code: string; sentAt: number }) =>
      !endingCodes.has(code) && context.renewedAfterRefusal && context.token !== null && sentAt >= context.token.readAt,
  },
  delays: {
    untilRefresh: ({ context }) => Math.max(0, context.token!.expiresAt - refreshBeforeExpiryMs - context.token!.readAt),
    untilEarlyExpiry: ({ context }) => Math.max(0, context.token!.expiresAt - earlyExpiryMs - context.token!.readAt),
    retryBackoff: ({ context }) => retryDelayMs(context.failures),
  },
}).createMachine({
  id: 'session',
  context: { user: null, token: null, failures: 0, reason: null, renewedAfterRefusal: false },
  invoke: { src: 'observeUser' },
  initial: 'unknown',
  states: {
    unknown: {
      on: {
        'session.userChanged': [
          { guard: hasUser, target: 'signedIn', actions: assign({ user: ({ event }) => event.user }) },
          { target: 'signedOut' },
        ],
      },
    },
    signedOut: {
      entry: [assign({ user: null, token: null }), 'tellSignedOut'],
      on: {
        'session.userChanged': {
          guard: hasUser,
          target: 'signedIn',
          actions: assign({ user: ({ event }) => event.user, reason: null }),
        },
      },
    },
    signedIn: {
      entry: [assign({ token: null, failures: 0, reason: null, renewedAfterRefusal: false }), 'tellSignedIn'],
      invoke: { src: 'observeTokenRejections' },
      on: {
        'session.userChanged': [
          { guard: { type: 'isSameUser', params: userParams }, actions: assign({ user: ({ event }) => event.user }) },
          // Another account took over (e.g. signed in from another tab): tell the app again.
          { guard: hasUser, target: 'signedIn', reenter: true, actions: assign({ user: ({ event }) => event.user }) },
          { target: 'signedOut' },
        ],
        'session.signOut': 'signingOut',
        'session.tokenRejected': {
          guard: { type: 'isEndingRejection', params: codeParams },
          target: 'signingOut',
          actions: assign({ reason: ({ event }) => ({ code: event.code }) }),
        },
      },
      initial: 'reading',
      states: {
        reading: {
          invoke: firstRead(false),
          on: {
            'session.userChanged': { guard: isNoUser, actions: assign({ user: null }) },
            'session.refresh': 'rereading',
          },
        },
        /** Asked to renew (session.refresh) while the first read was under way: a fresh token is read instead. */
        rereading: {
          invoke: firstRead(true),
          on: {
            'session.userChanged': { guard: isNoUser, actions: assign({ user: null }) },
            'session.refresh': { target: 'rereading', reenter: true },
          },
        },
        /** A token that has not reached its early expiry; re-entered with every new one. */
        valid: {
          after: { untilEarlyExpiry: { target: '#session.signingOut', actions: 'endExpired' } },
          on: { 'session.refresh': { target: '.renewing', actions: 'markRoutineRenewal' } },
          initial: 'waiting',
          states: {
            waiting: {
              after: { untilRefresh: { target: 'renewing', actions: 'markRoutineRenewal' } },
              on: {
                'session.tokenRejected': [
                  { guard: { type: 'isRefusalOfRenewedToken', params: rejectionParams }, target: '#session.signingOut', actions: 'endRefused' },
                  { guard: isRecoverableRejection, target: 'renewing', actions: 'markRenewalForRefusal' },
                ],
              },
            },
            renewing: {
              invoke: {
                src: 'readToken',
                input: { forceRefresh: true },
                onDone: [
                  { guard: 'userLeft', target: '#session.signedOut' },
                  { target: '#session.signedIn.valid', reenter: true, actions: { type: 'storeToken', params: tokenParams } },
                ],
                onError: [
                  { guard: endsSession, target: '#session.signingOut', actions: { type: 'endWithError', params: errorCodeParams } },
                  { guard: 'userLeft', target: '#session.signedOut' },
                  { target: 'retrying', actions: 'countFailure' },
                ],
              },
              on: { 'session.userChanged': { guard: isNoUser, actions: assign({ user: null }) } },
            },
            retrying: {
              after: { retryBackoff: 'renewing' },
              on: { 'session.tokenRejected': { guard: isRecoverableRejection, target: 'renewing', actions: 'markRenewalForRefusal' } },
            },
          },
        },
      },
    },
    signingOut: {
      invoke: { src: 'signOut', onDone: 'signedOut', onError: 'signedOut' },
    },
  },
});
