import { fromPromise } from 'xstate';
import { resetPasswordMachine } from '../../machines/resetPassword.machine.ts';
import { updatePassword } from '../api/account.ts';
import type { AuthRouteDeps } from './authRouteDeps.ts';
import { ResetPasswordScreen } from '../screens/resetPassword/ResetPasswordScreen.tsx';
import { wired, type WiringDeps } from './wired.tsx';

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

/** The screen with its wiring: one lazy chunk, loaded when the route first shows. */
export const wiredResetPasswordScreen = (routeDeps: AuthRouteDeps) => wired(ResetPasswordScreen, wireResetPassword, routeDeps);
