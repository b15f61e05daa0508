import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './errorCode.ts';
import { validateSignIn, type SignInErrors } from '../domain/validation.ts';

export interface SignInError {
  code: string;
}

/** Why the member is back at sign-in, told as news rather than as an error. */
export type SignInNotice = 'accountDeleted';

export type SignInEvent =
  | { type: 'signIn.emailChanged'; value: string }
  | { type: 'signIn.passwordChanged'; value: string }
  | { type: 'signIn.submit' };

/**
 * The e-mail and password form. A successful sign-in is noticed by the session machine
 * through the identity provider; this machine only owns the form and its errors.
 */
export const signInMachine = setup({
  types: {
    context: {} as { email: string; password: string; fieldErrors: SignInErrors; error: SignInError | null; notice: SignInNotice | null },
    events: {} as SignInEvent,
    input: {} as { error?: SignInError | null; notice?: SignInNotice | null },
  },
  actors: {
    signInWithPassword: fromPromise<unknown, { email: string; password: string }>(async () => notProvided('signInWithPassword')),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateSignIn(context)).length === 0,
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({ email: '', password: '', fieldErrors: {}, error: input.error ?? null, notice: input.notice ?? null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'signIn.emailChanged': {
          actions: assign({ email: ({ event }) => event.value, fieldErrors: ({ context }) => ({ ...context.fieldErrors, email: undefined }) }),
        },
        'signIn.passwordChanged': {
          actions: assign({ password: ({ event }) => event.value, fieldErrors: ({ context }) => ({ ...context.fieldErrors, password: undefined }) }),
        },
        'signIn.submit': [
          { guard: 'isValid', target: 'submitting', actions: assign({ fieldErrors: {}, error: null }) },
          { actions: assign({ fieldErrors: ({ context }) => validateSignIn(context), error: null }) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'signInWithPassword',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: 'signedIn',
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) => ({ code: errorCode(event.error) }),
            password: '',
          }),
        },
      },
    },
    /** Waits for the app to move on (role check, then content or set-up). */
    signedIn: {},
  },
});

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';
}
