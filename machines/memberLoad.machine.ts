import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './errorCode.ts';
import type { Member } from './app.rules.ts';

export interface MemberLoadInput {
  /** The uid the session signed in: a cached user of another account is not theirs. */
  uid: string | null;
}

/**
 * The member now signed in, loaded once for the app: invoked at start (and after set-up) and
 * when a visitor signs in on the page they are on. Its output is the member; a failed load ends
 * it in error with the load's own error, which the app reads (a role or token error signs out).
 */
export const memberLoadMachine = setup({
  types: {
    context: {} as { uid: string | null; member: Member | null },
    input: {} as MemberLoadInput,
    output: {} as Member,
  },
  actors: {
    /** The member's user and role (src/services/memberLoader.ts). */
    loadMember: fromPromise<Member, MemberLoadInput>(async () => notProvided('loadMember')),
  },
}).createMachine({
  id: 'memberLoad',
  context: ({ input }) => ({ uid: input.uid, member: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadMember',
        input: ({ context }) => ({ uid: context.uid }),
        onDone: { target: 'loaded', actions: assign({ member: ({ event }) => event.output }) },
      },
    },
    loaded: { type: 'final' },
  },
  output: ({ context }) => context.member!,
});
