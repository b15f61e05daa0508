import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { Order } from '../../contract/checkout.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { createContainerService } from '../../src/services/container.ts';
import { readOnlyApi, renderRoute } from '../client/routeHarness.tsx';
import { evening, order } from '../client/orderFixtures.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The member's orders (/more/orderHistory) as they meet them, through the route table (lazy
 * screen and wiring) over a fake API, inside the iOS container (its calendar bridge). The model
 * is the spec's (2.3): the orders as closed panels, newest first, each opening and closing on its
 * own; no orders is said so; a failed load is told with a retry; an open panel's event goes to
 * the device's calendar.
 */
type Page = 'closed' | 'listed' | 'empty' | 'failed';
interface World {
  page: Page;
  /** Open panels, newest first. */
  open: string[];
  /** Loads the screen asked the server for. */
  loads: number;
  /** Events handed to the calendar. */
  added: number;
}

const orders: Order[] = [order('o-2', '2026-11-24T10:00:00Z'), order('o-1', '2026-11-01T10:00:00Z')];

function next(w: World, event: string): World | null {
  const toggled = (id: string): World | null => {
    // Bounded: the panels are opened and closed on the first load, before the calendar is used.
    if (w.page !== 'listed' || w.loads !== 1 || w.added > 0) return null;
    const open = w.open.includes(id) ? w.open.filter((o) => o !== id) : [...w.open, id];
    return { ...w, open: ['o-2', 'o-1'].filter((o) => open.includes(o)) };
  };
  switch (event) {
    case 'OPEN_WITH_ORDERS':
      return w.page === 'closed' ? { ...w, page: 'listed', loads: 1 } : null;
    case 'OPEN_WITHOUT_ORDERS':
      return w.page === 'closed' ? { ...w, page: 'empty', loads: 1 } : null;
    case 'OPEN_WHILE_SERVER_DOWN':
      return w.page === 'closed' ? { ...w, page: 'failed', loads: 1 } : null;
    // Bounded: one more failed try before the server is back.
    case 'RETRY_STILL_DOWN':
      return w.page === 'failed' && w.loads === 1 ? { ...w, loads: 2 } : null;
    case 'RETRY_BACK_UP':
      return w.page === 'failed' ? { ...w, page: 'listed', loads: w.loads + 1 } : null;
    // The browser is back online (the window's online event): a failed page loads by itself.
    case 'BACK_ONLINE':
      return w.page === 'failed' ? { ...w, page: 'listed', loads: w.loads + 1 } : null;
    case 'TOGGLE_NEWEST':
      return toggled('o-2');
    case 'TOGGLE_OLDEST':
      return w.open.length > 0 ? toggled('o-1') : null;
    case 'ADD_NEWEST_TO_CALENDAR':
      return w.page === 'listed' && w.open.includes('o-2') && w.added === 0 ? { ...w, added: 1 } : null;
    default:
      return null;
  }
}

const events = [
  'OPEN_WITH_ORDERS', 'OPEN_WITHOUT_ORDERS', 'OPEN_WHILE_SERVER_DOWN', 'RETRY_STILL_DOWN', 'RETRY_BACK_UP', 'BACK_ONLINE', 'TOGGLE_NEWEST', 'TOGGLE_OLDEST',
  'ADD_NEWEST_TO_CALENDAR',
];
const name = (w: World) => `${w.page}|${w.open.join(',') || '-'}|loads ${w.loads}|added ${w.added}`;
const parse = (value: string): World => {
  const [page, open, loads, added] = value.split('|');
  return { page: page as Page, open: open === '-' ? [] : open!.split(','), loads: Number(loads!.split(' ')[1]), added: Number(added!.split(' ')[1]) };
};
const start: World = { page: 'closed', open: [], loads: 0, added: 0 };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'ordersWorld', initial: name(start), states }));

/** The order history endpoint: its answer follows `mode`. */
function fakeServer() {
  const server = { mode: 'orders' as 'orders' | 'none' | 'down' };
  const { api, calls } = readOnlyApi(async () => {
    if (server.mode === 'down') throw new ApiError(500, 'internal_error', 'down');
    return server.mode === 'orders' ? orders : [];
  });
  return { server, api, calls };
}

/** The iOS container's calendar bridge, which the screen's "Add to calendar" reaches. */
function nativeCalendar() {
  const postMessage = vi.fn();
  const win = { webkit: { messageHandlers: { createCalendarEvent: { postMessage } } } } as unknown as Window;
  return { postMessage, container: createContainerService({ containerType: 'ios-wv', serviceUrl: null, win }) };
}

const toggle = (id: string) => screen.getByRole('button', { name: new RegExp(`^Order ${id}`) });

afterEach(cleanup);

describe('the order history on the rendered screen, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, { timeout: 20_000 }, async () => {
      const { server, api, calls } = fakeServer();
      const calendar = nativeCalendar();
      const user = userEvent.setup({ delay: null });
      const open = async (mode: typeof server.mode) => {
        server.mode = mode;
        renderRoute('orders', '/more/orderHistory', api, calendar.container);
        await screen.findByRole('heading', { name: 'My orders' }, { timeout: 10_000 });
      };
      const retry = async (mode: typeof server.mode) => {
        server.mode = mode;
        await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
      };

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            if (w.page === 'closed') return;
            const main = screen.getByRole('main');
            // Settled: the screen has answered the last load.
            await vi.waitFor(() => expect(main.getAttribute('aria-busy')).toBe('false'));
            expect(calls).toEqual(Array.from({ length: w.loads }, () => '/v1/get_list/order_history'));
            const alert = screen.queryByRole('alert');
            expect(alert?.textContent ?? null).toBe(w.page === 'failed' ? 'Could not fetch the data just now. Please try again.Try again' : null);
            expect(screen.queryByText('You have no orders yet.') !== null).toBe(w.page === 'empty');
            const list = screen.queryByRole('list', { name: 'Orders' });
            if (w.page !== 'listed') {
              expect(list).toBeNull();
              return;
            }
            // Newest first, each panel open only when the member opened it.
            expect(within(list!).getAllByRole('button', { name: /^Order / }).map((b) => b.getAttribute('aria-controls'))).toEqual(orders.map((o) => `order-${o.id}`));
            for (const id of ['o-2', 'o-1']) {
              expect(toggle(id).getAttribute('aria-expanded')).toBe(String(w.open.includes(id)));
              expect(screen.queryByRole('region', { name: `Order ${id}` }) !== null).toBe(w.open.includes(id));
            }
            expect(calendar.postMessage).toHaveBeenCalledTimes(w.added);
          },
        },
        events: {
          OPEN_WITH_ORDERS: () => open('orders'),
          OPEN_WITHOUT_ORDERS: () => open('none'),
          OPEN_WHILE_SERVER_DOWN: () => open('down'),
          RETRY_STILL_DOWN: () => retry('down'),
          RETRY_BACK_UP: () => retry('orders'),
          BACK_ONLINE: async () => {
            server.mode = 'orders';
            await act(async () => void window.dispatchEvent(new Event('online')));
          },
          TOGGLE_NEWEST: () => user.click(toggle('o-2')),
          TOGGLE_OLDEST: () => user.click(toggle('o-1')),
          ADD_NEWEST_TO_CALENDAR: async () => {
            const panel = screen.getByRole('region', { name: 'Order o-2' });
            await user.click(within(panel).getByRole('button', { name: 'Add to calendar' }));
            await vi.waitFor(() => expect(calendar.postMessage).toHaveBeenCalledTimes(1));
            expect(calendar.postMessage).toHaveBeenCalledWith({
              title: 'Mørketid live: Standing', description: '', startDate: evening / 1000, endDate: evening / 1000 + 3 * 3600,
            });
          },
        },
      });
    });
  }
});
