import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { notProvided } from './errorCode.ts';
import type { User } from '../contract/user.ts';
import {
  completeOnboardingRequest,
  emailChanged,
  emptyCardDigits,
  enterCardDigits,
  prefillReferral,
  validateSetUp,
  type ReferralSettings,
  type SetUpAsks,
  type SetUpField,
  type SetUpForm,
} from '../domain/setUpForm.ts';

export interface SetUpInput {
  settings: ReferralSettings;
  user: Pick<User, 'email' | 'phoneNumber' | 'passwordChosen'>;
}

export type CompleteOnboardingRequest = ReturnType<typeof completeOnboardingRequest>;

/** A field error is a form key (setup_error_*) or a server code told at that field. */
export type SetUpFieldErrors = Partial<Record<SetUpField, string>>;

export interface SetUpContext {
  settings: ReferralSettings;
  originalEmail: string;
  /** A password chosen at sign-up is not asked again (nor the e-mail it signs in with). */
  asks: SetUpAsks;
  form: SetUpForm;
  fieldErrors: SetUpFieldErrors;
  /** A failure not tied to one field (network, sign-in after completion). */
  error: { code: string } | null;
}

export type SetUpEvent =
  | { type: 'setUp.emailChanged'; value: string }
  | { type: 'setUp.phoneChanged'; value: string }
  | { type: 'setUp.passwordChanged'; value: string }
  | { type: 'setUp.referralCodeChanged'; value: string }
  | { type: 'setUp.cardChosen'; index: number }
  | { type: 'setUp.cardDigitsEntered'; index: number; digits: string }
  | { type: 'setUp.cardDigitErased'; index: number }
  | { type: 'setUp.submit' }
  | { type: 'setUp.retry' };

/** Server codes that belong to one field of the form (accounts API contract). */
const fieldOfCode: Record<string, SetUpField> = {
  'user/email-missing': 'email',
  'user/email-invalid': 'email',
  'auth/email-already-exists': 'email',
  'user/phone-number-missing': 'phone',
  phone_number_invalid: 'phone',
  'auth/invalid-password': 'password',
  referral_code_missing: 'referral',
  referral_code_invalid: 'referral',
};

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';
}
const errorCodeParams = ({ event }: { event: { error: unknown } }) => ({ code: errorCode(event.error) });

/**
 * Account completion (spec 2.4, 4, 5): phone, the brand's referral input and, for a member
 * holding a generated password, a password and optional e-mail change; new credentials are then
 * signed in with again. Either way the session is refreshed. Reaching `done` tells the invoking app machine to reload the member.
 */
export const setUpMachine = setup({
  types: {
    context: {} as SetUpContext,
    events: {} as SetUpEvent,
    input: {} as SetUpInput,
  },
  actors: {
    /** The code saved from /createaccount/:referral_code, if any. */
    loadSavedReferralCode: fromPromise<string | null>(async () => notProvided('loadSavedReferralCode')),
    completeOnboarding: fromPromise<User, CompleteOnboardingRequest>(async () => {
      throw new Error('completeOnboarding not provided');
    }),
    signInWithPassword: fromPromise<unknown, { email: string; password: string }>(async () => {
      throw new Error('signInWithPassword not provided');
    }),
  },
  actions: {
    /** Changes the form; an edited field loses its error. */
    edit: assign(({ context }, params: { field: SetUpField; patch: Partial<SetUpForm> }) => ({
      form: { ...context.form, ...params.patch },
      fieldErrors: { ...context.fieldErrors, [params.field]: undefined },
      error: null,
    })),
    forgetReferralCode: () => notProvided('forgetReferralCode'),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateSetUp(context.form, context.settings, context.originalEmail, context.asks)).length === 0,
    /** New credentials revoke the old tokens: sign in with them. Otherwise the session carries on. */
    changedCredentials: ({ context }) => context.asks.credentials,
    isAlreadyCompleted: (_, { code }: { code: string }) => code === 'user/onboarding-already-completed',
  },
}).createMachine({
  id: 'setUp',
  context: ({ input }) => ({
    settings: input.settings,
    originalEmail: input.user.email,
    asks: { credentials: !input.user.passwordChosen },
    form: {
      email: input.user.email,
      phone: input.user.phoneNumber ?? '',
      password: '',
      card: null,
      cardDigits: emptyCardDigits(),
      referralCode: '',
    },
    fieldErrors: {},
    error: null,
  }),
  initial: 'prefilling',
  states: {
    prefilling: {
      invoke: {
        src: 'loadSavedReferralCode',
        onDone: {
          target: 'editing',
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, ...prefillReferral(event.output, context.settings) }),
          }),
        },
        onError: 'editing',
      },
    },
    editing: {
      on: {
        'setUp.emailChanged': { actions: { type: 'edit', params: ({ event }) => ({ field: 'email', patch: { email: event.value } }) } },
        'setUp.phoneChanged': { actions: { type: 'edit', params: ({ event }) => ({ field: 'phone', patch: { phone: event.value } }) } },
        'setUp.passwordChanged': {
          actions: { type: 'edit', params: ({ event }) => ({ field: 'password', patch: { password: event.value } }) },
        },
        'setUp.referralCodeChanged': {
          actions: {
            type: 'edit',
            params: ({ context, event }) => ({
              field: 'referral',
              patch: { referralCode: event.value.slice(0, context.settings.referralCodeInputFieldLength) },
            }),
          },
        },
        'setUp.cardChosen': { actions: { type: 'edit', params: ({ event }) => ({ field: 'referral', patch: { card: event.index } }) } },
        'setUp.cardDigitsEntered': {
          actions: {
            type: 'edit',
            params: ({ context, event }) => ({
              field: 'referral',
              patch: { cardDigits: enterCardDigits(context.form.cardDigits, event.index, event.digits) },
            }),
          },
        },
        'setUp.cardDigitErased': {
          actions: {
            type: 'edit',
            params: ({ context, event }) => ({
              field: 'referral',
              patch: { cardDigits: context.form.cardDigits.map((digit, i) => (i === event.index ? '' : digit)) },
            }),
          },
        },
        'setUp.submit': [
          { guard: 'isValid', target: 'submitting', actions: assign({ fieldErrors: {}, error: null }) },
          {
            actions: assign({
              fieldErrors: ({ context }) => validateSetUp(context.form, context.settings, context.originalEmail, context.asks),
              error: null,
            }),
          },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'completeOnboarding',
        input: ({ context }) => completeOnboardingRequest(context.form, context.settings, context.originalEmail, context.asks),
        onDone: [
          { guard: 'changedCredentials', target: 'signingIn' },
          {
            target: 'done',
            // Spec 4: the session is force-refreshed after set-up.
            actions: enqueueActions(({ system, enqueue }) => {
            const session = system.get('session');
            if (session) enqueue.sendTo(session, { type: 'session.refresh' });
          }),
          },
        ],
        onError: [
          // Completed in another tab: the app reloads the member and moves on.
          { guard: { type: 'isAlreadyCompleted', params: errorCodeParams }, target: 'done' },
          {
            target: 'editing',
            actions: assign(({ event }) => {
              const code = errorCode(event.error);
              const field = fieldOfCode[code];
              return field ? { fieldErrors: { [field]: code }, error: null } : { fieldErrors: {}, error: { code } };
            }),
          },
        ],
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        src: 'signInWithPassword',
        input: ({ context }) => ({
          email: emailChanged(context.form, context.originalEmail) ? context.form.email.trim() : context.originalEmail,
          password: context.form.password,
        }),
        // Old tokens were revoked by the completion: the session takes the new sign-in's token.
        onDone: {
          target: 'done',
          actions: enqueueActions(({ system, enqueue }) => {
            const session = system.get('session');
            if (session) enqueue.sendTo(session, { type: 'session.refresh' });
          }),
        },
        onError: { target: 'signInFailed', actions: assign({ error: ({ event }) => ({ code: errorCode(event.error) }) }) },
      },
    },
    /** The account is complete but signing in again failed (e.g. network): only the sign-in is retried. */
    signInFailed: {
      on: { 'setUp.retry': { target: 'signingIn', actions: assign({ error: null }) } },
    },
    done: {
      type: 'final',
      tags: ['busy'],
      entry: 'forgetReferralCode',
    },
  },
});
