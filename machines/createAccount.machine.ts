import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf, notProvided } from './errorCode.ts';
import {
  createAccountFieldOf,
  createAccountPayload,
  validateCreateAccount,
  type CreateAccountErrors,
  type CreateAccountFields,
} from '../domain/accountForms.ts';
import type { CreateUserReply, CreateUserRequest } from '../contract/account.ts';

export type TextField = Exclude<keyof CreateAccountFields, 'termsAccepted'>;

export interface CreateAccountInput {
  brandId: string;
  /** The brand's verifyWithSsn: the personal number instead of name and contact fields. */
  verifyWithSsn: boolean;
  /** From /createaccount/:referral_code; kept for the set-up screen. */
  referralCode?: string | null;
}

export interface Credentials {
  email: string;
  password: string;
}

export type CreateAccountEvent =
  | { type: 'createAccount.fieldChanged'; field: TextField; value: string }
  | { type: 'createAccount.termsChanged'; accepted: boolean }
  | { type: 'createAccount.submit' }
  | { type: 'createAccount.retrySignIn' };

export interface CreateAccountContext extends CreateAccountInput {
  form: CreateAccountFields;
  fieldErrors: CreateAccountErrors;
  /** An error of no single field (network, rate limit, unknown), told above the form. */
  error: { code: string } | null;
  /** What to sign in with once the account exists: the chosen or the generated password. */
  credentials: Credentials | null;
  /** Refused submits so far: the view moves focus to the first invalid field each time it grows. */
  refusals: number;
}

const emptyForm: CreateAccountFields = {
  email: '',
  password: '',
  ssn: '',
  fullName: '',
  phoneNumber: '',
  careOf: '',
  street: '',
  zipCode: '',
  city: '',
  termsAccepted: false,
};

/**
 * Create account (spec 2.5, 5): the form, POST /v1/create/user, then — after the spec's 10 ms
 * create-account redirect wait — a sign-in with the new credentials. The session notices the
 * sign-in and the app moves on to set-up by itself.
 */
export const createAccountMachine = setup({
  types: {
    context: {} as CreateAccountContext,
    events: {} as CreateAccountEvent,
    input: {} as CreateAccountInput,
  },
  actors: {
    createUser: fromPromise<CreateUserReply, CreateUserRequest>(async () => {
      throw new Error('createUser not provided');
    }),
    signInWithPassword: fromPromise<unknown, Credentials>(async () => {
      throw new Error('signInWithPassword not provided');
    }),
  },
  actions: {
    /** Keeps the URL's referral code for the set-up screen (provided by the screen). */
    rememberReferralCode: (_, _code: string) => notProvided('rememberReferralCode'),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validateCreateAccount(context.form, context.verifyWithSsn)).length === 0,
  },
  delays: {
    /** The spec's create-account redirect wait (section 9). */
    redirectWait: 10,
  },
}).createMachine({
  id: 'createAccount',
  context: ({ input }) => ({ ...input, form: emptyForm, fieldErrors: {}, error: null, credentials: null, refusals: 0 }),
  entry: [{ type: 'rememberReferralCode', params: ({ context }) => context.referralCode ?? '' }],
  initial: 'editing',
  states: {
    editing: {
      on: {
        'createAccount.fieldChanged': {
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }),
            fieldErrors: ({ context, event }) => ({ ...context.fieldErrors, [event.field]: undefined }),
          }),
        },
        'createAccount.termsChanged': {
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, termsAccepted: event.accepted }),
            fieldErrors: ({ context }) => ({ ...context.fieldErrors, termsAccepted: undefined }),
          }),
        },
        'createAccount.submit': [
          { guard: 'isValid', target: 'creating', actions: assign({ fieldErrors: {}, error: null }) },
          {
            actions: assign({
              fieldErrors: ({ context }) => validateCreateAccount(context.form, context.verifyWithSsn),
              error: null,
              refusals: ({ context }) => context.refusals + 1,
            }),
          },
        ],
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        src: 'createUser',
        input: ({ context }) => ({ brandId: context.brandId, ...createAccountPayload(context.form, context.verifyWithSsn) }),
        onDone: {
          target: 'redirecting',
          actions: assign({
            credentials: ({ context, event }) => ({
              email: context.form.email.trim(),
              password: context.form.password || event.output.tempPassword || '',
            }),
          }),
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const code = errorCodeOf(event.error);
            const field = createAccountFieldOf(code);
            return field ? { fieldErrors: { ...context.fieldErrors, [field]: code } } : { error: { code } };
          }),
        },
      },
    },
    redirecting: {
      tags: ['busy'],
      after: { redirectWait: 'signingIn' },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        src: 'signInWithPassword',
        input: ({ context }) => context.credentials!,
        onDone: 'signedIn',
        onError: { target: 'signInFailed', actions: assign({ error: ({ event }) => ({ code: errorCodeOf(event.error) }) }) },
      },
    },
    /** The account exists; only the sign-in failed (e.g. the network), so only that is retried. */
    signInFailed: {
      on: { 'createAccount.retrySignIn': { target: 'signingIn', actions: assign({ error: null }) } },
    },
    /** Waits for the app to move on to set-up. */
    signedIn: { tags: ['busy'] },
  },
});
