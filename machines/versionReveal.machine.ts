import { assign, fromPromise, setup } from 'xstate';
import { callErrorOf, notProvided } from './errorCode.ts';

/** Spec 9: the version reveals the push token on the seventh tap. */
export const tapsToReveal = 7;

export interface VersionRevealContext {
  taps: number;
  token: string | null;
  /** Why the token could not be read ('Timeout limit reached'). */
  failure: string | null;
}

export type VersionRevealEvent = { type: 'version.tapped' };

/**
 * The About page's version (spec 2.3, 9): tapping it seven times reads the device's push token
 * from the native container and shows it, or says there is none. Taps after that change nothing.
 */
export const versionRevealMachine = setup({
  types: { context: {} as VersionRevealContext, events: {} as VersionRevealEvent },
  actors: {
    /** The device's push token; null where there is none (a plain browser). */
    readPushToken: fromPromise<string | null>(async () => notProvided('readPushToken')),
  },
  guards: {
    isRevealingTap: ({ context }) => context.taps + 1 >= tapsToReveal,
    hasToken: (_, params: { token: string | null }) => params.token !== null,
  },
}).createMachine({
  id: 'versionReveal',
  context: { taps: 0, token: null, failure: null },
  initial: 'counting',
  states: {
    counting: {
      on: {
        'version.tapped': [
          { guard: 'isRevealingTap', target: 'reading', actions: assign({ taps: ({ context }) => context.taps + 1 }) },
          { actions: assign({ taps: ({ context }) => context.taps + 1 }) },
        ],
      },
    },
    reading: {
      tags: ['busy'],
      invoke: {
        src: 'readPushToken',
        onDone: [
          {
            guard: { type: 'hasToken', params: ({ event }) => ({ token: event.output }) },
            target: 'revealed',
            actions: assign({ token: ({ event }) => event.output }),
          },
          { target: 'noToken' },
        ],
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => callErrorOf(event.error).message }) },
      },
    },
    revealed: {},
    noToken: {},
    failed: {},
  },
});
