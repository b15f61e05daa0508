import { fromCallback, fromPromise } from 'xstate';
import { signOutReason, type Member } from '../../machines/app.rules.ts';
import { callErrorOf } from '../../machines/errorCode.ts';
import { memberLoadMachine, type MemberLoadInput } from '../../machines/memberLoad.machine.ts';
import { sessionMachine, type SessionEvent } from '../../machines/session.machine.ts';
import { signInMachine } from '../../machines/signIn.machine.ts';
import { setUpMachine, type CompleteOnboardingRequest } from '../../machines/setUp.machine.ts';
import { getBrandRole } from '../api/brand.ts';
import { getUser } from '../api/user.ts';
import { completeOnboarding } from '../api/onboarding.ts';
import { loadMember } from '../services/memberLoader.ts';
import { cachedBrandRole, cachedUser, rememberUser } from '../services/memberCache.ts';
import { clearReferralCode, readReferralCode } from '../services/referralCode.ts';
import { readTokenLife } from '../services/tokenLife.ts';
import { nextTask } from '../wiring/nextTask.ts';
import type { AppServices } from './appServices.ts';

/** Who is signed in: the identity session, the sign-in form, the member's load and their set-up. */
export function sessionActors({ api, identity, rejections }: AppServices) {
  const signInWithPassword = fromPromise<unknown, { email: string; password: string }>(({ input }) =>
    identity().signInWithPassword(input.email, input.password),
  );
  return {
    session: sessionMachine.provide({
      actors: {
        // Told in a task of its own: the app's next phase (content, its children and their fetches) starts from it.
        observeUser: fromCallback<SessionEvent>(({ sendBack }) =>
          identity().observeUser((user) => void nextTask().then(() => sendBack({ type: 'session.userChanged', user }))),
        ),
        observeTokenRejections: fromCallback<SessionEvent>(({ sendBack }) =>
          rejections.listen((code, sentAt) => sendBack({ type: 'session.tokenRejected', code, sentAt })),
        ),
        readToken: fromPromise(({ input }: { input: { forceRefresh: boolean } }) => readTokenLife(identity(), input.forceRefresh)),
        signOut: fromPromise(() => identity().signOut()),
      },
    }),
    memberLoad: memberLoadMachine.provide({
      actors: {
        loadMember: fromPromise(({ input }: { input: MemberLoadInput }): Promise<Member> =>
          loadMember({
            user: () => cachedUser(input.uid, () => getUser(api)),
            role: () => cachedBrandRole(input.uid, () => getBrandRole(api)),
            endsSession: (error) => signOutReason(callErrorOf(error)) !== null,
            log: (message, error) => console.warn(message, error),
          }),
        ),
      },
    }),
    signIn: signInMachine.provide({ actors: { signInWithPassword } }),
    setUp: setUpMachine.provide({
      actors: {
        loadSavedReferralCode: fromPromise(async () => readReferralCode()),
        completeOnboarding: fromPromise(async ({ input }: { input: CompleteOnboardingRequest }) => {
          const user = await completeOnboarding(api, input);
          // The app loads the member next: the cached one still needs set-up.
          rememberUser(user);
          return user;
        }),
        signInWithPassword,
      },
      actions: { forgetReferralCode: clearReferralCode },
    }),
  };
}
