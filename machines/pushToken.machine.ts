import { assign, fromPromise, sendParent, setup } from 'xstate';
import { notProvided } from './errorCode.ts';
import type { User } from '../contract/user.ts';

/** Spec 4 and 9: the push token is sent 10 s after content opens. */
export const pushSendDelayMs = 10_000;

export interface PushTokenInput {
  /** The brand's id: the Android container service is asked at {id}/get_fcm_token. */
  brandId: string;
  /** The token on the member's record (`pushNotificationToken`), the one last sent for them. */
  storedToken: string | null;
}

export interface PushTokenContext {
  brandId: string;
  storedToken: string | null;
  /** The token the container gave, being sent. */
  token: string | null;
}

/**
 * The member's push token (spec 4): 10 s after the member's content opens, the token is read from
 * the native container and sent to the member's record only when it differs from the one stored
 * there. Nothing is read in a plain browser (the container says null); every failure (a silent
 * container, a refused save) is only logged (spec 8) and the next opening of content tries again.
 */
export const pushTokenMachine = setup({
  types: { context: {} as PushTokenContext, input: {} as PushTokenInput },
  actors: {
    /** The device's push token from the container (iOS getFCMToken, Android {id}/get_fcm_token); null where there is none. */
    readPushToken: fromPromise<string | null, { brandId: string }>(async () => notProvided('readPushToken')),
    /** PUT /v1/update/user with { pushNotificationToken }: the member's record as saved. */
    savePushToken: fromPromise<User, { token: string }>(async () => notProvided('savePushToken')),
  },
  actions: {
    /** Spec 8: push errors are only logged, never shown to the member. */
    logFailure: (_, _params: { error: unknown }) => notProvided('logFailure'),
    tellUserSaved: sendParent((_, user: User) => ({ type: 'app.userUpdated', user })),
  },
  guards: {
    isNewToken: ({ context }, token: string | null) => token !== null && token !== context.storedToken,
  },
  delays: { pushSendDelay: pushSendDelayMs },
}).createMachine({
  id: 'pushToken',
  context: ({ input }) => ({ brandId: input.brandId, storedToken: input.storedToken, token: null }),
  initial: 'waiting',
  states: {
    waiting: { after: { pushSendDelay: 'reading' } },
    reading: {
      invoke: {
        src: 'readPushToken',
        input: ({ context }) => ({ brandId: context.brandId }),
        onDone: [
          {
            guard: { type: 'isNewToken', params: ({ event }) => event.output },
            target: 'sending',
            actions: assign({ token: ({ event }) => event.output }),
          },
          { target: 'done' },
        ],
        onError: { target: 'done', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sending: {
      invoke: {
        src: 'savePushToken',
        input: ({ context }) => ({ token: context.token! }),
        onDone: {
          target: 'done',
          actions: [assign({ storedToken: ({ event }) => event.output.pushNotificationToken }), { type: 'tellUserSaved', params: ({ event }) => event.output }],
        },
        onError: { target: 'done', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { type: 'final' },
  },
});
