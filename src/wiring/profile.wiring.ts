import { fromPromise } from 'xstate';
import { profileMachine, type Credentials, type UpdateRequest } from '../../machines/profile.machine.ts';
import type { User } from '../../contract/user.ts';
import { deleteUser, updateUser } from '../api/profile.ts';
import { wired, type WiringDeps } from './wired.tsx';
import { ProfileScreen } from '../screens/profile/ProfileScreen.tsx';
import { appChild } from '../appActor.ts';
import { forgetUser, rememberUser } from '../services/memberCache.ts';

/** /more/userinfo: saves and deletes through the API and tells the app about the outcome. */
export function wireProfile({ api, identity, app }: WiringDeps) {
  return {
    logic: profileMachine.provide({
      actors: {
        updateUser: fromPromise(async ({ input }: { input: UpdateRequest }) => {
          const user = await updateUser(api, input);
          rememberUser(user);
          return user;
        }),
        signInAgain: fromPromise(async ({ input }: { input: Credentials }) => {
          await identity().signInWithPassword(input.email, input.password);
        }),
        deleteAccount: fromPromise(async () => {
          await deleteUser(api);
          // Spec 4: account deletion clears the user cache (sign-out then clears the rest).
          forgetUser();
        }),
      },
      actions: {
        userUpdated: (_, updated: User) => app.send({ type: 'app.userUpdated', user: updated }),
        refreshSession: () => appChild(app.getSnapshot(), 'session')?.send({ type: 'session.refresh' }),
        // The account is gone: the app signs out and the sign-in screen says so.
        signOut: () => app.send({ type: 'app.accountDeleted' }),
      },
    }),
  };
}

/** The screen with its wiring: one lazy chunk, loaded when /more/userinfo first shows. */
export const WiredProfileScreen = wired(ProfileScreen, wireProfile);
