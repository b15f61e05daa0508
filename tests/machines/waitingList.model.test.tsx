import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { ItemVariant } from '../../contract/commerce.ts';
import type { WaitingListPlace } from '../../contract/waitingList.ts';
import { failedToFetch } from '../../src/api/apiError.ts';
import { offerDetail } from '../client/offer/offerDetailFixtures.ts';
import { renderOfferScreen } from '../client/offer/offerScreenHarness.tsx';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';

/*
 * The waiting-list machine as the member meets it on the rendered offer page, over a fake API
 * with the server's rules. The model is the spec's (5) and the issue's: on a sold-out evening
 * the member is not waiting (and may join), waiting with their place in line, offered a held
 * place (the evening is then buyable for them, and they may give it up), or their offer expired
 * (they may join again). A variant with tickets left shows no waiting list. A failed join or
 * leave keeps the place as it was and says why. Places are offered and lapse at the server; the
 * member sees it when the page opens again.
 */

const hour = 3_600_000;
const evening = Date.now() + 10 * 24 * hour;
const matinee = evening + 24 * hour;
/** Members in line before this one joins. */
const ahead = 2;

type Place = 'none' | 'waiting' | 'offered' | 'expired';
interface World {
  shown: 'none' | 'evening' | 'matinee';
  place: Place;
  online: boolean;
  error: boolean;
}

const events = ['PICK_EVENING', 'PICK_MATINEE', 'JOIN', 'LEAVE', 'GIVE_UP', 'NETWORK_DROPS', 'NETWORK_RETURNS', 'PLACE_FREED_THEN_REOPEN', 'OFFER_LAPSES_THEN_REOPEN'];

/** A join or leave: the new place when the server is reachable, else the same place and the error. */
const call = (w: World, place: Place): World => (w.online ? { ...w, place, error: false } : { ...w, error: true });

function next(w: World, event: string): World | null {
  const onEvening = w.shown === 'evening';
  switch (event) {
    case 'PICK_EVENING':
      return onEvening ? null : { ...w, shown: 'evening', error: false };
    case 'PICK_MATINEE':
      return w.shown === 'matinee' ? null : { ...w, shown: 'matinee', error: false };
    case 'JOIN':
      return onEvening && (w.place === 'none' || w.place === 'expired') ? call(w, 'waiting') : null;
    case 'LEAVE':
      return onEvening && w.place === 'waiting' ? call(w, 'none') : null;
    case 'GIVE_UP':
      return onEvening && w.place === 'offered' ? call(w, 'none') : null;
    // The network only matters where the member can act.
    case 'NETWORK_DROPS':
      return onEvening && w.online && w.place !== 'offered' ? { ...w, online: false } : null;
    case 'NETWORK_RETURNS':
      return w.online ? null : { ...w, online: true };
    case 'PLACE_FREED_THEN_REOPEN':
      return w.online && w.place === 'waiting' ? { shown: 'none', place: 'offered', online: true, error: false } : null;
    case 'OFFER_LAPSES_THEN_REOPEN':
      return w.online && w.place === 'offered' ? { shown: 'none', place: 'expired', online: true, error: false } : null;
    default:
      return null;
  }
}

const name = (w: World) => `${w.shown}|${w.place}|${w.online ? 'online' : 'offline'}|${w.error ? 'error' : 'ok'}`;
const worldOf = (key: string): World => {
  const [shown, place, online, error] = key.split('|');
  return { shown: shown as World['shown'], place: place as Place, online: online === 'online', error: error === 'error' };
};
const start: World = { shown: 'none', place: 'none', online: true, error: false };
const model = createTestModel(createMachine({ id: 'waitingListWorld', initial: name(start), states: exploreWorlds(start, events, next, name) }));

function variant(id: string, start: number): ItemVariant {
  return {
    id, title: 'Standing', description: '', images: [], price: { current: 39_500, original: 39_500 }, currency: 'SEK', customFeeIdList: [], taxRates: [],
    purchaseCap: 8, date: { start, end: start + 3 * hour }, location: { address: 'Gatan 1', zipCode: '111 11', city: 'Stockholm', mapUrl: '' },
  };
}

/** The server: the member's place on the evening, its rules for join and leave, and the offer as it answers this member. */
function fakeServer() {
  const server = { place: 'none' as Place, online: true, calls: [] as string[] };
  const placeOf = (): WaitingListPlace => ({
    itemVariantId: 'evening',
    status: server.place === 'none' ? 'notWaiting' : server.place,
    place: server.place === 'waiting' ? ahead + 1 : null,
    offeredUntil: server.place === 'offered' || server.place === 'expired' ? evening - 5 * 24 * hour : null,
  });
  const get = async (path: string) => {
    if (path === '/v1/get/offer') {
      return offerDetail({
        id: 'concert',
        type: 'live',
        itemVariantType: 'ticket',
        callToAction: { type: 'payment', label: 'Buy tickets' },
        itemVariantList: [variant('evening', evening), variant('matinee', matinee)],
        // Sold out to everyone, except the one unit held for a member offered a place.
        itemVariantAvailability: { evening: server.place === 'offered' ? 1 : 0, matinee: 5 },
      });
    }
    if (path === '/v1/get_list/waiting_list') return server.place === 'none' ? [] : [placeOf()];
    return undefined;
  };
  const send = async (method: string, path: string, body: unknown) => {
    server.calls.push(`${method} ${path}`);
    expect(body).toEqual({ itemVariantId: 'evening' });
    if (!server.online) throw failedToFetch();
    if (path === '/v1/join/waiting_list') server.place = server.place === 'none' || server.place === 'expired' ? 'waiting' : server.place;
    else if (path === '/v1/leave/waiting_list') server.place = 'none';
    else throw new Error(`unexpected ${path}`);
    return placeOf();
  };
  return { server, get, send };
}

const select = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'select' }), { target: { value } });
const panel = () => screen.queryByRole('region', { name: 'Waiting list' });
const settle = () => waitFor(() => expect(panel()?.getAttribute('aria-busy') ?? 'false').toBe('false'));
const openPage = async (api: ReturnType<typeof fakeServer>) => {
  renderOfferScreen({ answer: new Error('answered by get'), params: { type: 'live', id: 'concert' }, get: api.get, send: api.send });
  await screen.findByRole('heading', { level: 1 });
};

const texts = {
  none: 'Join the waiting list: when a place frees up, the first member in line gets it held for them and an e-mail.',
  waiting: `You are number ${ahead + 1} in line.`,
  offered: /^A place is held for you until .+\. Buy it before then, or give it up for the next in line\.$/,
  expired: 'The place held for you was not bought in time and has passed to the next in line.',
};
const buttons: Record<Place, string> = { none: 'Join the waiting list', waiting: 'Leave the waiting list', offered: 'Give up my place', expired: 'Join the waiting list again' };

afterEach(cleanup);

describe('the waiting list on the rendered offer page, generated paths', () => {
  for (const path of pathPerTransition(model.getShortestPaths())) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps || 'opening'} shows ${String(path.state.value)}`, async () => {
      const api = fakeServer();
      await openPage(api);
      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = worldOf(String(state.value));
            if (w.shown !== 'evening') {
              // Nothing chosen, or an evening with tickets left: no line to stand in.
              await waitFor(() => expect(panel()).toBeNull());
              return;
            }
            const region = await waitFor(() => panel()!);
            const status = within(region).getByRole('status').textContent!;
            if (typeof texts[w.place] === 'string') expect(status).toBe(texts[w.place]);
            else expect(status).toMatch(texts[w.place] as RegExp);
            const shownButtons = within(region).queryAllByRole('button').map((b) => b.textContent);
            expect(shownButtons).toEqual([buttons[w.place]]);
            const alert = within(region).queryByRole('alert');
            expect(alert?.textContent ?? null).toBe(w.error ? 'Network Error' : null);
            // A held place makes the evening buyable for this member; otherwise it is sold out.
            const soldOutNotice = screen.queryAllByText('Unfortunately the item for this offer is sold out.').length > 0;
            expect(soldOutNotice).toBe(w.place !== 'offered');
            expect(screen.getByRole('button', { name: 'Buy tickets' }).hasAttribute('disabled')).toBe(w.place !== 'offered');
          },
        },
        events: {
          PICK_EVENING: () => {
            select('City', 'Stockholm');
            select('Time', String(evening));
          },
          PICK_MATINEE: () => {
            select('City', 'Stockholm');
            select('Time', String(matinee));
          },
          JOIN: async () => {
            fireEvent.click(within(panel()!).getByRole('button', { name: /^Join the waiting list/ }));
            await settle();
          },
          LEAVE: async () => {
            fireEvent.click(within(panel()!).getByRole('button', { name: 'Leave the waiting list' }));
            await settle();
          },
          GIVE_UP: async () => {
            fireEvent.click(within(panel()!).getByRole('button', { name: 'Give up my place' }));
            await settle();
          },
          NETWORK_DROPS: () => void (api.server.online = false),
          NETWORK_RETURNS: () => void (api.server.online = true),
          PLACE_FREED_THEN_REOPEN: async () => {
            api.server.place = 'offered';
            cleanup();
            await openPage(api);
          },
          OFFER_LAPSES_THEN_REOPEN: async () => {
            api.server.place = 'expired';
            cleanup();
            await openPage(api);
          },
        },
      });
    });
  }
});
