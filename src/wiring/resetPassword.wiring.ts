import { fromPromise } from 'xstate';
import { resetPasswordMachine } from '../../machines/resetPassword.machine.ts';
import { updatePassword } from '../api/account.ts';
import type { WiringDeps } from './wired.tsx';
import type { AuthRouteDeps } from './authRouteDeps.ts';

/** /password_reset/:token: the new password goes through the API; a closed confirmation returns to sign-in. */
export function wireResetPassword({ api, goToSignIn }: WiringDeps & AuthRouteDeps) {
  return {
    logic: resetPasswordMachine.provide({
      actors: {
        updatePassword: fromPromise<unknown, { verificationId: string; password: string }>(({ input }) =>
          updatePassword(api, input.verificationId, input.password),
        ),
      },
      actions: { goToSignIn },
    }),
  };
}
