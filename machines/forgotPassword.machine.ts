import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf, notProvided } from './errorCode.ts';
import { emailError, type EmailError } from '../domain/accountForms.ts';

export type ForgotPasswordEvent =
  | { type: 'forgotPassword.emailChanged'; value: string }
  | { type: 'forgotPassword.submit' }
  | { type: 'forgotPassword.dismiss' };

export interface ForgotPasswordContext {
  email: string;
  emailError: EmailError | null;
  /** The server's refusal (unknown e-mail, rate limit, network), told above the form. */
  error: { code: string } | null;
}

/**
 * Forgot password (spec 4, 5): a valid e-mail → POST /v1/password_reset/user → a success
 * message, then sign-in after 3 s or when the message is dismissed.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    requestPasswordReset: fromPromise<unknown, { email: string }>(async () => notProvided('requestPasswordReset')),
  },
  actions: {
    /** Leaves for the sign-in screen (provided by the screen's wiring, from its route). */
    goToSignIn: () => notProvided('goToSignIn'),
  },
  guards: {
    isValid: ({ context }) => emailError(context.email) === undefined,
  },
  delays: {
    /** The spec's redirect after reset (section 9). */
    redirectAfterSuccess: 3000,
  },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', emailError: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'forgotPassword.emailChanged': { actions: assign({ email: ({ event }) => event.value, emailError: null }) },
        'forgotPassword.submit': [
          { guard: 'isValid', target: 'sending', actions: assign({ emailError: null, error: null }) },
          { actions: assign({ emailError: ({ context }) => emailError(context.email) ?? null, error: null }) },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'requestPasswordReset',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: 'sent',
        onError: { target: 'editing', actions: assign({ error: ({ event }) => ({ code: errorCodeOf(event.error) }) }) },
      },
    },
    sent: {
      after: { redirectAfterSuccess: 'done' },
      on: { 'forgotPassword.dismiss': 'done' },
    },
    done: { type: 'final', entry: 'goToSignIn' },
  },
});
