import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { renderRoute } from '../client/routeHarness.tsx';
import { installGoogleMapsStub, mapSettings, restaurantApi, type GoogleMapsWorld } from '../client/restaurantFixtures.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * A restaurant's page (/more/restaurant/s/:id, machines/restaurant.machine.ts) through the route
 * table over a fake API and a stand-in of the Maps JavaScript API. The model is the spec's
 * (2.1, 2.3, 8, 9): the page, the full-page error for an unknown restaurant (no retry) or a
 * failed load (retry); a map header at zoom 15 once /more is the active stack (the library retried
 * up to 3 times), or a plain header without a key or after the last retry; the booking button, only for a restaurant that takes bookings, opening its
 * widget in a dialog that Escape and Close close, focus going back to the button.
 */
interface World {
  page: 'closed' | 'loaded' | 'notFound' | 'failed';
  restaurant: 'r-1' | 'r-2' | null;
  header: 'map' | 'plain';
  /** Loads of the maps library so far: a first try and up to 3 retries (spec 9). */
  tries: number;
  /** The brand has a maps key. */
  key: boolean;
  booking: 'open' | 'closed';
  /** Times the dialog was opened (bounded). */
  bookings: number;
}

const loaded = (restaurant: 'r-1' | 'r-2', header: World['header'], key = true, tries = header === 'map' ? 1 : 0): World => ({ page: 'loaded', restaurant, header, tries, key, booking: 'closed', bookings: 0 });
const names = { 'r-1': 'Aster', 'r-2': 'Mälarterrassen' } as const;

function next(w: World, event: string): World | null {
  const closed = w.page === 'closed';
  const canBook = w.page === 'loaded' && w.restaurant === 'r-1';
  switch (event) {
    case 'OPEN_BOOKABLE':
      return closed ? loaded('r-1', 'map') : null;
    case 'OPEN_WITHOUT_KEY':
      return closed ? loaded('r-1', 'plain', false) : null;
    case 'OPEN_ON_ANOTHER_TAB':
      return closed ? loaded('r-1', 'plain') : null;
    // Spec 9: two failed loads, then the third try brings the map.
    case 'OPEN_WHILE_MAPS_FLAKY':
      return closed ? loaded('r-1', 'map', true, 3) : null;
    // The last retry failed too: the plain header, no error.
    case 'OPEN_WHILE_MAPS_DOWN':
      return closed ? loaded('r-1', 'plain', true, 4) : null;
    case 'OPEN_NOT_BOOKABLE':
      return closed ? loaded('r-2', 'map') : null;
    case 'OPEN_UNKNOWN':
      return closed ? { ...w, page: 'notFound' } : null;
    case 'OPEN_WHILE_SERVER_DOWN':
      return closed ? { ...w, page: 'failed' } : null;
    case 'RETRY':
    // The browser is back online (the window's online event): the failed page loads by itself.
    case 'BACK_ONLINE':
      return w.page === 'failed' ? loaded('r-1', 'map') : null;
    // Only a page opened on another tab has its map still to come; without a key none comes.
    case 'ACTIVATE_MORE':
      return w.page === 'loaded' && w.key && w.header === 'plain' && w.tries === 0 && w.bookings === 0 && w.booking === 'closed' ? { ...w, header: 'map', tries: 1 } : null;
    case 'OPEN_BOOKING':
      return canBook && w.booking === 'closed' && w.bookings < 2 ? { ...w, booking: 'open', bookings: w.bookings + 1 } : null;
    case 'CLOSE_BOOKING_WITH_ESCAPE':
    case 'CLOSE_BOOKING_WITH_BUTTON':
      return w.booking === 'open' ? { ...w, booking: 'closed' } : null;
    default:
      return null;
  }
}

const events = [
  'OPEN_BOOKABLE', 'OPEN_WITHOUT_KEY', 'OPEN_ON_ANOTHER_TAB', 'OPEN_WHILE_MAPS_FLAKY', 'OPEN_WHILE_MAPS_DOWN', 'OPEN_NOT_BOOKABLE', 'OPEN_UNKNOWN', 'OPEN_WHILE_SERVER_DOWN', 'RETRY', 'BACK_ONLINE', 'ACTIVATE_MORE',
  'OPEN_BOOKING', 'CLOSE_BOOKING_WITH_ESCAPE', 'CLOSE_BOOKING_WITH_BUTTON',
];
const name = (w: World) => JSON.stringify(w);
const start: World = { page: 'closed', restaurant: null, header: 'plain', tries: 0, key: true, booking: 'closed', bookings: 0 };
const worlds = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'restaurantWorld', initial: name(start), states: worlds }));

let maps: GoogleMapsWorld;
beforeAll(() => {
  maps = installGoogleMapsStub();
});
afterEach(cleanup);

describe('a restaurant’s page on the rendered screen, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(steps, { timeout: 30_000 }, async () => {
      Object.assign(maps, { mode: 'up', attempts: 0, failures: 0 });
      maps.maps.length = 0;
      maps.markers.length = 0;
      const user = userEvent.setup({ delay: null });
      let served = restaurantApi();
      let activate: (stack: string) => void = () => {};
      const open = async (id: string, options: { key?: boolean; serverDown?: boolean; stack?: string; mapFailures?: number } = {}) => {
        maps.failures = options.mapFailures ?? 0;
        served = restaurantApi(mapSettings(options.key === false ? { apiKey: null } : {}));
        served.server.down = options.serverDown ?? false;
        const params = { id };
        activate = renderRoute('restaurant', `/more/restaurant/s/${id}`, served.api, undefined, { params, activeStack: options.stack ?? '/more' }).activateStack;
        await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
      };
      const book = () => screen.getByRole('button', { name: 'Book a table' });

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = JSON.parse(String(state.value)) as World;
            if (w.page === 'closed') return;
            if (w.page !== 'loaded') {
              const heading = await screen.findByRole('heading', { level: 1 });
              expect(heading.textContent).toBe(w.page === 'notFound' ? 'This restaurant is not in the guide' : 'Something went wrong');
              expect(screen.getByText(w.page === 'notFound' ? 'Restaurant not found' : 'Could not fetch the data just now. Please try again.')).toBeTruthy();
              expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(w.page === 'failed');
              return;
            }
            const restaurant = w.restaurant!;
            await screen.findByRole('heading', { name: names[restaurant], level: 1 });
            if (w.header === 'map') {
              await screen.findByRole('region', { name: `Map of ${names[restaurant]}` });
              await vi.waitFor(() => expect(maps.shown()).toHaveLength(1));
              expect(maps.maps[0]!.options.zoom).toBe(15);
              expect(screen.queryByTestId('restaurant-plain-header')).toBeNull();
            } else {
              await vi.waitFor(() => expect(maps.attempts).toBe(w.tries));
              expect(screen.getByTestId('restaurant-plain-header')).toBeTruthy();
              expect(screen.queryByRole('region', { name: /^Map of / })).toBeNull();
              expect(screen.queryByRole('alert')).toBeNull();
            }
            expect(maps.attempts).toBe(w.tries);
            expect(screen.queryByRole('button', { name: 'Book a table' }) !== null).toBe(restaurant === 'r-1');
            const dialog = screen.queryByRole('dialog', { name: `Book a table at ${names[restaurant]}` });
            expect(dialog !== null).toBe(w.booking === 'open');
            if (dialog) {
              expect(within(dialog).getByTitle(`Table booking at ${names[restaurant]}`).getAttribute('src')).toBe(`/booking/aurora/${restaurant}?lang=en`);
              expect(dialog.contains(document.activeElement)).toBe(true);
            } else if (w.bookings > 0) {
              expect(document.activeElement).toBe(book());
            }
          },
        },
        events: {
          OPEN_BOOKABLE: () => open('r-1'),
          OPEN_WITHOUT_KEY: () => open('r-1', { key: false }),
          OPEN_ON_ANOTHER_TAB: () => open('r-1', { stack: '/' }),
          OPEN_WHILE_MAPS_FLAKY: () => open('r-1', { mapFailures: 2 }),
          OPEN_WHILE_MAPS_DOWN: () => open('r-1', { mapFailures: 4 }),
          OPEN_NOT_BOOKABLE: () => open('r-2'),
          OPEN_UNKNOWN: () => open('nowhere'),
          OPEN_WHILE_SERVER_DOWN: () => open('r-1', { serverDown: true }),
          RETRY: async () => {
            served.server.down = false;
            await user.click(screen.getByRole('button', { name: 'Try again' }));
          },
          BACK_ONLINE: () => {
            served.server.down = false;
            act(() => void window.dispatchEvent(new Event('online')));
          },
          ACTIVATE_MORE: () => act(() => activate('/more')),
          OPEN_BOOKING: () => user.click(book()),
          CLOSE_BOOKING_WITH_ESCAPE: () => user.keyboard('{Escape}'),
          CLOSE_BOOKING_WITH_BUTTON: () => user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })),
        },
      });
    });
  }
});
