import { stillBrowserHistory } from './sessionFakes.ts';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { navigatorMachine } from '../../machines/navigator.machine.ts';
import type { HistoryEffect } from '../../machines/navigator.rules.ts';
import { createResolver } from '../../src/routes/resolver.ts';
import { testBrand } from './fixtures.ts';

function startNavigator(path = '/') {
  const effects: HistoryEffect[] = [];
  const actor = createActor(
    navigatorMachine.provide({ actors: { browserHistory: stillBrowserHistory }, actions: { applyHistory: (_, effect) => void effects.push(effect), saveNavigation: () => undefined } }),
    {
      input: {
        ...createResolver({ settings: testBrand().settings, testMode: false }),
        location: { path, restored: null, saved: null, keyPrefix: 'n-' },
        stacked: true,
      },
    },
  ).start();
  const top = () => actor.getSnapshot().context.stacks[actor.getSnapshot().context.active]!.at(-1)!;
  return { actor, effects, top };
}

describe('navigator machine', () => {
  it('labels the first history entry on start', () => {
    const { effects, top } = startNavigator('/');
    expect(effects).toEqual([{ type: 'replace', path: '/', key: top().key, index: 0 }]);
  });

  it('shows /createaccount for 10 ms, then replaces it by the start page', async () => {
    const { actor, effects, top } = startNavigator('/');
    actor.send({ type: 'nav.push', path: '/createaccount/ABC' });
    expect(top().path).toBe('/createaccount/ABC');
    expect(actor.getSnapshot().matches('redirecting')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'), { timeout: 1000 });
    expect(top().path).toBe('/');
    expect(effects.at(-1)).toEqual({ type: 'replace', path: '/', key: top().key, index: 1 });
    expect(actor.getSnapshot().context.stacks['/']!.map((page) => page.path)).toEqual(['/']);
  });

  it('go asks the browser to move and leaves the stacks as they are', () => {
    const { actor, effects } = startNavigator('/');
    actor.send({ type: 'nav.push', path: '/mixedFeed/live/1' });
    const stacks = actor.getSnapshot().context.stacks;
    actor.send({ type: 'nav.go', delta: -1 });
    expect(effects.at(-1)).toEqual({ type: 'go', delta: -1 });
    expect(actor.getSnapshot().context.stacks).toBe(stacks);
  });

  it('a layout change (the window resized) changes only whether pages stack: the member stays where they were', () => {
    const { actor, effects, top } = startNavigator('/');
    actor.send({ type: 'nav.push', path: '/mixedFeed/live/1' });
    const { stacks, active, index } = actor.getSnapshot().context;
    const told = effects.length;
    actor.send({ type: 'nav.stackedChanged', stacked: false });
    expect(actor.getSnapshot().context.stacked).toBe(false);
    actor.send({ type: 'nav.stackedChanged', stacked: true });
    expect(actor.getSnapshot().context).toMatchObject({ stacked: true, stacks, active, index });
    expect(top().path).toBe('/mixedFeed/live/1');
    // The browser's history is not touched.
    expect(effects).toHaveLength(told);
  });
});
