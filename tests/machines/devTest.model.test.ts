import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { devTestMachine, type DevCheck, type DevOutcome } from '../../machines/devTest.machine.ts';
import { createContainerService } from '../../src/services/container.ts';
import { connectDevTest } from '../../src/screens/devTest/devTest.connect.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The test page's checks (spec 2.3) over the real container service on a fake iOS web view: each
 * button runs on its own and keeps its outcome; a container that stays silent shows the time-out;
 * pressing again asks again. The model walks the push-token button (answers, then goes silent)
 * and the register-push button (in a container with and without the message).
 */
interface World {
  token: 'idle' | 'shown' | 'timedOut';
  register: 'idle' | 'sent' | 'unavailable';
  silent: boolean;
  hasRegister: boolean;
}

function next(w: World, event: string): World | null {
  switch (event) {
    case 'PRESS_GET_PUSH_TOKEN':
      return { ...w, token: w.silent ? 'timedOut' : 'shown' };
    case 'CONTAINER_GOES_SILENT':
      return w.silent || w.token === 'idle' ? null : { ...w, silent: true };
    case 'PRESS_REGISTER_PUSH':
      return w.register !== 'idle' ? null : { ...w, register: w.hasRegister ? 'sent' : 'unavailable' };
    case 'CONTAINER_DROPS_REGISTER':
      return w.hasRegister && w.register === 'idle' ? { ...w, hasRegister: false } : null;
    default:
      return null;
  }
}

const events = ['PRESS_GET_PUSH_TOKEN', 'CONTAINER_GOES_SILENT', 'PRESS_REGISTER_PUSH', 'CONTAINER_DROPS_REGISTER'];
const name = (w: World) => JSON.stringify(w);
const start: World = { token: 'idle', register: 'idle', silent: false, hasRegister: true };
const model = createTestModel(createMachine({ id: 'devTestWorld', initial: name(start), states: exploreWorlds(start, events, next, name) }));

type BridgeWindow = Window & { klubbContainer?: { answer(m: string, a: unknown): void } };

function startPage() {
  const world = { silent: false };
  const win = {} as BridgeWindow;
  const register = vi.fn();
  const handlers: Record<string, { postMessage: (body: unknown) => void } | undefined> = {
    getFCMToken: { postMessage: () => void (world.silent || queueMicrotask(() => win.klubbContainer!.answer('getFCMToken', '{"token":"fcm-dev"}'))) },
    registerForPushNotifications: { postMessage: register },
  };
  (win as unknown as { webkit: unknown }).webkit = { messageHandlers: handlers };
  const container = createContainerService({ containerType: 'ios-wv', serviceUrl: null, win, timeoutMs: 30 });
  const checks: Partial<Record<DevCheck, () => Promise<DevOutcome>>> = {
    pushToken: async () => ({ kind: 'token', token: await container.pushToken('aurora') }),
    registerPush: async () => ({ kind: 'message', sent: (await container.tell('registerForPushNotifications')) === 'sent' }),
  };
  const actor = createActor(
    devTestMachine.provide({ actors: { runCheck: fromPromise(({ input }: { input: { check: DevCheck } }) => checks[input.check]!()) } }),
  ).start();
  const view = (check: DevCheck) => connectDevTest(actor.getSnapshot(), actor).find((v) => v.check === check)!;
  const settled = () => waitFor(actor, (s) => !Object.values(s.value as Record<string, string>).includes('running'));
  return { world, actor, view, settled, register, handlers };
}

describe('the test page checks, generated paths over the container service on a fake iOS web view', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    it(path.steps.map((s) => s.event.type).join(' → '), async () => {
      const page = startPage();
      await model.testPath(path, {
        states: {
          '*': (state) => {
            const w = JSON.parse(String(state.value)) as World;
            const token = page.view('pushToken');
            expect(token.status).toBe({ idle: 'idle', shown: 'succeeded', timedOut: 'failed' }[w.token]);
            if (w.token === 'shown') expect(token.outcome).toEqual({ kind: 'token', token: 'fcm-dev' });
            if (w.token === 'timedOut') expect(token.failure).toBe('Timeout limit reached');
            const register = page.view('registerPush');
            expect(register.status).toBe(w.register === 'idle' ? 'idle' : 'succeeded');
            if (w.register !== 'idle') expect(register.outcome).toEqual({ kind: 'message', sent: w.register === 'sent' });
            expect(page.register).toHaveBeenCalledTimes(w.register === 'sent' ? 1 : 0);
            // The other buttons were never pressed.
            expect(page.view('allowTracking').status).toBe('idle');
          },
        },
        events: {
          PRESS_GET_PUSH_TOKEN: async () => {
            page.view('pushToken').run();
            expect(page.view('pushToken').status).toBe('running');
            await page.settled();
          },
          CONTAINER_GOES_SILENT: () => void (page.world.silent = true),
          PRESS_REGISTER_PUSH: async () => {
            page.view('registerPush').run();
            await page.settled();
          },
          CONTAINER_DROPS_REGISTER: () => void (page.handlers.registerForPushNotifications = undefined),
        },
      });
      page.actor.stop();
    });
  }
});
