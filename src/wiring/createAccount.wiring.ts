import { fromPromise } from 'xstate';
import { createAccountMachine, type Credentials } from '../../machines/createAccount.machine.ts';
import type { CreateUserRequest } from '../../contract/account.ts';
import { createUser } from '../api/account.ts';
import { mediaUrl } from '../api/mediaUrls.ts';
import { saveReferralCode } from '../services/referralCode.ts';
import { CreateAccountScreen } from '../screens/createAccount/CreateAccountScreen.tsx';
import { wired, type WiringDeps } from './wired.tsx';

/** /createaccount: the account is made through the API, then signed in with the identity provider. */
export function wireCreateAccount({ api, identity }: WiringDeps) {
  return {
    logic: createAccountMachine.provide({
      actors: {
        createUser: fromPromise(({ input }: { input: CreateUserRequest }) => createUser(api, input)),
        signInWithPassword: fromPromise<unknown, Credentials>(({ input }) => identity().signInWithPassword(input.email, input.password)),
      },
      actions: { rememberReferralCode: (_, code: string) => saveReferralCode(code) },
    }),
    /** Where the brand's terms and privacy documents are served from. */
    documentUrl: (path: string) => mediaUrl(api.baseUrl, path),
  };
}

/** The screen with its wiring: one lazy chunk, loaded when the route first shows. */
export const WiredCreateAccountScreen = wired(CreateAccountScreen, wireCreateAccount);
