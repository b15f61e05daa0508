import { fromPromise } from 'xstate';
import { profileMachine, type Credentials, type UpdateRequest } from '../../machines/profile.machine.ts';
import type { User } from '../../contract/user.ts';
import { deleteUser, updateUser } from '../api/profile.ts';
import type { WiringDeps } from './wired.tsx';
import { appChild } from '../appActor.ts';

/** /more/userinfo: saves and deletes through the API and tells the app about the outcome. */
export function wireProfile({ api, identity, app }: WiringDeps) {
  return {
    logic: profileMachine.provide({
      actors: {
        updateUser: fromPromise(({ input }: { input: UpdateRequest }) => updateUser(api, input)),
        signInAgain: fromPromise(async ({ input }: { input: Credentials }) => {
          await identity().signInWithPassword(input.email, input.password);
        }),
        deleteAccount: fromPromise(async () => {
          await deleteUser(api);
        }),
      },
      actions: {
        userUpdated: (_, updated: User) => app.send({ type: 'app.userUpdated', user: updated }),
        refreshSession: () => appChild(app.getSnapshot(), 'session')?.send({ type: 'session.refresh' }),
        signOut: () => app.send({ type: 'app.signOut' }),
      },
    }),
  };
}
