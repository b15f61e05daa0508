import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { fromCallback, setup } from 'xstate';
import type { CartEvent } from '../../../machines/cart.machine.ts';
import type { appMachine } from '../../../machines/app.machine.ts';
import type { Layout } from '../../../machines/app.rules.ts';
import type { CategoryList, OfferDetail } from '../../../contract/offer.ts';
import type { ApiClient } from '../../../src/api/client.ts';
import { AppActor } from '../../../src/appActor.ts';
import { NavigatorContext, type NavigatorRef } from '../../../src/navigation/navigation.ts';
import { WiringContext } from '../../../src/appActor.ts';
import { screens } from '../../../src/routes/screens.tsx';

/** The offer route's page: parses the match and wires the screen as the app does. */
const OfferRoute = screens.offer;
import { testBrand, testMember } from '../../machines/fixtures.ts';
import { browserContainer } from '../browserContainer.ts';
import { recordingAnalytics } from '../recordingAnalytics.ts';

export const testCategories: CategoryList = {
  list: [{ id: 'music', name: 'Music', typeList: ['live'] }],
  record: { music: { id: 'music', name: 'Music', typeList: ['live'] } },
};

interface HarnessOptions {
  /** The offer, or the error the API answers with. */
  answer: OfferDetail | Error;
  params: Record<string, string>;
  layout?: Layout;
  /** The page's path, as the navigator gives it. */
  path?: string;
  /** Answers the API's POST calls (the promo claims); none are expected without it. */
  send?: (method: string, path: string, body: unknown) => Promise<unknown>;
  /** Answers GET calls first (undefined: the default); without it the categories load, the member is in no line, bought nothing and claimed no codes. */
  get?: (path: string, query: unknown) => Promise<unknown>;
}

/**
 * The offer screen over a fake API: the root actor is a stand-in holding brand, layout and member,
 * the navigator a stand-in that records the paths pushed.
 */
export function renderOfferScreen({ answer, params, layout = 'mobile', path, send, get }: HarnessOptions) {
  const calls: { path: string; query: unknown }[] = [];
  const api: ApiClient = {
    appUrl: 'http://localhost',
    baseUrl: '',
    get: async <T,>(path: string, query?: unknown): Promise<T> => {
      calls.push({ path, query });
      const other = await get?.(path, query);
      if (other !== undefined) return other as T;
      if (path === '/v1/get_list/brand/category') return testCategories as T;
      if (path === '/v1/get_list/waiting_list' || path === '/v1/get_list/order_history' || path === '/v1/get_list/offer/voucher/code') return [] as T;
      if (answer instanceof Error) throw answer;
      return answer as T;
    },
    send: async <T,>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> => {
      if (!send) throw new Error('not used');
      return (await send(method, path, body)) as T;
    },
  };
  const pushed: string[] = [];
  const navigator = {
    send: vi.fn((event: { type: string; path: string }) => pushed.push(event.path)),
  } as unknown as NavigatorRef;
  // Only the context the screen reads, and a cart that keeps what it is told; the real app machine is not needed here.
  const cartEvents: CartEvent[] = [];
  const analytics = recordingAnalytics();
  const root = setup({
    actors: { cart: fromCallback<CartEvent>(({ receive }) => receive((event) => void cartEvents.push(event))) },
  }).createMachine({
    context: { brand: testBrand(), layout, member: testMember() },
    invoke: { src: 'cart', id: 'cart', systemId: 'cart' },
  }) as unknown as typeof appMachine;
  const view = render(
    <I18nProvider i18n={i18n}>
      <AppActor.Provider logic={root}>
        <WiringContext.Provider value={{ api, identity: () => { throw new Error('no identity in offer tests'); }, container: browserContainer, analytics }}>
          <NavigatorContext.Provider value={navigator}>
            <OfferRoute params={params} path={path ?? ''} />
          </NavigatorContext.Provider>
        </WiringContext.Provider>
      </AppActor.Provider>
    </I18nProvider>,
  );
  return { ...view, calls, pushed, cartEvents, analytics };
}
