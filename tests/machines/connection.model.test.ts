import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { connectionMachine, type ConnectionEvent } from '../../machines/connection.machine.ts';
import { observeConnection } from '../../src/services/connection.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The connection machine (issue 26) over the real browser adapter (src/services/connection.ts)
 * on a fake window, under a parent that counts what it is told. The model: the browser going
 * offline, or a call the app made getting no answer at all, shows the offline notice; only the
 * browser coming back online takes it away, and then the app is told once to load afresh.
 */
interface World {
  browserOnline: boolean;
  offline: boolean;
  /** How often the app was told the network is back. */
  told: number;
}

function next(w: World, event: string): World | null {
  switch (event) {
    case 'BROWSER_OFFLINE':
      return w.browserOnline ? { ...w, browserOnline: false, offline: true } : null;
    case 'BROWSER_ONLINE':
      if (w.browserOnline || w.told >= 2) return null;
      return { ...w, browserOnline: true, offline: false, told: w.told + (w.offline ? 1 : 0) };
    case 'CALL_UNANSWERED':
      // The app's brand load found no network although the browser says online (a dead Wi-Fi).
      return w.offline ? null : { ...w, offline: true };
    default:
      return null;
  }
}

const events = ['BROWSER_OFFLINE', 'BROWSER_ONLINE', 'CALL_UNANSWERED'];
const name = (w: World) => JSON.stringify(w);
const start: World = { browserOnline: true, offline: false, told: 0 };
const model = createTestModel(createMachine({ id: 'connectionWorld', initial: name(start), states: exploreWorlds(start, events, next, name) }));

function fakeWindow(onLine: boolean) {
  const target = new EventTarget() as EventTarget & { navigator: { onLine: boolean } };
  target.navigator = { onLine };
  return target;
}

/** The machine as the app runs it: a child with the browser adapter, telling its parent. */
function startUnderParent(win: ReturnType<typeof fakeWindow>) {
  const told: string[] = [];
  const child = connectionMachine.provide({
    actors: { watchConnection: fromCallback<ConnectionEvent>(({ sendBack }) => observeConnection(win as unknown as Window, sendBack)) },
  });
  const parent = setup({ actors: { child } }).createMachine({
    invoke: { src: 'child', id: 'connection' },
    on: { '*': { actions: ({ event }) => void told.push(event.type) } },
  });
  const actor = createActor(parent).start();
  const connection = () => actor.getSnapshot().children.connection!.getSnapshot() as ReturnType<(typeof connectionMachine)['getInitialSnapshot']>;
  return { actor, told, connection };
}

describe('the connection, generated paths over the browser adapter on a fake window', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    it(path.steps.map((s) => s.event.type).join(' → ') || 'starts online', async () => {
      const win = fakeWindow(true);
      const { actor, told, connection } = startUnderParent(win);
      await model.testPath(path, {
        states: {
          '*': (state) => {
            const w = JSON.parse(String(state.value)) as World;
            expect(connection().hasTag('offline')).toBe(w.offline);
            expect(told.filter((type) => type === 'app.backOnline')).toHaveLength(w.told);
          },
        },
        events: {
          BROWSER_OFFLINE: () => void ((win.navigator.onLine = false), win.dispatchEvent(new Event('offline'))),
          BROWSER_ONLINE: () => void ((win.navigator.onLine = true), win.dispatchEvent(new Event('online'))),
          CALL_UNANSWERED: () => actor.getSnapshot().children.connection!.send({ type: 'connection.lost' }),
        },
      });
      actor.stop();
    });
  }

  it('shows the notice at once in a browser that starts offline', () => {
    const { actor, connection } = startUnderParent(fakeWindow(false));
    expect(connection().hasTag('offline')).toBe(true);
    actor.stop();
  });

  it('stops listening to the browser when the app stops', () => {
    const win = fakeWindow(true);
    const told: string[] = [];
    const stop = observeConnection(win as unknown as Window, (event) => told.push(event.type));
    win.dispatchEvent(new Event('offline'));
    stop();
    win.dispatchEvent(new Event('online'));
    expect(told).toEqual(['connection.lost']);
  });
});
