import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { pushSendDelayMs } from '../../machines/pushToken.machine.ts';
import { createContainerService } from '../../src/services/container.ts';
import { wirePushToken } from '../../src/wiring/pushToken.wiring.ts';
import type { User } from '../../contract/user.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The push token (spec 4, 7, 8) over the real container service on a fake iOS web view, under a
 * parent that records what the app is told. The model: 10 s after content opens the token is read
 * once; it is sent only when it differs from the member's stored one; a silent container (1000 ms
 * time-out) or a refused save is only logged; nothing more happens later.
 */
type Container = 'unset' | 'new' | 'stored' | 'none' | 'silent';
interface World {
  container: Container;
  saveRefused: boolean;
  /** 10 s have passed (and 10 s more, `later`). */
  passed: boolean;
  later: boolean;
}

function next(w: World, event: string): World | null {
  const choosing = w.container === 'unset';
  switch (event) {
    case 'CONTAINER_HOLDS_NEW_TOKEN':
      return choosing ? { ...w, container: 'new' } : null;
    case 'CONTAINER_HOLDS_STORED_TOKEN':
      return choosing ? { ...w, container: 'stored' } : null;
    case 'CONTAINER_HOLDS_NO_TOKEN':
      return choosing ? { ...w, container: 'none' } : null;
    case 'CONTAINER_STAYS_SILENT':
      return choosing ? { ...w, container: 'silent' } : null;
    case 'SERVER_REFUSES_SAVES':
      return w.container === 'new' && !w.saveRefused && !w.passed ? { ...w, saveRefused: true } : null;
    case 'TEN_SECONDS_PASS':
      return !choosing && !w.passed ? { ...w, passed: true } : null;
    case 'TEN_MORE_SECONDS_PASS':
      return w.passed && !w.later ? { ...w, later: true } : null;
    default:
      return null;
  }
}

const events = ['CONTAINER_HOLDS_NEW_TOKEN', 'CONTAINER_HOLDS_STORED_TOKEN', 'CONTAINER_HOLDS_NO_TOKEN', 'CONTAINER_STAYS_SILENT', 'SERVER_REFUSES_SAVES', 'TEN_SECONDS_PASS', 'TEN_MORE_SECONDS_PASS'];
const name = (w: World) => JSON.stringify(w);
const start: World = { container: 'unset', saveRefused: false, passed: false, later: false };
const model = createTestModel(createMachine({ id: 'pushTokenWorld', initial: name(start), states: exploreWorlds(start, events, next, name) }));

const storedToken = 'fcm-stored';
const newToken = 'fcm-new:APA91b';
const tokens: Record<Exclude<Container, 'unset' | 'silent'>, string> = { new: newToken, stored: storedToken, none: '' };

type BridgeWindow = Window & { klubbContainer?: { answer(m: string, a: unknown): void } };

function startWorld() {
  const world = { container: 'unset' as Container, saveRefused: false };
  const win = {} as BridgeWindow;
  const asked = vi.fn(() => {
    if (world.container === 'silent') return;
    const token = tokens[world.container as keyof typeof tokens];
    setTimeout(() => win.klubbContainer!.answer('getFCMToken', JSON.stringify({ token })), 20);
  });
  (win as unknown as { webkit: unknown }).webkit = { messageHandlers: { getFCMToken: { postMessage: asked } } };
  const saved: string[] = [];
  const logged: string[] = [];
  const told: unknown[] = [];
  const child = wirePushToken({
    container: createContainerService({ containerType: 'ios-wv', serviceUrl: null, win }),
    save: async (token) => {
      if (world.saveRefused) throw new Error('invalid_request');
      saved.push(token);
      return { id: 'member-1', pushNotificationToken: token } as User;
    },
    log: (message, error) => void logged.push(`${message} ${String(error)}`),
  });
  const parent = setup({ actors: { child } }).createMachine({
    invoke: { src: 'child', id: 'pushToken', input: { brandId: 'aurora', storedToken } },
    on: { 'app.userUpdated': { actions: ({ event }) => void told.push(event) } },
  });
  const actor = createActor(parent).start();
  return { world, actor, asked, saved, logged, told };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the push token, generated paths over the container service on a fake iOS web view', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    it(path.steps.map((s) => s.event.type).join(' → '), async () => {
      const run = startWorld();
      await model.testPath(path, {
        states: {
          '*': (state) => {
            const w = JSON.parse(String(state.value)) as World;
            const sends = w.passed && w.container === 'new';
            expect(run.asked).toHaveBeenCalledTimes(w.passed ? 1 : 0);
            expect(run.saved).toEqual(sends && !w.saveRefused ? [newToken] : []);
            expect(run.told).toEqual(sends && !w.saveRefused ? [{ type: 'app.userUpdated', user: { id: 'member-1', pushNotificationToken: newToken } }] : []);
            const failed = w.passed && (w.container === 'silent' || (sends && w.saveRefused));
            expect(run.logged).toEqual(failed ? [expect.stringContaining(w.container === 'silent' ? 'Timeout limit reached' : 'invalid_request')] : []);
          },
        },
        events: {
          CONTAINER_HOLDS_NEW_TOKEN: () => void (run.world.container = 'new'),
          CONTAINER_HOLDS_STORED_TOKEN: () => void (run.world.container = 'stored'),
          CONTAINER_HOLDS_NO_TOKEN: () => void (run.world.container = 'none'),
          CONTAINER_STAYS_SILENT: () => void (run.world.container = 'silent'),
          SERVER_REFUSES_SAVES: () => void (run.world.saveRefused = true),
          TEN_SECONDS_PASS: async () => {
            await vi.advanceTimersByTimeAsync(pushSendDelayMs - 1);
            expect(run.asked).not.toHaveBeenCalled();
            // The token arrives (or the 1000 ms time-out ends the wait) and the save settles.
            await vi.advanceTimersByTimeAsync(1 + 1000);
          },
          TEN_MORE_SECONDS_PASS: () => vi.advanceTimersByTimeAsync(pushSendDelayMs),
        },
      });
      run.actor.stop();
    });
  }

  it('gives up on a silent container after exactly 1000 ms', async () => {
    const run = startWorld();
    run.world.container = 'silent';
    await vi.advanceTimersByTimeAsync(pushSendDelayMs + 999);
    expect(run.logged).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.logged).toEqual([expect.stringContaining('Timeout limit reached')]);
  });
});
