import { render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { fromCallback, fromPromise, type InspectionEvent } from 'xstate';
import { appMachine } from '../../machines/app.machine.ts';
import { type Member } from '../../machines/app.rules.ts';
import { sessionMachine, type SessionEvent } from '../../machines/session.machine.ts';
import { setUpMachine, type CompleteOnboardingRequest } from '../../machines/setUp.machine.ts';
import { feedMachine, type PageRequest } from '../../machines/feed.machine.ts';
import { navigatorMachine, type NavigatorEvent } from '../../machines/navigator.machine.ts';
import { createResolver } from '../../src/routes/resolver.ts';
import { applyHistoryEffect, observePopstate } from '../../src/services/browserHistory.ts';
import { AppActor } from '../../src/appActor.ts';
import { type Services } from '../../src/services/services.ts';
import { WiringContext } from '../../src/appActor.ts';
import { createApiClient } from '../../src/api/client.ts';
import { App } from '../../src/App.tsx';
import type { Brand } from '../../contract/brand.ts';
import type { ContainerVersion } from '../../domain/version.ts';
import type { User } from '../../contract/user.ts';
import type { Billboard, FeedOffer } from '../../contract/offer.ts';
import { testMember, testOffers, steadyConnection } from './fixtures.ts';
import { memberLoadWith, withChildFakes } from './appChildFakes.ts';
import { freshTokens, noTokenRejections } from './sessionFakes.ts';
import { browserContainer } from '../client/browserContainer.ts';
import { recordingAnalytics } from '../client/recordingAnalytics.ts';

interface ApiFailure {
  status: number;
  code: string;
  message: string;
}

const navigation = (brand: Brand) => ({
  ...createResolver({ settings: brand.settings, testMode: false }),
  location: { path: window.location.pathname, restored: null, saved: null, keyPrefix: 'test-' },
  stacked: true,
});

/**
 * The real App and app machine with a member who has not completed onboarding, signed in on
 * `brand`; the onboarding endpoint and the identity provider are fakes that keep what they got.
 */
export function renderSetUpApp(brand: Brand, options: { savedReferralCode?: string | null; passwordChosen?: boolean } = {}) {
  const fake = {
    /** Bodies sent to POST /v1/complete_onboardning/user. */
    requests: [] as CompleteOnboardingRequest[],
    /** Answers the next completion calls fail with, in order. */
    failures: [] as ApiFailure[],
    signIns: [] as { email: string; password: string }[],
    signInFailures: [] as ApiFailure[],
    memberLoads: 0,
    completed: false,
    signedOut: false,
    savedReferralCode: options.savedReferralCode ?? null,
    /** Events the session actor received. */
    sessionEvents: [] as string[],
  };

  const member = (): Member => {
    const base = testMember(fake.completed, options.passwordChosen ?? fake.completed);
    return { ...base, user: { ...base.user, email: 'new@aurora.test' } };
  };

  const machine = appMachine.provide({
    actions: {
      resetUrl: () => window.history.replaceState(null, '', '/'),
      showSetUpUrl: () => window.history.replaceState(null, '', '/'),
      clearCaches: () => undefined,
    },
    actors: withChildFakes({
      connection: steadyConnection,
      navigator: navigatorMachine.provide({
        actors: { browserHistory: fromCallback<NavigatorEvent>(({ sendBack }) => observePopstate(sendBack)) },
        actions: { applyHistory: (_, effect) => applyHistoryEffect(effect), saveNavigation: () => undefined },
      }),
      loadBrand: fromPromise<Brand>(async () => brand),
      memberLoad: memberLoadWith(
        fromPromise<Member, { uid: string | null }>(async () => {
          fake.memberLoads++;
          return member();
        }),
      ),
      loadContainerVersion: fromPromise<ContainerVersion | null>(async () => null),
      session: sessionMachine.provide({
        actors: {
          readToken: freshTokens,
          observeTokenRejections: noTokenRejections,
          observeUser: fromCallback<SessionEvent>(({ sendBack }) => {
            queueMicrotask(() => sendBack({ type: 'session.userChanged', user: { uid: 'uid-1', email: 'new@aurora.test' } }));
            return () => undefined;
          }),
          signOut: fromPromise(async () => {
            fake.signedOut = true;
          }),
        },
      }),
      setUp: setUpMachine.provide({
        actors: {
          loadSavedReferralCode: fromPromise(async () => fake.savedReferralCode),
          completeOnboarding: fromPromise<User, CompleteOnboardingRequest>(async ({ input }) => {
            fake.requests.push(input);
            const failure = fake.failures.shift();
            if (failure) throw failure;
            fake.completed = true;
            return member().user;
          }),
          signInWithPassword: fromPromise<unknown, { email: string; password: string }>(async ({ input }) => {
            fake.signIns.push(input);
            const failure = fake.signInFailures.shift();
            if (failure) throw failure;
            return { uid: 'uid-1', email: input.email };
          }),
        },
        actions: {
          forgetReferralCode: () => {
            fake.savedReferralCode = null;
          },
        },
      }),
      feed: feedMachine.provide({
        actors: {
          loadBillboard: fromPromise<Billboard | null>(async () => null),
          loadPage: fromPromise<FeedOffer[], PageRequest>(async () => testOffers(3)),
        },
      }),
    }),
  });

  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.event' && (event.actorRef as { id?: string }).id === 'session') fake.sessionEvents.push(event.event.type);
  };

  // Screens that start their own machines (the sign-in screen's eID) get services that reach nothing.
  const services: Services = {
    container: browserContainer,
    analytics: recordingAnalytics(),
    api: createApiClient({
      baseUrl: '',
      appUrl: 'http://localhost',
      getIdToken: async () => null,
      fetch: async () => Promise.reject(new Error('no network in this test')),
    }),
    identity: () => {
      throw new Error('no identity provider in this test');
    },
  };

  render(
    <I18nProvider i18n={i18n}>
      <WiringContext.Provider value={services}>
        <AppActor.Provider logic={machine} options={{ input: { layout: 'mobile', navigation }, inspect }}>
          <App />
        </AppActor.Provider>
      </WiringContext.Provider>
    </I18nProvider>,
  );
  return fake;
}
