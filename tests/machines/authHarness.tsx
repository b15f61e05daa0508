import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { setup } from 'xstate';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { expect, vi } from 'vitest';
import type { appMachine } from '../../machines/app.machine.ts';
import type { Brand } from '../../contract/brand.ts';
import { signInMachine } from '../../machines/signIn.machine.ts';
import { AppActor, WiringContext } from '../../src/appActor.ts';
import { createApiClient } from '../../src/api/client.ts';
import type { Services } from '../../src/services/services.ts';
import type { IdentityService } from '../../src/services/identity.ts';
import { createAuthRouter } from '../../src/routes/AuthRoutes.tsx';
import { testBrand } from './fixtures.ts';
import { browserContainer } from '../client/browserContainer.ts';
import { recordingAnalytics } from '../client/recordingAnalytics.ts';

export interface Answer {
  status: number;
  body: object;
}

export interface AuthRequest {
  method: string;
  path: string;
  body: unknown;
}

/** The server's answers in turn, or a function of the request; 'offline' fails like a lost connection. */
export type AuthServer = Answer[] | ((request: AuthRequest) => Answer | 'offline');

/**
 * The app's auth routes (with their real wiring) over a memory history, a stand-in root actor
 * holding the brand and a sign-in child, and an API answered by `server`.
 */
export async function renderAuth(path: string, server: AuthServer = [], options: { brand?: Brand; identity?: Partial<IdentityService> } = {}) {
  const requests: AuthRequest[] = [];
  const root = setup({ actors: { signIn: signInMachine } }).createMachine({
    context: { brand: options.brand ?? testBrand() },
    invoke: { id: 'signIn', src: 'signIn', input: {} },
  }) as unknown as typeof appMachine;
  const services: Services = {
    container: browserContainer,
    analytics: recordingAnalytics(),
    api: createApiClient({
      baseUrl: '',
      appUrl: 'http://localhost',
      getIdToken: async () => null,
      fetch: async (url, init) => {
        const request = { method: init?.method ?? 'GET', path: new URL(String(url)).pathname, body: JSON.parse(String(init?.body ?? 'null')) };
        requests.push(request);
        const answer = typeof server === 'function' ? server(request) : (server.shift() ?? { status: 200, body: {} });
        if (answer === 'offline') throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
      },
    }),
    identity: () => {
      if (!options.identity) throw new Error('no identity provider in this test');
      return options.identity as IdentityService;
    },
  };
  // The router AuthRoutes makes, made here to know when its route has loaded.
  const router = createAuthRouter(createMemoryHistory({ initialEntries: [path] }), () => {});
  render(
    <I18nProvider i18n={i18n}>
      <WiringContext.Provider value={services}>
        <AppActor.Provider logic={root}>
          <RouterProvider router={router} />
        </AppActor.Provider>
      </WiringContext.Provider>
    </I18nProvider>,
  );
  // The route has loaded (its lazy screen and wiring): before that, the screen can show and then
  // suspend once more while the load ends, and what a test typed meanwhile would go nowhere.
  await vi.waitFor(
    () => {
      const { status, isLoading, matches } = router.state;
      expect({ status, isLoading, matches: matches.map((match) => match.status) }).toEqual({ status: 'idle', isLoading: false, matches: matches.map(() => 'success') });
    },
    { timeout: 10_000 },
  );
  return { requests, user: userEvent.setup({ delay: null }) };
}
