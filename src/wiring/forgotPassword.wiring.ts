import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../machines/forgotPassword.machine.ts';
import { requestPasswordReset } from '../api/account.ts';
import type { AuthRouteDeps } from './authRouteDeps.ts';
import { ForgotPasswordScreen } from '../screens/forgotPassword/ForgotPasswordScreen.tsx';
import { wired, type WiringDeps } from './wired.tsx';

/** /forgotpassword: the reset mail goes through the API; a closed confirmation returns to sign-in. */
export function wireForgotPassword({ api, goToSignIn }: WiringDeps & AuthRouteDeps) {
  return {
    logic: forgotPasswordMachine.provide({
      actors: { requestPasswordReset: fromPromise<unknown, { email: string }>(({ input }) => requestPasswordReset(api, input.email)) },
      actions: { goToSignIn },
    }),
  };
}

/** The screen with its wiring: one lazy chunk, loaded when the route first shows. */
export const wiredForgotPasswordScreen = (routeDeps: AuthRouteDeps) => wired(ForgotPasswordScreen, wireForgotPassword, routeDeps);
