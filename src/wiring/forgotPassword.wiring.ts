import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../machines/forgotPassword.machine.ts';
import { requestPasswordReset } from '../api/account.ts';
import type { WiringDeps } from './wired.tsx';
import type { AuthRouteDeps } from './authRouteDeps.ts';

/** /forgotpassword: the reset mail goes through the API; a closed confirmation returns to sign-in. */
export function wireForgotPassword({ api, goToSignIn }: WiringDeps & AuthRouteDeps) {
  return {
    logic: forgotPasswordMachine.provide({
      actors: { requestPasswordReset: fromPromise<unknown, { email: string }>(({ input }) => requestPasswordReset(api, input.email)) },
      actions: { goToSignIn },
    }),
  };
}
