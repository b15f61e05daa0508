import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MemberWaitingListPlace } from '../../contract/waitingList.ts';
import type { ApiClient } from '../../src/api/client.ts';
import { failedToFetch } from '../../src/api/apiError.ts';
import { renderRoute } from '../client/routeHarness.tsx';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';

/*
 * "My waiting lists" as the member meets it at /more/waitingLists, over a fake of
 * GET /v1/get_list/user/waiting_list (contract MemberWaitingListPlaces). The page loads the
 * member's places: a list with a link to each offer, a word that there are none, or a failure
 * that "Try again" loads again. What the server holds changes between visits (a place given up
 * elsewhere, the network gone); the member sees it on the next visit or retry.
 */

const evening = Date.parse('2026-12-09T18:00:00Z');
const places: MemberWaitingListPlace[] = [
  {
    itemVariantId: 'v-1', status: 'waiting', place: 3, offeredUntil: null, offerId: 'aurora-live-001', offerType: 'live',
    offerTitle: 'Mørketid live', variantTitle: 'Standing', dateStart: evening, city: 'Stockholm',
  },
  {
    itemVariantId: 'v-2', status: 'offered', place: null, offeredUntil: evening - 3_600_000, offerId: 'aurora-live-002', offerType: 'live',
    offerTitle: 'Jazz on the pier', variantTitle: 'Seated', dateStart: evening + 86_400_000, city: 'Göteborg',
  },
  {
    itemVariantId: 'v-3', status: 'expired', place: null, offeredUntil: null, offerId: 'aurora-benefit-003', offerType: 'benefit',
    offerTitle: 'Spa weekend', variantTitle: 'Double room', dateStart: null, city: null,
  },
];

type Row = 'listed' | 'empty' | 'failed';
interface World {
  row: Row;
  /** What the server holds for the member. */
  holds: 'places' | 'none';
  online: boolean;
}

const start: World = { row: 'listed', holds: 'places', online: true };
const name = (w: World) => `${w.row}|${w.holds}|${w.online ? 'online' : 'offline'}`;
const parse = (value: string): World => {
  const [row, holds, online] = value.split('|');
  return { row: row as Row, holds: holds as World['holds'], online: online === 'online' };
};
/** What the page shows after it asks the server. */
const load = (w: World): World => ({ ...w, row: !w.online ? 'failed' : w.holds === 'places' ? 'listed' : 'empty' });

function next(w: World, event: string): World | null {
  switch (event) {
    case 'REOPEN':
      return load(w);
    case 'RETRY':
      return w.row === 'failed' ? load(w) : null;
    case 'NETWORK_DROPS':
      return w.online ? { ...w, online: false } : null;
    // The browser tells the page (the window's online event): a page that failed loads by itself.
    case 'NETWORK_RETURNS':
      if (w.online) return null;
      return w.row === 'failed' ? load({ ...w, online: true }) : { ...w, online: true };
    case 'PLACES_GIVEN_UP_ELSEWHERE':
      return w.holds === 'places' ? { ...w, holds: 'none' } : null;
    default:
      return null;
  }
}

const events = ['REOPEN', 'RETRY', 'NETWORK_DROPS', 'NETWORK_RETURNS', 'PLACES_GIVEN_UP_ELSEWHERE'];
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'myWaitingLists', initial: name(start), states }));

afterEach(cleanup);

describe('my waiting lists, generated paths', () => {
  for (const path of pathPerTransition(model.getShortestPaths())) {
    const steps = path.steps.map((s) => s.event.type).join(' → ') || 'opening';
    it(`${steps} shows ${String(path.state.value).split('|')[0]}`, async () => {
      let server = { ...start };
      const calls: string[] = [];
      const api = {
        appUrl: 'http://localhost',
        baseUrl: '',
        get: async (path: string) => {
          calls.push(path);
          if (!server.online) throw failedToFetch();
          return server.holds === 'places' ? places : [];
        },
        send: async () => {
          throw new Error('the page only reads');
        },
      } as unknown as ApiClient;
      let page = renderRoute('myWaitingLists', '/more/waitingLists', api);
      const settled = () => waitFor(() => expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('false'), { timeout: 15_000 });
      await settled();

      await model.testPath(path, {
        states: {
          '*': (state) => {
            const w = parse(String(state.value));
            expect(calls.every((called) => called === '/v1/get_list/user/waiting_list')).toBe(true);
            expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My waiting lists');
            const list = screen.queryByRole('list', { name: 'Your places' });
            if (w.row === 'listed') {
              const items = within(list!).getAllByRole('listitem');
              expect(items.map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual([
                '/live/aurora-live-001',
                '/live/aurora-live-002',
                '/benefit/aurora-benefit-003',
              ]);
              expect(items[0]!.textContent).toContain('You are number 3 in line.');
              expect(items[0]!.textContent).toContain('Standing · ');
              expect(items[0]!.textContent).toContain('Stockholm');
              expect(items[1]!.textContent).toContain('A place is held for you until');
              expect(items[2]!.textContent).toContain('The place held for you was not bought in time.');
              expect(items[2]!.textContent).toContain('Double room');
            } else expect(list).toBeNull();
            const none = screen.queryByText(/You are on no waiting list\./);
            expect(Boolean(none)).toBe(w.row === 'empty');
            const alert = screen.queryByRole('alert');
            if (w.row === 'failed') expect(alert!.textContent).toContain('Try again');
            else expect(alert).toBeNull();
          },
        },
        events: {
          REOPEN: async () => {
            page.page.unmount();
            page = renderRoute('myWaitingLists', '/more/waitingLists', api);
            await settled();
          },
          RETRY: async () => {
            await act(async () => fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' })));
            await settled();
          },
          NETWORK_DROPS: () => void (server = { ...server, online: false }),
          NETWORK_RETURNS: async () => {
            server = { ...server, online: true };
            await act(async () => void window.dispatchEvent(new Event('online')));
            await settled();
          },
          PLACES_GIVEN_UP_ELSEWHERE: () => void (server = { ...server, holds: 'none' }),
        },
      });
    });
  }

  it('the model reaches every outcome of the page', () => {
    expect(new Set(Object.keys(states).map((n) => parse(n).row))).toEqual(new Set(['listed', 'empty', 'failed']));
  });
});

describe('a place on the list', () => {
  it('opens its offer in the app', async () => {
    const api = { appUrl: 'http://localhost', baseUrl: '', get: async () => places, send: async () => undefined } as unknown as ApiClient;
    const { pushed } = renderRoute('myWaitingLists', '/more/waitingLists', api);
    fireEvent.click(await screen.findByRole('link', { name: 'Jazz on the pier' }, { timeout: 15_000 }));
    expect(pushed).toEqual(['/live/aurora-live-002']);
  });
});
