import { assign, fromCallback, fromPromise, sendParent, setup } from 'xstate';

export interface SessionUser {
  uid: string;
  email: string | null;
}

export type SessionEvent =
  | { type: 'session.userChanged'; user: SessionUser | null }
  | { type: 'session.signOut' };

/**
 * Whether someone is signed in, as the identity provider says. It tells its parent
 * (the app machine) `session.signedIn` / `session.signedOut` on every change.
 */
export const sessionMachine = setup({
  types: {
    context: {} as { user: SessionUser | null },
    events: {} as SessionEvent,
  },
  actors: {
    /** Subscribes to the provider's sign-in state; sends session.userChanged. */
    observeUser: fromCallback<SessionEvent>(() => () => undefined),
    signOut: fromPromise<void>(async () => undefined),
  },
  actions: {
    tellSignedIn: sendParent(({ context }) => ({ type: 'session.signedIn', user: context.user! })),
    tellSignedOut: sendParent({ type: 'session.signedOut' }),
  },
  guards: {
    hasUser: ({ event }) => event.type === 'session.userChanged' && event.user !== null,
    isSameUser: ({ context, event }) =>
      event.type === 'session.userChanged' && event.user !== null && event.user.uid === context.user?.uid,
  },
}).createMachine({
  id: 'session',
  context: { user: null },
  invoke: { src: 'observeUser' },
  initial: 'unknown',
  states: {
    unknown: {
      on: {
        'session.userChanged': [
          { guard: 'hasUser', target: 'signedIn', actions: assign({ user: ({ event }) => event.user }) },
          { target: 'signedOut' },
        ],
      },
    },
    signedOut: {
      entry: [assign({ user: null }), 'tellSignedOut'],
      on: {
        'session.userChanged': {
          guard: 'hasUser',
          target: 'signedIn',
          actions: assign({ user: ({ event }) => event.user }),
        },
      },
    },
    signedIn: {
      entry: 'tellSignedIn',
      on: {
        'session.userChanged': [
          { guard: 'isSameUser', actions: assign({ user: ({ event }) => event.user }) },
          // Another account took over (e.g. signed in from another tab): tell the app again.
          { guard: 'hasUser', target: 'signedIn', reenter: true, actions: assign({ user: ({ event }) => event.user }) },
          { target: 'signedOut' },
        ],
        'session.signOut': 'signingOut',
      },
    },
    signingOut: {
      invoke: { src: 'signOut', onDone: 'signedOut', onError: 'signedOut' },
    },
  },
});
