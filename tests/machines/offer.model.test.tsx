import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { ItemVariant } from '../../contract/commerce.ts';
import { ApiError, failedToFetch } from '../../src/api/apiError.ts';
import { offerDetail } from '../client/offer/offerDetailFixtures.ts';
import { renderOfferScreen } from '../client/offer/offerScreenHarness.tsx';
import { order } from '../client/orderFixtures.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The offer page as the member meets it: the offer route's screen with its wiring over a fake
 * API, under a stand-in app whose cart keeps what it is told. The model is the spec's (2.3, 4, 6,
 * 8): the page shows the offer (with its category tag when the categories load, and the evenings
 * the member bought with "Add to calendar"), or the failure the server gives: not found, no longer
 * relevant, signed out (none retried) or anything else (retried on request). Buying asks for an
 * evening first, then opens the add-to-cart dialog; confirming tells the cart. The dialog's
 * quantity rules are walked in addToCart.screen.test.tsx, the promo rows and the waiting list in
 * their own model tests.
 */
type Page = 'closed' | 'loaded' | 'notFound' | 'notRelevant' | 'needsSignIn' | 'offline' | 'failed';
interface World {
  page: Page;
  /** Offer loads the page asked for. */
  loads: number;
  categories: boolean;
  bought: boolean;
  buying: 'none' | 'warning' | 'dialog';
  picked: boolean;
  added: boolean;
}

const opened = (w: World, to: Partial<World>): World | null => (w.page === 'closed' ? { ...w, loads: 1, ...to } : null);

function next(w: World, event: string): World | null {
  // Bounded: buying is walked on a page opened plainly, once.
  const shopping = w.page === 'loaded' && w.loads === 1 && w.categories && !w.bought && !w.added;
  switch (event) {
    case 'OPEN':
      return opened(w, { page: 'loaded' });
    case 'OPEN_WITHOUT_CATEGORIES':
      return opened(w, { page: 'loaded', categories: false });
    case 'OPEN_AFTER_BUYING':
      return opened(w, { page: 'loaded', bought: true });
    case 'OPEN_GONE':
      return opened(w, { page: 'notFound' });
    case 'OPEN_ENDED':
      return opened(w, { page: 'notRelevant' });
    case 'OPEN_SIGNED_OUT':
      return opened(w, { page: 'needsSignIn' });
    case 'OPEN_OFFLINE':
      return opened(w, { page: 'offline' });
    case 'OPEN_BROKEN':
      return opened(w, { page: 'failed' });
    case 'RETRY_STILL_OFFLINE':
      return (w.page === 'offline' || w.page === 'failed') && w.loads === 1 ? { ...w, page: 'offline', loads: 2 } : null;
    case 'RETRY_ONLINE':
      return w.page === 'offline' || w.page === 'failed' ? { ...w, page: 'loaded', loads: w.loads + 1 } : null;
    // The browser's online event: only a page that failed for want of a network loads by itself.
    case 'BACK_ONLINE':
      return w.page === 'offline' ? { ...w, page: 'loaded', loads: w.loads + 1 } : w.page === 'failed' && w.loads === 1 ? w : null;
    case 'BUY':
      return shopping && w.buying === 'none' ? { ...w, buying: w.picked ? 'dialog' : 'warning' } : null;
    case 'DISMISS_WARNING':
      return w.buying === 'warning' ? { ...w, buying: 'none' } : null;
    case 'PICK_EVENING':
      return shopping && w.buying === 'none' && !w.picked ? { ...w, picked: true } : null;
    case 'CONFIRM':
      return w.buying === 'dialog' ? { ...w, buying: 'none', added: true } : null;
    case 'CANCEL':
      return w.buying === 'dialog' ? { ...w, buying: 'none' } : null;
    default:
      return null;
  }
}

const events = [
  'OPEN', 'OPEN_WITHOUT_CATEGORIES', 'OPEN_AFTER_BUYING', 'OPEN_GONE', 'OPEN_ENDED', 'OPEN_SIGNED_OUT', 'OPEN_OFFLINE', 'OPEN_BROKEN', 'RETRY_STILL_OFFLINE',
  'RETRY_ONLINE', 'BACK_ONLINE', 'BUY', 'DISMISS_WARNING', 'PICK_EVENING', 'CONFIRM', 'CANCEL',
];
const name = (w: World) =>
  [w.page, `loads ${w.loads}`, w.categories ? 'tag' : 'no tag', w.bought ? 'bought' : '-', w.buying, w.picked ? 'picked' : '-', w.added ? 'added' : '-'].join('|');
const parse = (value: string): World => {
  const [page, loads, tag, bought, buying, picked, added] = value.split('|');
  return {
    page: page as Page, loads: Number(loads!.split(' ')[1]), categories: tag === 'tag', bought: bought === 'bought',
    buying: buying as World['buying'], picked: picked === 'picked', added: added === 'added',
  };
};
const start: World = { page: 'closed', loads: 0, categories: true, bought: false, buying: 'none', picked: false, added: false };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'offerWorld', initial: name(start), states }));

const hour = 3_600_000;
const evening = Date.now() + 10 * 24 * hour;
function variant(id: string, start: number): ItemVariant {
  return {
    id, title: 'Standing', description: '', images: [], price: { current: 39_500, original: 39_500 }, currency: 'SEK', customFeeIdList: [], taxRates: [],
    purchaseCap: 8, date: { start, end: start + 3 * hour }, location: { address: 'Gatan 1', zipCode: '111 11', city: 'Stockholm', mapUrl: '' },
  };
}
const concert = offerDetail({
  id: 'concert',
  type: 'live',
  categoryId: 'music',
  itemVariantType: 'ticket',
  callToAction: { type: 'payment', label: 'Buy tickets' },
  itemVariantList: [variant('evening', evening), variant('matinee', evening - 5 * hour)],
  itemVariantAvailability: { evening: 20, matinee: 20 },
});
const earlierOrder = order('o-1', '2026-11-01T10:00:00Z');
const boughtLine = { ...earlierOrder.itemList[0]!, offerId: 'concert', offerTitle: 'Jazz on the pier', itemVariantId: 'evening', itemVariant: variant('evening', evening) };

/** The API as this member meets it: what the offer load answers follows `offer`. */
function fakeServer() {
  const server = { offer: 'ok' as 'ok' | Error, categoriesDown: false, bought: false };
  const get = async (path: string) => {
    if (path === '/v1/get/offer') {
      if (server.offer instanceof Error) throw server.offer;
      return concert;
    }
    if (path === '/v1/get_list/brand/category' && server.categoriesDown) throw new ApiError(500, 'internal_error', 'down');
    if (path === '/v1/get_list/order_history') return server.bought ? [{ ...earlierOrder, itemList: [boughtLine] }] : [];
    return undefined;
  };
  return { server, get };
}

const failures: Partial<Record<Page, [string, string]>> = {
  notFound: ['This offer is not available', 'The article was not found..'],
  notRelevant: ['This offer is not available', 'The offer is no longer relevant'],
  needsSignIn: ['This offer is not available', 'You need to be signed in to view this offer'],
  offline: ['You are offline', 'The offer will load as soon as your device is back online.'],
  failed: ['Something went wrong', 'Something went wrong. If the problem persists contact customer service.'],
};
const select = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'select' }), { target: { value } });
const dialog = () => screen.queryByRole('dialog', { name: 'Add to cart' });

afterEach(cleanup);

describe('the offer page on the rendered screen, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, { timeout: 20_000 }, async () => {
      const api = fakeServer();
      const user = userEvent.setup({ delay: null });
      let page: ReturnType<typeof renderOfferScreen> | null = null;
      const offerLoads = () => page!.calls.filter((c) => c.path === '/v1/get/offer').length;
      const open = async (change: Partial<typeof api.server> = {}) => {
        Object.assign(api.server, change);
        page = renderOfferScreen({ answer: new Error('answered by get'), params: { type: 'live', id: 'concert' }, path: '/live/concert', get: api.get });
        await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
      };
      const retry = async (offer: typeof api.server.offer) => {
        api.server.offer = offer;
        const loads = offerLoads();
        await user.click(screen.getByRole('button', { name: 'Try again' }));
        await vi.waitFor(() => expect(offerLoads()).toBe(loads + 1));
        await screen.findByRole('heading', { level: 1 });
      };

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            if (w.page === 'closed') return;
            expect(offerLoads()).toBe(w.loads);
            const failure = failures[w.page];
            if (failure) {
              expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(failure[0]);
              expect(screen.getByText(failure[1])).toBeTruthy();
              // Only an unexplained failure is worth trying again.
              expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(w.page === 'failed' || w.page === 'offline');
              expect(screen.getByRole('link', { name: 'Contact customer service' })).toBeTruthy();
              return;
            }
            expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Jazz on the pier');
            // The category tag is a nicety: without categories the page shows none.
            await vi.waitFor(() => expect(screen.queryByText('Music') !== null).toBe(w.categories));
            const tickets = () => screen.queryByRole('region', { name: 'Your tickets' });
            if (w.bought) {
              const region = await vi.waitFor(() => tickets()!);
              expect(within(region).getByRole('group', { name: 'Add Jazz on the pier: Standing to your calendar' })).toBeTruthy();
              expect(within(region).getByRole('link', { name: 'Show my tickets' }).getAttribute('href')).toBe('/more/orderHistory');
            } else expect(tickets()).toBeNull();
            expect(screen.queryByText('Choose a city first.') !== null, 'select item warning').toBe(w.buying === 'warning');
            expect(dialog() !== null, 'add-to-cart dialog').toBe(w.buying === 'dialog');
            if (w.buying === 'dialog') expect(within(dialog()!).getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity' }).value).toBe('1');
            // The cart is told once, with the evening, the offer and the quantity.
            expect(page!.cartEvents).toEqual(w.added ? [{ type: 'cart.add', itemVariantId: 'evening', offerId: 'concert', quantity: 1 }] : []);
          },
        },
        events: {
          OPEN: () => open(),
          OPEN_WITHOUT_CATEGORIES: () => open({ categoriesDown: true }),
          OPEN_AFTER_BUYING: () => open({ bought: true }),
          OPEN_GONE: () => open({ offer: new ApiError(404, 'offer_not_found', 'gone') }),
          OPEN_ENDED: () => open({ offer: new ApiError(410, 'offer_not_relevant', 'ended') }),
          OPEN_SIGNED_OUT: () => open({ offer: new ApiError(401, 'auth/id-token-missing', 'signed out') }),
          OPEN_OFFLINE: () => open({ offer: failedToFetch() }),
          OPEN_BROKEN: () => open({ offer: new ApiError(500, 'http_500', 'broken') }),
          RETRY_STILL_OFFLINE: () => retry(failedToFetch()),
          BACK_ONLINE: async () => {
            api.server.offer = 'ok';
            const loads = offerLoads();
            const offline = screen.getByRole('heading', { level: 1 }).textContent === 'You are offline';
            window.dispatchEvent(new Event('online'));
            if (offline) await vi.waitFor(() => expect(offerLoads()).toBe(loads + 1));
            await screen.findByRole('heading', { level: 1 });
          },
          RETRY_ONLINE: () => retry('ok'),
          BUY: () => user.click(screen.getByRole('button', { name: 'Buy tickets' })),
          DISMISS_WARNING: () => user.click(screen.getByRole('button', { name: 'OK' })),
          PICK_EVENING: () => {
            select('City', 'Stockholm');
            select('Time', String(evening));
          },
          CONFIRM: () => user.click(within(dialog()!).getByRole('button', { name: 'Add to cart' })),
          CANCEL: () => user.keyboard('{Escape}'),
        },
      });
    });
  }
});
