import { render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { vi } from 'vitest';
import { assign, createMachine, setup, type AnyActorRef } from 'xstate';
import type { ShoppingCart } from '../../contract/commerce.ts';
import type { appMachine } from '../../machines/app.machine.ts';
import type { ApiClient } from '../../src/api/client.ts';
import { AppActor, WiringContext } from '../../src/appActor.ts';
import { NavigatorContext, type NavigatorRef } from '../../src/navigation/navigation.ts';
import type { ScreenName } from '../../src/routes/routeTable.ts';
import { screens } from '../../src/routes/screens.tsx';
import { testBrand, testMember } from '../machines/fixtures.ts';
import { browserContainer } from './browserContainer.ts';
import { recordingAnalytics } from './recordingAnalytics.ts';
import type { ContainerService } from '../../src/services/container.ts';

/**
 * Renders one route's page as the app does (the route table's lazy screen with its wiring) for
 * the signed-in test member, over a fake API; answers the paths the navigator was asked to push.
 */
export function renderRoute(
  screen: ScreenName,
  path: string,
  api: ApiClient,
  container: ContainerService = browserContainer,
  options: { cart?: ShoppingCart; params?: Record<string, string>; activeStack?: string } = {},
) {
  const pushed: string[] = [];
  const navigator = { send: vi.fn((event: { path: string }) => pushed.push(event.path)) } as unknown as NavigatorRef;
  // The app's cart, when the test gives one: a stand-in child holding it as the cart machine does.
  const cart = createMachine({ context: { cart: options.cart ?? null } });
  // The app's navigator, when the test says which stack is active: a stand-in with the navigator's `active`.
  const appNavigator = createMachine({
    context: { active: options.activeStack ?? '/more' },
    on: { 'test.activate': { actions: assign({ active: ({ event }) => (event as unknown as { stack: string }).stack }) } },
  });
  const root = setup({ actors: { cart, navigator: appNavigator } }).createMachine({
    context: { brand: testBrand(), layout: 'mobile', member: testMember() },
    invoke: [...(options.cart ? [{ src: 'cart' as const, id: 'cart' }] : []), ...(options.activeStack ? [{ src: 'navigator' as const, id: 'navigator' }] : [])],
  }) as unknown as typeof appMachine;
  let app: AnyActorRef | null = null;
  /** Makes another stack the active one (the member chose another tab). */
  const activateStack = (stack: string) => (app?.getSnapshot().children as Record<string, AnyActorRef>).navigator?.send({ type: 'test.activate', stack });
  const Route = screens[screen];
  const page = render(
    <I18nProvider i18n={i18n}>
      <AppActor.Provider logic={root}>
        <CaptureApp onApp={(ref) => (app = ref)} />
        <WiringContext.Provider value={{ api, identity: () => { throw new Error('no identity here'); }, container, analytics: recordingAnalytics() }}>
          <NavigatorContext.Provider value={navigator}>
            <Route params={options.params ?? {}} path={path} />
          </NavigatorContext.Provider>
        </WiringContext.Provider>
      </AppActor.Provider>
    </I18nProvider>,
  );
  return { page, pushed, activateStack };
}

function CaptureApp({ onApp }: { onApp: (app: AnyActorRef) => void }) {
  onApp(AppActor.useActorRef());
  return null;
}

/** A fake API for a page that only reads: every GET answers `answer()`; the paths asked are kept. */
export function readOnlyApi(answer: () => Promise<unknown>) {
  const calls: string[] = [];
  const api: ApiClient = {
    appUrl: 'http://localhost',
    baseUrl: '',
    get: async <T,>(path: string): Promise<T> => {
      calls.push(path);
      return (await answer()) as T;
    },
    send: async () => {
      throw new Error('not used');
    },
  };
  return { api, calls };
}
