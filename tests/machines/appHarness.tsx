import { vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { fromCallback, fromPromise } from 'xstate';
import { appMachine } from '../../machines/app.machine.ts';
import { type AppInput, type Member } from '../../machines/app.rules.ts';
import { sessionMachine, type SessionEvent, type SessionUser } from '../../machines/session.machine.ts';
import { freshTokens } from './sessionFakes.ts';
import { signInMachine } from '../../machines/signIn.machine.ts';
import { feedMachine, type PageRequest } from '../../machines/feed.machine.ts';
import { navigatorMachine, type NavigatorEvent } from '../../machines/navigator.machine.ts';
import { createResolver } from '../../src/routes/resolver.ts';
import { applyHistoryEffect, observePopstate } from '../../src/services/browserHistory.ts';
import { AppActor } from '../../src/appActor.ts';
import { App } from '../../src/App.tsx';
import { WiringContext } from '../../src/appActor.ts';
import type { IdentityService } from '../../src/services/identity.ts';
import type { ApiClient } from '../../src/api/client.ts';
import type { Brand } from '../../contract/brand.ts';
import type { ContainerVersion } from '../../domain/version.ts';
import type { Billboard, FeedOffer } from '../../contract/offer.ts';
import { testBrand, testMember, testOffers, steadyConnection, steadyWindow } from './fixtures.ts';
import { memberLoadWith, withChildFakes } from './appChildFakes.ts';
import { browserContainer } from '../client/browserContainer.ts';
import { recordingAnalytics } from '../client/recordingAnalytics.ts';

type ApiHandler = (method: string, path: string, body?: unknown) => Promise<unknown>;

interface Deferred<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** The navigator over the real route table, starting wherever the test's URL is. */
const navigation = (brand: Brand, returnPath: string | null) => ({
  ...createResolver({ settings: brand.settings, testMode: false }),
  location: { path: returnPath ?? window.location.pathname + window.location.search, restored: null, saved: null, keyPrefix: 'test-' },
  stacked: true,
});

/**
 * Renders the real App over the real app machine, with the services replaced by
 * controllable fakes: each test says when the brand or member answers, and how.
 * The app runs in a native container of version 5.23.3 unless `container` says otherwise
 * (null: a plain browser).
 */
export function renderAppWithFakes(
  input: Partial<AppInput> = {},
  container: ContainerVersion | null = { build: 523, version: '5.23.3' },
) {
  let brandCall: Deferred<Brand> | null = null;
  let memberCall: Deferred<Member> | null = null;
  let currentUser: SessionUser | null = null;
  let emitUser: ((user: SessionUser | null) => void) | null = null;
  let rejectToken: ((code: string) => void) | null = null;

  const machine = appMachine.provide({
    actions: {
      resetUrl: () => window.history.replaceState(null, '', '/'),
      showSetUpUrl: () => window.history.replaceState(null, '', '/'),
      clearCaches: () => undefined,
      showAuthScreen: ({ event }) => {
        if (event.type === 'app.authScreenWanted') window.history.pushState(null, '', event.screen === 'createAccount' ? '/createaccount' : '/forgotpassword');
      },
    },
    actors: withChildFakes({
      connection: steadyConnection,
      layout: steadyWindow,
      navigator: navigatorMachine.provide({
        actors: { browserHistory: fromCallback<NavigatorEvent>(({ sendBack }) => observePopstate(sendBack)) },
        actions: { applyHistory: (_, effect) => applyHistoryEffect(effect), saveNavigation: () => undefined },
      }),
      loadBrand: fromPromise<Brand>(() => new Promise((resolve, reject) => (brandCall = { resolve, reject }))),
      memberLoad: memberLoadWith(fromPromise<Member, { uid: string | null }>(() => new Promise((resolve, reject) => (memberCall = { resolve, reject })))),
      loadContainerVersion: fromPromise(async () => container),
      session: sessionMachine.provide({
        actors: {
          readToken: freshTokens,
          observeTokenRejections: fromCallback<SessionEvent>(({ sendBack }) => {
            rejectToken = (code) => sendBack({ type: 'session.tokenRejected', code });
            return () => (rejectToken = null);
          }),
          observeUser: fromCallback<SessionEvent>(({ sendBack }) => {
            emitUser = (user) => sendBack({ type: 'session.userChanged', user });
            queueMicrotask(() => emitUser?.(currentUser));
            return () => (emitUser = null);
          }),
          signOut: fromPromise(async () => {
            currentUser = null;
          }),
        },
      }),
      signIn: signInMachine.provide({
        actors: {
          signInWithPassword: fromPromise<unknown, { email: string; password: string }>(async ({ input }) => {
            currentUser = { uid: 'uid-1', email: input.email };
            queueMicrotask(() => emitUser?.(currentUser));
          }),
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

  // Screen-local machines (bank eID, ...) reach the API and the identity provider through services.
  let apiHandler: ApiHandler = async (method, path) => Promise.reject(new Error(`no fake answer for ${method} ${path}`));
  const api: ApiClient = {
    appUrl: 'http://localhost',
    baseUrl: '',
    get: (path, query) => apiHandler('GET', path, query) as never,
    send: (method, path, body) => apiHandler(method, path, body) as never,
  };
  const identity = {
    signInWithCustomToken: async () => {
      currentUser = { uid: 'uid-1', email: 'member@aurora.test' };
      queueMicrotask(() => emitUser?.(currentUser));
      return currentUser;
    },
  } as Partial<IdentityService> as IdentityService;

  render(
    <I18nProvider i18n={i18n}>
      <WiringContext.Provider value={{ api, identity: () => identity, container: browserContainer, analytics: recordingAnalytics() }}>
        <AppActor.Provider logic={machine} options={{ input: { layout: 'mobile', navigation, ...input } }}>
          <App />
        </AppActor.Provider>
      </WiringContext.Provider>
    </I18nProvider>,
  );

  const settle = async <T,>(take: () => Deferred<T> | null, act_: (d: Deferred<T>) => void) => {
    // The call may wait for a lazy screen chunk: up to 5 s, as findBy* waits (tests/client/setup.ts).
    await vi.waitFor(() => {
      if (!take()) throw new Error('the call has not been made yet');
    }, { timeout: 5_000 });
    const call = take()!;
    await act(async () => act_(call));
  };

  return {
    /** Answers the screens' API calls (method, path, body or query) from now on. */
    answerApi(handler: ApiHandler) {
      apiHandler = handler;
    },
    /** Another account signs in elsewhere (another tab): the provider reports a new user. */
    /** An API call is answered 401 with this code (e.g. the provider says the token expired). */
    async apiRejectsToken(code: string) {
      await act(async () => rejectToken?.(code));
    },
    async switchUser() {
      currentUser = { uid: 'uid-2', email: 'other@aurora.test' };
      await act(async () => emitUser?.(currentUser));
    },
    setSignedIn(signedIn: boolean) {
      currentUser = signedIn ? { uid: 'uid-1', email: 'member@aurora.test' } : null;
    },
    answerBrand: (brand: Brand = testBrand()) =>
      settle(() => brandCall, (call) => ((brandCall = null), call.resolve(brand))),
    failBrand: (error: unknown) => settle(() => brandCall, (call) => ((brandCall = null), call.reject(error))),
    answerMember: (member: Member = testMember()) =>
      settle(() => memberCall, (call) => ((memberCall = null), call.resolve(member))),
    failMember: (error: unknown) => settle(() => memberCall, (call) => ((memberCall = null), call.reject(error))),
  };
}
