import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf, notProvided } from './errorCode.ts';
import { validateNewPassword, type NewPasswordErrors } from '../domain/accountForms.ts';

export type ResetPasswordEvent =
  | { type: 'resetPassword.passwordChanged'; value: string }
  | { type: 'resetPassword.repeatChanged'; value: string }
  | { type: 'resetPassword.submit' }
  | { type: 'resetPassword.dismiss' };

export interface ResetPasswordContext {
  /** The token of the reset link (/password_reset/:password_reset_verification_token). */
  token: string;
  password: string;
  repeat: string;
  fieldErrors: NewPasswordErrors;
  error: { code: string } | null;
  /** Refused submits so far: the view moves focus to the first invalid field each time it grows. */
  refusals: number;
}

/** A guard's view of a failed call: its error code. */
const codeParams = ({ event }: { event: { error: unknown } }) => ({ code: errorCodeOf(event.error) });

/** A link that can never work again: a new one must be asked for. */
const deadLinkCodes = new Set(['password_reset_token_invalid', 'password_reset_token_expired']);

/**
 * Password reset from the mailed link (spec 4, 5): new password and repeat → PUT
 * /v1/password_update/user → a success message, then sign-in after 3 s or on dismissal.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { token: string },
  },
  actors: {
    updatePassword: fromPromise<unknown, { verificationId: string; password: string }>(async () => notProvided('updatePassword')),
  },
  actions: {
    /** Leaves for the sign-in screen (provided by the screen's wiring, from its route). */
    goToSignIn: () => notProvided('goToSignIn'),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateNewPassword(context.password, context.repeat)).length === 0,
    isDeadLink: (_, { code }: { code: string }) => deadLinkCodes.has(code),
    isPasswordRefused: (_, { code }: { code: string }) => code === 'auth/invalid-password',
  },
  delays: {
    /** The spec's redirect after reset (section 9). */
    redirectAfterSuccess: 3000,
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ token: input.token, password: '', repeat: '', fieldErrors: {}, error: null, refusals: 0 }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'resetPassword.passwordChanged': {
          actions: assign({
            password: ({ event }) => event.value,
            fieldErrors: ({ context }) => ({ ...context.fieldErrors, password: undefined }),
          }),
        },
        'resetPassword.repeatChanged': {
          actions: assign({
            repeat: ({ event }) => event.value,
            fieldErrors: ({ context }) => ({ ...context.fieldErrors, repeat: undefined }),
          }),
        },
        'resetPassword.submit': [
          { guard: 'isValid', target: 'saving', actions: assign({ fieldErrors: {}, error: null }) },
          {
            actions: assign({
              fieldErrors: ({ context }) => validateNewPassword(context.password, context.repeat),
              error: null,
              refusals: ({ context }) => context.refusals + 1,
            }),
          },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'updatePassword',
        input: ({ context }) => ({ verificationId: context.token, password: context.password }),
        onDone: 'saved',
        onError: [
          { guard: { type: 'isDeadLink', params: codeParams }, target: 'linkFailed', actions: assign({ error: ({ event }) => ({ code: errorCodeOf(event.error) }) }) },
          {
            guard: { type: 'isPasswordRefused', params: codeParams },
            target: 'editing',
            actions: assign({ fieldErrors: { password: 'user_info_error_password_rule_failed' } }),
          },
          { target: 'editing', actions: assign({ error: ({ event }) => ({ code: errorCodeOf(event.error) }) }) },
        ],
      },
    },
    /** Unknown, used or expired link: nothing to retry here. */
    linkFailed: {},
    saved: {
      after: { redirectAfterSuccess: 'done' },
      on: { 'resetPassword.dismiss': 'done' },
    },
    done: { type: 'final', entry: 'goToSignIn' },
  },
});
