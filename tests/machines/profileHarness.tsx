import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { fromCallback, setup, type AnyEventObject } from 'xstate';
import type { appMachine } from '../../machines/app.machine.ts';
import type { Member } from '../../machines/app.rules.ts';
import { AppActor, WiringContext } from '../../src/appActor.ts';
import { createApiClient } from '../../src/api/client.ts';
import type { Services } from '../../src/services/services.ts';
import type { IdentityService } from '../../src/services/identity.ts';
import { ProfileScreen } from '../../src/screens/profile/ProfileScreen.tsx';
import { wired } from '../../src/wiring/wired.tsx';
import { wireProfile } from '../../src/wiring/profile.wiring.ts';
import { testMember } from './fixtures.ts';
import { browserContainer } from '../client/browserContainer.ts';
import { recordingAnalytics } from '../client/recordingAnalytics.ts';

/** The screen as the route table shows it: with its real wiring over the test's services. */
const WiredProfileScreen = wired(ProfileScreen, wireProfile);

export interface Answer {
  status: number;
  body: object;
}

export interface ProfileRequest {
  method: string;
  path: string;
  body: unknown;
}

/** Answers a request, at once or later; 'offline' fails like a lost connection. */
export type ProfileServer = (request: ProfileRequest) => Answer | 'offline' | Promise<Answer | 'offline'>;

/** The member of the profile tests: the test member with a home address. */
export function profileMember(): Member {
  const base = testMember();
  return { ...base, user: { ...base.user, addressList: [{ careOf: '', street: 'Storgatan 1', zipCode: '11122', city: 'Stockholm' }] } };
}

/**
 * The profile screen under a stand-in root actor holding the member; the API answers from
 * `server` (answers in turn, or a function of the request). What the screen tells the app, and
 * the app's session, is kept in `told`.
 */
export function renderProfile(server: Answer[] | ProfileServer = [], identity?: Partial<IdentityService>) {
  const member = profileMember();
  const requests: unknown[] = [];
  const methods: string[] = [];
  const told: string[] = [];
  const root = setup({
    actors: { session: fromCallback<AnyEventObject>(({ receive }) => receive((event) => void told.push(`session: ${event.type}`))) },
  }).createMachine({
    context: { member },
    invoke: { src: 'session', id: 'session', systemId: 'session' },
    on: { '*': { actions: ({ event }) => void told.push(`app: ${event.type}`) } },
  }) as unknown as typeof appMachine;
  const services: Services = {
    container: browserContainer,
    analytics: recordingAnalytics(),
    api: createApiClient({
      baseUrl: '',
      appUrl: 'http://localhost',
      getIdToken: async () => null,
      fetch: async (url, init) => {
        const request = { method: String(init?.method), path: new URL(String(url)).pathname, body: JSON.parse(String(init?.body ?? 'null')) };
        methods.push(request.method);
        requests.push(request.body);
        const answer =
          typeof server === 'function' ? await server(request) : (server.shift() ?? { status: 500, body: { code: 'internal_error', message: 'no answer' } });
        if (answer === 'offline') throw new TypeError('Failed to fetch');
        return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    }),
    identity: () => {
      if (!identity) throw new Error('no identity provider in this test');
      return identity as IdentityService;
    },
  };
  render(
    <I18nProvider i18n={i18n}>
      <WiringContext.Provider value={services}>
        <AppActor.Provider logic={root}>
          <WiredProfileScreen />
        </AppActor.Provider>
      </WiringContext.Provider>
    </I18nProvider>,
  );
  return { requests, methods, told, user: userEvent.setup({ delay: null }) };
}
