import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createActor, createMachine, fromCallback, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { ItemVariant } from '../../contract/commerce.ts';
import type { SaleQueuePlace } from '../../contract/saleQueue.ts';
import { ApiError, failedToFetch } from '../../src/api/apiError.ts';
import { thisWindow } from '../../src/api/saleQueue.ts';
import { pollIntervalMs, saleQueueMachine } from '../../machines/saleQueue.machine.ts';
import { offerDetail } from '../client/offer/offerDetailFixtures.ts';
import { renderOfferScreen } from '../client/offer/offerScreenHarness.tsx';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The sale queue machine (issue 39) as the member meets it on the rendered offer page, over a fake
 * server with the queue's rules and a clock of its own. An evening goes on sale 15 minutes and 10
 * seconds after the page opens; its queue opens 15 minutes before that. Before the queue opens the
 * page counts down and Buy waits; once open the member takes a place by looking at the evening;
 * at the on-sale time (the server's clock jumps there: the page counts on the server's time) it is
 * their turn or others are ahead; their turn lets them buy, and runs out. They may leave and queue
 * again; leaving the evening while waiting gives the place up, while their turn it does not; a
 * lost connection is told and tried again; a sold-out evening shows its waiting list instead. The
 * matinee has no on-sale time and no queue.
 */

const hour = 3_600_000;
const minute = 60_000;
const turnMs = 2 * minute;

type Phase = 'closed' | 'open' | 'onSale';
type Place = 'none' | 'waiting' | 'admitted' | 'left' | 'soldOut';
interface World {
  shown: 'none' | 'evening' | 'matinee';
  phase: Phase;
  place: Place;
  /** Sent to the back of the line (their turn ran out): number 5, no estimate; else number 3, about 2 minutes. */
  back: boolean;
  online: boolean;
}

const events = [
  'PICK_EVENING', 'PICK_MATINEE', 'QUEUE_OPENS', 'SALE_STARTS_MY_TURN', 'SALE_STARTS_OTHERS_AHEAD', 'TURN_COMES', 'TURN_RUNS_OUT',
  'SELL_OUT', 'LEAVE', 'QUEUE_AGAIN', 'NETWORK_DROPS', 'NETWORK_RETURNS_AND_RETRY',
];

function next(w: World, event: string): World | null {
  const onEvening = w.shown === 'evening';
  const waiting = onEvening && w.online && w.place === 'waiting';
  switch (event) {
    case 'PICK_EVENING':
      // Back on the evening: a place given up by leaving it is taken again (once the queue is open).
      if (onEvening || !w.online) return null;
      return { ...w, shown: 'evening', place: w.place === 'none' && w.phase !== 'closed' ? 'waiting' : w.place };
    case 'PICK_MATINEE':
      // Leaving the evening while waiting gives the place up; a turn or a sold-out evening stays as it is.
      if (w.shown === 'matinee' || !w.online) return null;
      return { ...w, shown: 'matinee', place: w.place === 'waiting' || w.place === 'left' ? 'none' : w.place };
    case 'QUEUE_OPENS':
      return onEvening && w.online && w.phase === 'closed' ? { ...w, phase: 'open', place: 'waiting' } : null;
    case 'SALE_STARTS_MY_TURN':
      return waiting && w.phase === 'open' ? { ...w, phase: 'onSale', place: 'admitted' } : null;
    case 'SALE_STARTS_OTHERS_AHEAD':
      return waiting && w.phase === 'open' ? { ...w, phase: 'onSale' } : null;
    case 'TURN_COMES':
      return waiting && w.phase === 'onSale' ? { ...w, place: 'admitted' } : null;
    case 'TURN_RUNS_OUT':
      return onEvening && w.online && w.place === 'admitted' && !w.back ? { ...w, place: 'waiting', back: true } : null;
    case 'SELL_OUT':
      return waiting && w.phase === 'onSale' ? { ...w, place: 'soldOut' } : null;
    case 'LEAVE':
      return waiting ? { ...w, place: 'left' } : null;
    case 'QUEUE_AGAIN':
      return onEvening && w.online && w.place === 'left' ? { ...w, place: 'waiting' } : null;
    case 'NETWORK_DROPS':
      return waiting ? { ...w, online: false } : null;
    case 'NETWORK_RETURNS_AND_RETRY':
      return w.online ? null : { ...w, online: true };
    default:
      return null;
  }
}

const name = (w: World) => JSON.stringify(w);
const start: World = { shown: 'none', phase: 'closed', place: 'none', back: false, online: true };
const model = createTestModel(createMachine({ id: 'saleQueueWorld', initial: name(start), states: exploreWorlds(start, events, next, name) }));

function variant(id: string, start: number, onSaleAt: number | null): ItemVariant {
  return {
    id, title: 'Standing', description: '', images: [], price: { current: 39_500, original: 39_500 }, currency: 'SEK', customFeeIdList: [], taxRates: [],
    purchaseCap: 8, onSaleAt, date: { start, end: start + 3 * hour }, location: { address: 'Gatan 1', zipCode: '111 11', city: 'Stockholm', mapUrl: '' },
  };
}

/** The server: its own clock (it may run ahead of the device's), the member's place by the queue's rules, what it was asked. */
function fakeServer() {
  const opened = Date.now();
  const onSaleAt = opened + 15 * minute + 10_000;
  const evening = opened + 10 * 24 * hour;
  const server = { shift: 0, place: 'none' as Place, turnNext: false, back: false, online: true, leaves: 0, admittedUntil: 0, lastLeaveWindow: undefined as string | null | undefined };
  const serverNow = () => Date.now() + server.shift;
  const placeOf = (): SaleQueuePlace => {
    const now = serverNow();
    const base = { itemVariantId: 'evening', serverNow: now, onSaleAt, opensAt: onSaleAt - 15 * minute, position: null, ahead: null, estimateSeconds: null, admittedUntil: null };
    if (server.place === 'soldOut') return { ...base, state: 'soldOut' };
    if (now < onSaleAt - 15 * minute) return { ...base, state: 'closed' };
    if (server.place === 'none' || server.place === 'left') server.place = 'waiting';
    if (server.place === 'waiting' && now >= onSaleAt && server.turnNext) {
      server.place = 'admitted';
      server.turnNext = false;
      return { ...base, state: 'admitted', admittedUntil: now + turnMs };
    }
    // A turn that ran out unused: back in line, at the end.
    if (server.place === 'admitted' && now >= server.admittedUntil) Object.assign(server, { place: 'waiting', back: true });
    if (server.place === 'admitted') return { ...base, state: 'admitted', admittedUntil: server.admittedUntil };
    if (now < onSaleAt) return { ...base, state: 'waiting', position: 2, ahead: 1, estimateSeconds: Math.ceil((onSaleAt - now) / 1000) };
    return server.back ? { ...base, state: 'waiting', position: 5, ahead: 4 } : { ...base, state: 'waiting', position: 3, ahead: 2, estimateSeconds: 120 };
  };
  const api = {
    get: async (path: string) => {
      if (path !== '/v1/get/offer') return undefined;
      return offerDetail({
        id: 'concert', type: 'live', itemVariantType: 'ticket', callToAction: { type: 'payment', label: 'Buy tickets' },
        itemVariantList: [variant('evening', evening, onSaleAt), variant('matinee', evening + 24 * hour, null)],
        itemVariantAvailability: { evening: server.place === 'soldOut' ? 0 : 40, matinee: 5 },
      });
    },
    send: async (method: string, path: string, body: unknown) => {
      const { tabId, ...asked } = body as { itemVariantId: string; tabId?: string };
      expect({ method, body: asked }).toEqual({ method: 'POST', body: { itemVariantId: 'evening' } });
      // Every ask names this window; a leave names it when the window leaves the evening, none for "Leave the queue".
      if (path === '/v1/sale_queue/place') expect(tabId).toBe(thisWindow);
      else server.lastLeaveWindow = tabId ?? null;
      if (!server.online) throw failedToFetch();
      if (path === '/v1/sale_queue/leave') {
        server.leaves++;
        if (server.place === 'waiting' || server.place === 'admitted') server.place = 'left';
        return {};
      }
      if (path !== '/v1/sale_queue/place') throw new Error(`unexpected ${path}`);
      const place = placeOf();
      if (place.state === 'admitted') server.admittedUntil = place.admittedUntil!;
      return place;
    },
  };
  return Object.assign(server, { admittedUntil: 0, api, serverNow, times: { evening: String(evening), matinee: String(evening + 24 * hour) } });
}

/** Lets due timers and promises run, inside act. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const select = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'select' }), { target: { value } });
const panel = () => screen.queryByRole('region', { name: 'Sale queue' });
const buy = () => screen.getByRole('button', { name: 'Buy tickets' });
const press = async (label: string) => {
  fireEvent.click(within(panel()!).getByRole('button', { name: label }));
  await elapse(0);
};

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the sale queue on the rendered offer page, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps || 'opening'} shows ${String(path.state.value)}`, { timeout: 30_000 }, async () => {
      const server = fakeServer();
      renderOfferScreen({ answer: new Error('answered by get'), params: { type: 'live', id: 'concert' }, get: server.api.get, send: server.api.send });
      await screen.findByRole('heading', { level: 1 });
      vi.useFakeTimers();
      await model.testPath(path, {
        states: {
          '*': (state) => {
            const w = JSON.parse(String(state.value)) as World;
            const region = panel();
            if (w.shown !== 'evening' || w.place === 'soldOut') {
              // No on-sale time, or nothing left to queue for: no queue; the sold-out evening offers its waiting list.
              expect(region).toBeNull();
              expect(buy().hasAttribute('disabled')).toBe(w.shown === 'evening');
              if (w.shown === 'evening') expect(screen.getByRole('region', { name: 'Waiting list' })).toBeTruthy();
              return;
            }
            expect(region).not.toBeNull();
            const status = within(region!).getByRole('status').textContent;
            const timer = within(region!).queryByRole('timer')?.textContent ?? null;
            const buttons = within(region!).queryAllByRole('button').map((b) => b.textContent);
            const alert = within(region!).queryByRole('alert')?.textContent ?? null;
            // Buy waits for the member's turn, and says so.
            expect(buy().hasAttribute('disabled')).toBe(w.place !== 'admitted');
            expect(screen.queryAllByText('You can buy when it is your turn in the sale queue.')).toHaveLength(w.place === 'admitted' ? 0 : 1);
            // Before the sale: the countdown on the server's clock, and the date.
            if (w.phase === 'onSale') expect(timer).toBeNull();
            else expect(timer).toMatch(/^On sale in \d+:\d\d$/);
            if (!w.online) {
              expect(status).toBe('Your place in the queue could not be checked. Trying again…');
              expect(alert).toBe('Network Error');
              expect(buttons).toEqual(['Try again']);
              return;
            }
            expect(alert).toBeNull();
            if (w.place === 'none') {
              expect(status).toMatch(/^The queue opens .+, 15 minutes before the sale\. Keep this page open to take your place in it\.$/);
              expect(buttons).toEqual([]);
            } else if (w.place === 'waiting') {
              const told =
                w.phase === 'open'
                  ? 'You are in the queue. When the sale starts, everyone in it gets a place in random order.'
                  : w.back
                    ? 'You are number 5 in the queue.'
                    : 'You are number 3 in the queue · about 2 minutes';
              expect(status).toBe(told);
              expect(buttons).toEqual(['Leave the queue']);
            } else if (w.place === 'admitted') {
              expect(status).toBe('It’s your turn: check out within 2 minutes.');
              expect(buttons).toEqual([]);
            } else {
              expect(status).toBe('You left the queue.');
              expect(buttons).toEqual(['Queue again']);
            }
          },
        },
        events: {
          PICK_EVENING: async () => {
            select('City', 'Stockholm');
            select('Time', server.times.evening);
            await elapse(0);
          },
          PICK_MATINEE: async () => {
            const waitingBefore = server.place === 'waiting';
            const leavesBefore = server.leaves;
            select('City', 'Stockholm');
            select('Time', server.times.matinee);
            await elapse(0);
            // Leaving the evening while waiting gives the place up at once; a turn is kept.
            expect(server.leaves - leavesBefore).toBe(waitingBefore ? 1 : 0);
            // Only this window left: another window of the member waiting keeps the place.
            if (waitingBefore) expect(server.lastLeaveWindow).toBe(thisWindow);
          },
          QUEUE_OPENS: () => elapse(10_000),
          SALE_STARTS_MY_TURN: async () => {
            server.turnNext = true;
            server.shift += 15 * minute;
            await elapse(pollIntervalMs);
          },
          SALE_STARTS_OTHERS_AHEAD: async () => {
            server.shift += 15 * minute;
            await elapse(pollIntervalMs);
          },
          TURN_COMES: async () => {
            server.turnNext = true;
            await elapse(pollIntervalMs);
          },
          TURN_RUNS_OUT: async () => {
            // Until its last moments the turn holds; once over, the place is asked about again: at the back of the line.
            await elapse(server.admittedUntil - server.serverNow() - 1_500);
            expect(buy().hasAttribute('disabled')).toBe(false);
            await elapse(3_000);
          },
          SELL_OUT: async () => {
            server.place = 'soldOut';
            await elapse(pollIntervalMs);
          },
          LEAVE: async () => {
            await press('Leave the queue');
            expect(server.leaves).toBeGreaterThan(0);
            // The member gives the place up, whatever their other windows do.
            expect(server.lastLeaveWindow).toBeNull();
          },
          QUEUE_AGAIN: () => press('Queue again'),
          NETWORK_DROPS: async () => {
            server.online = false;
            await elapse(pollIntervalMs);
            // Tried again every 5 s meanwhile.
            await elapse(pollIntervalMs);
          },
          NETWORK_RETURNS_AND_RETRY: async () => {
            server.online = true;
            await press('Try again');
          },
        },
      });
    });
  }
});

describe('beside the generated paths', () => {
  it('an evening the server no longer queues (its on-sale time was taken away) is bought as any other', async () => {
    const server = fakeServer();
    const send = async (method: string, path: string, body: unknown) => {
      if (path === '/v1/sale_queue/place') throw new ApiError(409, 'sale_queue/not-queued', 'This item has no on-sale time and no queue: buy it instead');
      return server.api.send(method, path, body);
    };
    renderOfferScreen({ answer: new Error('answered by get'), params: { type: 'live', id: 'concert' }, get: server.api.get, send });
    await screen.findByRole('heading', { level: 1 });
    vi.useFakeTimers();
    select('City', 'Stockholm');
    select('Time', server.times.evening);
    await elapse(0);
    expect(panel()).toBeNull();
    expect(buy().hasAttribute('disabled')).toBe(false);
  });

  it('a visitor sees the countdown and is asked to sign in; signed in, they take a place', async () => {
    vi.useFakeTimers();
    const asked: string[] = [];
    let signInWanted = 0;
    const queue = createActor(
      saleQueueMachine.provide({
        guards: { isVisitor: () => true },
        actions: { askToSignIn: () => void signInWanted++ },
        actors: {
          takePlace: fromPromise(async ({ input }: { input: { itemVariantId: string } }) => {
            asked.push(input.itemVariantId);
            const now = Date.now();
            const place: SaleQueuePlace = { itemVariantId: input.itemVariantId, serverNow: now, onSaleAt: now + minute, opensAt: now - 14 * minute, state: 'waiting', position: 1, ahead: 0, estimateSeconds: 60, admittedUntil: null };
            return place;
          }),
          placeKeeper: fromCallback(() => undefined),
        },
      }),
    ).start();
    queue.send({ type: 'saleQueue.variantShown', itemVariantId: 'evening', onSaleAt: Date.now() + minute });
    expect(queue.getSnapshot().matches({ queue: 'visitor' })).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toEqual([]);
    queue.send({ type: 'saleQueue.signIn' });
    expect(signInWanted).toBe(1);
    queue.send({ type: 'saleQueue.signedIn' });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(['evening']);
    expect(queue.getSnapshot().matches({ queue: 'waiting' })).toBe(true);
    queue.stop();
  });
});
