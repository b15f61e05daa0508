import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { renderRoute } from '../client/routeHarness.tsx';
import { installGoogleMapsStub, mapSettings, restaurantApi, slussen, type GoogleMapsWorld } from '../client/restaurantFixtures.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The restaurant map (/more/restaurant, machines/restaurantMap.machine.ts) as a member meets it,
 * through the route table over a fake API and a stand-in of the Maps JavaScript API. The model
 * is the spec's (2.1, 2.3, 8, 9): the guide loads or is the full-page error with a retry; with a
 * key the map loads once /more is the active stack, or tells 'Faild to load Google maps' after
 * its retries and loads on Try again; a tapped marker's panel; the list by distance or by name;
 * the info pop-up the first time and from its button; without a key, the list and a note.
 */
type MapState = 'none' | 'waiting' | 'shown' | 'failed';
interface World {
  page: 'closed' | 'failed' | 'ready';
  map: MapState;
  view: 'map' | 'list';
  selected: null | 'r-1' | 'r-2';
  info: 'open' | 'closed';
  infoReopened: boolean;
  location: 'unasked' | 'known' | 'unknown';
  /** Loads of the maps library so far: a first try, then up to 3 retries, then Try again. */
  tries: number;
}

const names = { 'r-1': 'Aster', 'r-2': 'Mälarterrassen' } as const;
const byName = ['Aster', 'Björkhagen Bistro', 'Mälarterrassen'];
const nearSlussen = ['Mälarterrassen', 'Björkhagen Bistro', 'Aster'];

const opened = (map: MapState): World => ({
  page: 'ready',
  map,
  view: map === 'none' ? 'list' : 'map',
  selected: null,
  info: 'open',
  infoReopened: false,
  location: map === 'none' ? 'unknown' : 'unasked',
  tries: { none: 0, waiting: 0, shown: 1, failed: 4 }[map],
});

function next(w: World, event: string): World | null {
  const ready = w.page === 'ready';
  // The pop-up is modal: nothing else is done while it is open.
  const free = ready && w.info === 'closed';
  // Bounded: a map that came after Try again is not used further (the same map as a first load's).
  const onMap = free && w.map === 'shown' && w.view === 'map' && w.tries === 1;
  switch (event) {
    case 'OPEN_WITH_KEY':
      return w.page === 'closed' ? opened('shown') : null;
    case 'OPEN_WITHOUT_KEY':
      return w.page === 'closed' ? opened('none') : null;
    case 'OPEN_ON_ANOTHER_TAB':
      return w.page === 'closed' ? opened('waiting') : null;
    case 'OPEN_WHILE_MAPS_DOWN':
      return w.page === 'closed' ? opened('failed') : null;
    case 'OPEN_WHILE_SERVER_DOWN':
      return w.page === 'closed' ? { ...w, page: 'failed' } : null;
    case 'RETRY_GUIDE':
    // The browser is back online (the window's online event): the failed guide loads by itself.
    case 'BACK_ONLINE':
      return w.page === 'failed' ? opened('shown') : null;
    case 'CLOSE_INFO':
      return ready && w.info === 'open' ? { ...w, info: 'closed' } : null;
    // Bounded: the pop-up is opened again once, before anything else.
    case 'OPEN_INFO':
      return free && !w.infoReopened && w.location === 'unasked' && w.selected === null ? { ...w, info: 'open', infoReopened: true } : null;
    case 'ACTIVATE_MORE':
      return free && w.map === 'waiting' ? { ...w, map: 'shown', tries: 1 } : null;
    case 'RETRY_MAP':
      return free && w.map === 'failed' ? { ...w, map: 'shown', tries: 5 } : null;
    case 'TAP_ASTER':
      return onMap && w.selected === null ? { ...w, selected: 'r-1' } : null;
    case 'TAP_MALARTERRASSEN':
      return onMap && w.selected === 'r-1' ? { ...w, selected: 'r-2' } : null;
    case 'CLOSE_PANEL':
      return onMap && w.selected !== null ? { ...w, selected: null } : null;
    case 'SHOW_LIST_SHARING_LOCATION':
      return onMap && w.location === 'unasked' && w.selected !== 'r-2' ? { ...w, view: 'list', location: 'known' } : null;
    case 'SHOW_LIST_REFUSING_LOCATION':
      return onMap && w.location === 'unasked' && w.selected === null ? { ...w, view: 'list', location: 'unknown' } : null;
    case 'SHOW_MAP':
      return free && w.view === 'list' && w.map !== 'none' ? { ...w, view: 'map' } : null;
    // Bounded: the list again only after a round trip with a marker selected.
    case 'SHOW_LIST_AGAIN':
      return onMap && w.location !== 'unasked' && w.selected !== null ? { ...w, view: 'list' } : null;
    default:
      return null;
  }
}

const events = [
  'OPEN_WITH_KEY', 'OPEN_WITHOUT_KEY', 'OPEN_ON_ANOTHER_TAB', 'OPEN_WHILE_MAPS_DOWN', 'OPEN_WHILE_SERVER_DOWN', 'RETRY_GUIDE', 'BACK_ONLINE', 'CLOSE_INFO', 'OPEN_INFO',
  'ACTIVATE_MORE', 'RETRY_MAP', 'TAP_ASTER', 'TAP_MALARTERRASSEN', 'CLOSE_PANEL', 'SHOW_LIST_SHARING_LOCATION', 'SHOW_LIST_REFUSING_LOCATION', 'SHOW_MAP',
  'SHOW_LIST_AGAIN',
];
const name = (w: World) => JSON.stringify(w);
const start: World = { page: 'closed', map: 'none', view: 'map', selected: null, info: 'closed', infoReopened: false, location: 'unasked', tries: 0 };
const model = createTestModel(createMachine({ id: 'restaurantMapWorld', initial: name(start), states: exploreWorlds(start, events, next, name) }));

let maps: GoogleMapsWorld;
beforeAll(() => {
  maps = installGoogleMapsStub();
});
afterEach(cleanup);

function geolocation(answer: 'grant' | 'deny') {
  const getCurrentPosition = (ok: PositionCallback, fail?: PositionErrorCallback | null) =>
    answer === 'grant'
      ? ok({ coords: { latitude: slussen.lat, longitude: slussen.lng } } as GeolocationPosition)
      : fail?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
}

const visible = (element: HTMLElement | null) => element !== null && element.closest('[hidden]') === null;

describe('the restaurant map on the rendered screen, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps}`, { timeout: 30_000 }, async () => {
      Object.assign(maps, { mode: 'up', attempts: 0, failures: 0 });
      maps.maps.length = 0;
      maps.markers.length = 0;
      geolocation('deny');
      let served = restaurantApi();
      let activate: (stack: string) => void = () => {};
      const open = async (options: { key?: boolean; serverDown?: boolean; mapsDown?: boolean; stack?: string }) => {
        served = restaurantApi(mapSettings(options.key === false ? { apiKey: null } : {}));
        served.server.down = options.serverDown ?? false;
        maps.mode = options.mapsDown ? 'down' : 'up';
        activate = renderRoute('restaurantMap', '/more/restaurant', served.api, undefined, { activeStack: options.stack ?? '/more' }).activateStack;
        await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
      };
      const panelOf = (id: 'r-1' | 'r-2') => screen.queryByRole('region', { name: names[id] });

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = JSON.parse(String(state.value)) as World;
            if (w.page === 'closed') return;
            if (w.page === 'failed') {
              await screen.findByRole('heading', { name: 'Something went wrong', level: 1 });
              expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
              return;
            }
            await screen.findByRole('heading', { name: 'Restaurants', level: 1 });
            // The map's area.
            // Kept, hidden, while the list shows; named for assistive technology.
            const region = () => screen.queryByTestId('restaurant-map');
            if (w.map === 'shown') await vi.waitFor(() => expect(maps.shown()).toHaveLength(3));
            if (w.map === 'failed') expect(within(await screen.findByRole('alert')).getByText('Faild to load Google maps')).toBeTruthy();
            else expect(screen.queryByRole('alert')).toBeNull();
            expect(region() !== null).toBe(w.map === 'shown');
            expect(visible(region())).toBe(w.map === 'shown' && w.view === 'map');
            if (visible(region())) expect(screen.getByRole('region', { name: 'Map of the restaurants' })).toBe(region());
            expect(maps.attempts).toBe(w.tries);
            expect(screen.queryByText('The map is not available for this brand. Here are the restaurants as a list.') !== null).toBe(w.map === 'none');
            // The pop-up.
            expect(screen.queryByRole('dialog', { name: 'The restaurant guide' }) !== null).toBe(w.info === 'open');
            // The pop-up explains what is on screen: the markers with a map, the list without a maps key.
            if (w.info === 'open') {
              const help = screen.getByRole('dialog', { name: 'The restaurant guide' }).textContent;
              expect(help).toContain(w.map === 'none' ? 'Tap a restaurant in the list' : 'Tap a marker');
              expect(help).not.toContain(w.map === 'none' ? 'marker' : 'Tap a restaurant in the list');
            }
            // The list and its order.
            const list = screen.queryByRole('list', { name: 'Restaurant list' });
            expect(list !== null).toBe(w.view === 'list');
            if (list) {
              await screen.findByText(w.location === 'known' ? 'Nearest first' : 'In alphabetical order');
              expect(within(list).getAllByRole('link').map((a) => a.textContent)).toEqual(w.location === 'known' ? nearSlussen : byName);
            }
            expect(screen.queryByRole('button', { name: 'Show map' }) !== null).toBe(w.view === 'list' && w.map !== 'none');
            expect(screen.queryByRole('button', { name: 'Show list' }) !== null).toBe(w.view === 'map' && w.map !== 'none');
            // The panel of a tapped marker, and the map on it at zoom 15.
            for (const id of ['r-1', 'r-2'] as const) expect(visible(panelOf(id))).toBe(w.view === 'map' && w.selected === id);
            if (w.selected && w.map === 'shown') {
              const map = maps.maps[0]!;
              expect(map.zoom).toBeGreaterThanOrEqual(15);
              const marker = maps.shown().find((m) => m.title === names[w.selected!])!;
              expect(map.center).toEqual(marker.position);
            }
            if (w.view === 'map' && w.selected) {
              const link = within(panelOf(w.selected)!).getByRole('link', { name: 'Go to restaurant' });
              expect(link.getAttribute('href')).toBe(`/more/restaurant/s/${w.selected}`);
            }
            expect(maps.maps.length).toBe(w.map === 'shown' ? 1 : 0);
          },
        },
        events: {
          OPEN_WITH_KEY: () => open({}),
          OPEN_WITHOUT_KEY: () => open({ key: false }),
          OPEN_ON_ANOTHER_TAB: () => open({ stack: '/' }),
          OPEN_WHILE_MAPS_DOWN: () => open({ mapsDown: true }),
          OPEN_WHILE_SERVER_DOWN: () => open({ serverDown: true }),
          RETRY_GUIDE: () => {
            served.server.down = false;
            fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
          },
          BACK_ONLINE: () => {
            served.server.down = false;
            act(() => void window.dispatchEvent(new Event('online')));
          },
          CLOSE_INFO: () => void fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })),
          OPEN_INFO: () => void fireEvent.click(screen.getByRole('button', { name: 'About the restaurant guide' })),
          ACTIVATE_MORE: () => act(() => activate('/more')),
          RETRY_MAP: () => {
            maps.mode = 'up';
            fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
          },
          TAP_ASTER: () => act(() => maps.shown().find((m) => m.title === 'Aster')!.tap()),
          TAP_MALARTERRASSEN: () => act(() => maps.shown().find((m) => m.title === 'Mälarterrassen')!.tap()),
          CLOSE_PANEL: () => void fireEvent.click(within(screen.getByRole('region', { name: /^(Aster|Mälarterrassen)$/ })).getByRole('button', { name: 'Close' })),
          SHOW_LIST_SHARING_LOCATION: () => {
            geolocation('grant');
            fireEvent.click(screen.getByRole('button', { name: 'Show list' }));
          },
          SHOW_LIST_REFUSING_LOCATION: () => {
            geolocation('deny');
            fireEvent.click(screen.getByRole('button', { name: 'Show list' }));
          },
          SHOW_MAP: () => void fireEvent.click(screen.getByRole('button', { name: 'Show map' })),
          SHOW_LIST_AGAIN: () => void fireEvent.click(screen.getByRole('button', { name: 'Show list' })),
        },
      });
    });
  }
});
