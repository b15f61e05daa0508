import { assign, sendParent, setup } from 'xstate';

export interface CurrentPasswordContext {
  password: string;
  /** Why the last confirmed password was refused. */
  refusal: { code: string } | null;
}

export type CurrentPasswordEvent =
  | { type: 'currentPassword.changed'; value: string }
  | { type: 'currentPassword.confirm' }
  | { type: 'currentPassword.cancel' }
  /** From the invoking machine: the call it made with the password was refused for the password. */
  | { type: 'currentPassword.refused'; code: string };

/** What the invoking machine gets when the member confirms. */
export interface CurrentPasswordConfirmed {
  type: 'currentPassword.confirmed';
  password: string;
}

/**
 * The current-password dialog: asks for the member's password, tells the invoking machine
 * when it is confirmed, and waits while that machine uses it: a refused password is asked for
 * again; on any other outcome the invoking state is left and the dialog goes with it. Cancelling
 * ends it (final state `cancelled`). The profile invokes it before an e-mail or password change
 * and before a delete that needs a recent sign-in (spec 4, 5).
 */
export const currentPasswordMachine = setup({
  types: {
    context: {} as CurrentPasswordContext,
    events: {} as CurrentPasswordEvent,
  },
  actions: {
    tellConfirmed: sendParent(({ context }): CurrentPasswordConfirmed => ({ type: 'currentPassword.confirmed', password: context.password })),
  },
  guards: {
    hasPassword: ({ context }) => context.password !== '',
  },
}).createMachine({
  id: 'currentPassword',
  context: { password: '', refusal: null },
  initial: 'editing',
  states: {
    editing: {
      initial: 'asking',
      states: {
        asking: {},
        /** Confirmed with an empty field. */
        missing: {},
        /** The invoking machine's call refused the password (or asked for it). */
        refused: {},
      },
      on: {
        'currentPassword.changed': { target: '.asking', actions: assign({ password: ({ event }) => event.value, refusal: null }) },
        'currentPassword.confirm': [{ guard: 'hasPassword', target: 'checking', actions: 'tellConfirmed' }, { target: '.missing' }],
        'currentPassword.cancel': 'cancelled',
      },
    },
    /** The invoking machine is using the password; the dialog waits, read-only. */
    checking: {
      tags: 'busy',
      on: {
        'currentPassword.refused': {
          target: 'editing.refused',
          actions: assign({ password: '', refusal: ({ event }) => ({ code: event.code }) }),
        },
      },
    },
    cancelled: { type: 'final' },
  },
});
