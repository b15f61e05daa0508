import { assign, fromPromise, sendTo, setup } from 'xstate';
import { errorCodeParams, notProvided } from './errorCode.ts';
import { currentPasswordMachine, type CurrentPasswordConfirmed } from './currentPassword.machine.ts';
import type { User } from '../contract/user.ts';
import {
  formFromUser,
  needsCurrentPassword,
  profileChanges,
  profileFieldOf,
  validateProfile,
  type ProfileChanges,
  type ProfileErrors,
  type ProfileField,
  type ProfileForm,
  type ProfileServerCode,
} from '../domain/profileForm.ts';

export interface ProfileError {
  code: string;
}

export interface ProfileContext {
  /** The user as the server last answered it; changes are measured against it. */
  user: User;
  form: ProfileForm;
  fieldErrors: ProfileErrors;
  /** What the pending save sends (without the current password). */
  changes: ProfileChanges;
  /** The password the current-password dialog confirmed, while it is used. */
  currentPassword: string;
  error: ProfileError | null;
}

export type ProfileEvent =
  | { type: 'profile.fieldChanged'; field: ProfileField; value: string }
  | { type: 'profile.save' }
  | CurrentPasswordConfirmed
  | { type: 'profile.deleteRequested' }
  | { type: 'profile.deleteConfirmed' }
  | { type: 'profile.deleteCancelled' };

export interface UpdateRequest extends ProfileChanges {
  currentPassword?: string;
}

export interface Credentials {
  email: string;
  password: string;
}

/** Answers that refuse the confirmed current password: the dialog asks again. */
const currentPasswordCodes = new Set([
  'auth/wrong-password',
  'auth/invalid-credential',
  'auth/too-many-attempts',
  'auth/too-many-requests',
  'auth/update-email-require-current-password',
  'auth/update-password-require-current-password',
]);

/** The server's answer to a delete with a token from an older sign-in: sign in again, then retry. */
const recentLoginCode = 'auth/requires-recent-login';

/**
 * The profile screen (spec 2.3, 4, 5): edit and save only what changed; an e-mail or password
 * change asks for the current password first and signs in again with the new credentials;
 * account deletion behind a confirm dialog, then the app signs out. A delete the server refuses
 * for an old sign-in asks for the password, signs in again and is tried once more.
 */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as { user: User },
    children: {} as { currentPassword: 'currentPassword' },
  },
  actors: {
    updateUser: fromPromise<User, UpdateRequest>(async () => notProvided('updateUser')),
    signInAgain: fromPromise<void, Credentials>(async () => notProvided('signInAgain')),
    deleteAccount: fromPromise<void>(async () => notProvided('deleteAccount')),
    /** The current-password dialog; it has no side effects of its own. */
    currentPassword: currentPasswordMachine,
  },
  actions: {
    /** Gives the app's member the updated user (provided in src/wiring/profile.wiring.ts). */
    userUpdated: (_, _user: User) => notProvided('userUpdated'),
    /** Tells the session to renew its token after the new sign-in (provided in src/wiring/profile.wiring.ts). */
    refreshSession: () => notProvided('refreshSession'),
    /** Signs the app out after the account is gone (provided in src/wiring/profile.wiring.ts). */
    signOut: () => notProvided('signOut'),
    keepError: assign((_, { code }: { code: string }) => ({ error: { code } })),
    keepPassword: assign((_, password: string) => ({ currentPassword: password })),
    forgetPassword: assign({ currentPassword: '' }),
    keepFieldError: assign({
      fieldErrors: (_, { code }: { code: string }) => ({ [profileFieldOf(code)!]: code as ProfileServerCode }),
      error: null,
    }),
    /** The dialog asks again, telling why. */
    tellPasswordRefused: sendTo('currentPassword', (_, { code }: { code: string }) => ({ type: 'currentPassword.refused' as const, code })),
  },
  guards: {
    hasFieldErrors: ({ context }) => Object.keys(validateProfile(context.form)).length > 0,
    nothingChanged: ({ context }) => Object.keys(profileChanges(context.user, context.form)).length === 0,
    needsCurrentPassword: ({ context }) => needsCurrentPassword(profileChanges(context.user, context.form)),
    hasCurrentPassword: ({ context }) => context.currentPassword !== '',
    isFieldError: (_, { code }: { code: string }) => profileFieldOf(code) !== null,
    needsRecentLogin: (_, { code }: { code: string }) => code === recentLoginCode,
    isPasswordRefusal: (_, { code }: { code: string }) => currentPasswordCodes.has(code),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    user: input.user,
    form: formFromUser(input.user),
    fieldErrors: {},
    changes: {},
    currentPassword: '',
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      states: {
        idle: {},
        /** The success message (spec 4). */
        saved: {},
        /** Nothing was sent: the form equals the saved profile. */
        unchanged: {},
        failed: {},
        /** The server refused a field's value: told at that field. */
        refused: {},
      },
      on: {
        'profile.fieldChanged': {
          target: '.idle',
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }),
            fieldErrors: ({ context, event }) => ({ ...context.fieldErrors, [event.field]: undefined }),
            error: null,
          }),
        },
        'profile.save': [
          // Nothing to send is told first: a saved profile that lacks a required field is not the member's edit.
          { guard: 'nothingChanged', target: '.unchanged', actions: assign({ fieldErrors: {}, error: null }) },
          {
            guard: 'hasFieldErrors',
            target: '.idle',
            actions: assign({ fieldErrors: ({ context }) => validateProfile(context.form), error: null }),
          },
          {
            guard: 'needsCurrentPassword',
            target: 'confirmingPassword',
            actions: assign({ changes: ({ context }) => profileChanges(context.user, context.form), fieldErrors: {}, error: null }),
          },
          {
            target: 'saving',
            actions: assign({ changes: ({ context }) => profileChanges(context.user, context.form), fieldErrors: {}, error: null }),
          },
        ],
        'profile.deleteRequested': { target: 'confirmingDelete', actions: assign({ error: null }) },
      },
    },
    /** An e-mail or password change: the dialog asks for the current password, and stays while it is used. */
    confirmingPassword: {
      invoke: { id: 'currentPassword', src: 'currentPassword', onDone: { target: 'editing', actions: assign({ error: null }) } },
      initial: 'asking',
      states: {
        asking: {
          entry: 'forgetPassword',
          on: { 'currentPassword.confirmed': { target: 'saving', actions: { type: 'keepPassword', params: ({ event }) => event.password } } },
        },
        saving: {
          invoke: {
            src: 'updateUser',
            input: ({ context }) => ({ ...context.changes, currentPassword: context.currentPassword }),
            onDone: {
              target: 'signingInAgain',
              actions: [assign({ user: ({ event }) => event.output }), { type: 'userUpdated', params: ({ event }) => event.output }],
            },
            onError: [
              { guard: { type: 'isPasswordRefusal', params: errorCodeParams }, target: 'asking', actions: { type: 'tellPasswordRefused', params: errorCodeParams } },
              { guard: { type: 'isFieldError', params: errorCodeParams }, target: '#profile.editing.refused', actions: { type: 'keepFieldError', params: errorCodeParams } },
              { target: '#profile.editing.failed', actions: { type: 'keepError', params: errorCodeParams } },
            ],
          },
        },
        /** The identity provider may have revoked the old tokens: sign in with the new credentials. */
        signingInAgain: {
          invoke: {
            src: 'signInAgain',
            input: ({ context }) => ({ email: context.user.email, password: context.changes.password ?? context.currentPassword }),
            onDone: { target: '#profile.editing.saved', actions: 'refreshSession' },
            onError: { target: '#profile.editing.failed', actions: { type: 'keepError', params: errorCodeParams } },
          },
          exit: assign({ form: ({ context }) => formFromUser(context.user), changes: {} }),
        },
      },
      exit: 'forgetPassword',
    },
    /** A change without e-mail or password. */
    saving: {
      invoke: {
        src: 'updateUser',
        input: ({ context }) => context.changes,
        onDone: {
          target: 'editing.saved',
          actions: [
            assign({ user: ({ event }) => event.output, form: ({ event }) => formFromUser(event.output), changes: {} }),
            { type: 'userUpdated', params: ({ event }) => event.output },
          ],
        },
        onError: [
          { guard: { type: 'isFieldError', params: errorCodeParams }, target: 'editing.refused', actions: { type: 'keepFieldError', params: errorCodeParams } },
          { target: 'editing.failed', actions: { type: 'keepError', params: errorCodeParams } },
        ],
      },
    },
    confirmingDelete: {
      initial: 'asking',
      states: { asking: {}, failed: {} },
      on: {
        'profile.deleteConfirmed': 'deleting',
        'profile.deleteCancelled': { target: 'editing', actions: assign({ error: null }) },
      },
    },
    deleting: {
      invoke: {
        src: 'deleteAccount',
        onDone: 'deleted',
        onError: [
          { guard: { type: 'needsRecentLogin', params: errorCodeParams }, target: 'renewingSignIn', actions: assign({ error: null }) },
          { target: 'confirmingDelete.failed', actions: { type: 'keepError', params: errorCodeParams } },
        ],
      },
    },
    /** The current-password dialog again, this time to renew the sign-in before deleting once more. */
    renewingSignIn: {
      invoke: { id: 'currentPassword', src: 'currentPassword', onDone: { target: 'editing', actions: assign({ error: null }) } },
      initial: 'asking',
      states: {
        asking: {
          entry: 'forgetPassword',
          on: { 'currentPassword.confirmed': { target: 'signingIn', actions: { type: 'keepPassword', params: ({ event }) => event.password } } },
        },
        signingIn: {
          invoke: {
            src: 'signInAgain',
            input: ({ context }) => ({ email: context.user.email, password: context.currentPassword }),
            onDone: { target: 'deletingAgain', actions: 'refreshSession' },
            onError: [
              { guard: { type: 'isPasswordRefusal', params: errorCodeParams }, target: 'asking', actions: { type: 'tellPasswordRefused', params: errorCodeParams } },
              { target: '#profile.confirmingDelete.failed', actions: { type: 'keepError', params: errorCodeParams } },
            ],
          },
        },
        /** Only once: a second refusal is told in the delete dialog rather than asking again. */
        deletingAgain: {
          invoke: {
            src: 'deleteAccount',
            onDone: '#profile.deleted',
            onError: { target: '#profile.confirmingDelete.failed', actions: { type: 'keepError', params: errorCodeParams } },
          },
        },
      },
      exit: 'forgetPassword',
    },
    /** The app signs out and shows sign-in; this screen goes away with the content phase. */
    deleted: { type: 'final', entry: 'signOut' },
  },
});
