import { describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { createActor, createMachine, fromCallback } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';
import { navigatorMachine, type NavigatorEvent } from '../../machines/navigator.machine.ts';
import { createResolver } from '../../src/routes/resolver.ts';
import { StackedNavigator } from '../../src/routes/StackedNavigator.tsx';
import { applyHistoryEffect, observePopstate } from '../../src/services/browserHistory.ts';
import type { RouteMatch } from '../../src/routes/routeParams.ts';
import { testBrand } from './fixtures.ts';

/**
 * A member's view of the navigator over two tabs: which tab is active, what each tab's top
 * page is, and whether the browser's previous entry is the page beneath (so browser back pops).
 */
type Home = 'root' | 'offer1' | 'offer2';
type More = 'root' | 'faq';
interface World {
  active: 'home' | 'more';
  home: Home;
  more: More;
  backPops: boolean;
}

const pathOf = { root: '/', offer1: '/mixedFeed/live/1', offer2: '/mixedFeed/live/2', moreRoot: '/more', faq: '/more/faq' };
const homeTop = (w: World) => (w.home === 'root' ? pathOf.root : pathOf[w.home]);
const moreTop = (w: World) => (w.more === 'root' ? pathOf.moreRoot : pathOf.faq);
const name = (w: World) => `${w.active}|${w.home}|${w.more}|${w.backPops ? 'pops' : 'stays'}`;
const parse = (value: string): World => {
  const [active, home, more, back] = value.split('|');
  return { active: active as World['active'], home: home as Home, more: more as More, backPops: back === 'pops' };
};
const atRoot = (w: World) => (w.active === 'home' ? w.home === 'root' : w.more === 'root');
const popped = (w: World): World =>
  w.active === 'home' ? { ...w, home: 'root', backPops: false } : { ...w, more: 'root', backPops: false };

/** What each intent does to the world: the spec's stack rules, stated independently of the code. */
function next(w: World, event: string): World | null {
  switch (event) {
    case 'TAP_HOME':
      return w.active === 'home' ? { ...w, home: 'root', backPops: false } : { ...w, active: 'home', backPops: false };
    case 'TAP_MORE':
      return w.active === 'more' ? { ...w, more: 'root', backPops: false } : { ...w, active: 'more', backPops: false };
    case 'OPEN_OFFER':
      return w.active === 'home' && w.home === 'root' ? { ...w, home: 'offer1', backPops: true } : null;
    case 'OPEN_FAQ':
      return w.active === 'more' && w.more === 'root' ? { ...w, more: 'faq', backPops: true } : null;
    case 'REPLACE_OFFER':
      return w.active === 'home' && w.home !== 'root' ? { ...w, home: w.home === 'offer1' ? 'offer2' : 'offer1' } : null;
    case 'APP_BACK':
      return atRoot(w) ? null : popped(w);
    case 'BROWSER_BACK':
    case 'GO_BACK':
      return w.backPops && !atRoot(w) ? popped(w) : null;
    default:
      return null;
  }
}

const events = ['TAP_HOME', 'TAP_MORE', 'OPEN_OFFER', 'OPEN_FAQ', 'REPLACE_OFFER', 'APP_BACK', 'BROWSER_BACK', 'GO_BACK'];
const start: World = { active: 'home', home: 'root', more: 'root', backPops: false };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'navigatorWorld', initial: name(start), states }));

function PathScreen({ params }: RouteMatch) {
  return <h1>{`screen ${JSON.stringify(params)}`}</h1>;
}

function startNavigator() {
  window.history.replaceState(null, '', '/');
  const actor = createActor(
    navigatorMachine.provide({
      actors: { browserHistory: fromCallback<NavigatorEvent>(({ sendBack }) => observePopstate(sendBack)) },
      actions: { applyHistory: (_, effect) => applyHistoryEffect(effect), saveNavigation: () => undefined },
    }),
    {
      input: {
        ...createResolver({ settings: testBrand().settings, testMode: false }),
        location: { path: '/', restored: null, saved: null, keyPrefix: 'm-' },
        stacked: true,
      },
    },
  ).start();
  render(<StackedNavigator navigatorRef={actor} screens={() => PathScreen} />);
  return actor;
}

/** The browser's back is asynchronous: wait for the popstate to reach the page. */
async function historyStep(step: () => void, expectedPath: string) {
  await act(async () => {
    step();
    await vi.waitFor(() => expect(window.location.pathname).toBe(expectedPath), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** `opened`: the tabs that have been active so far on this path. */
function expectRendered(world: World, opened: ReadonlySet<string>) {
  const top = world.active === 'home' ? homeTop(world) : moreTop(world);
  expect(window.location.pathname).toBe(top);
  const sections = [...document.querySelectorAll<HTMLElement>('section[data-path]')];
  const visible = sections.filter((s) => !s.hidden && !s.closest('[hidden]'));
  const shown = visible.filter((s) => !s.hasAttribute('inert'));
  expect(shown.map((s) => s.dataset.path)).toEqual([top]);
  const beneath = visible.filter((s) => s.hasAttribute('inert'));
  expect(beneath.map((s) => s.dataset.path)).toEqual(atRoot(world) ? [] : [world.active === 'home' ? '/' : '/more']);
  // The other tab keeps its own top page, mounted but hidden, once it has been opened; a tab never opened is not drawn yet.
  const other = world.active === 'home' ? moreTop(world) : homeTop(world);
  const otherTab = world.active === 'home' ? 'more' : 'home';
  expect(sections.some((s) => s.dataset.path === other && s.closest('[hidden]'))).toBe(opened.has(otherTab));
  expect(sections.filter((s) => s.closest('[hidden]')).length > 0).toBe(opened.has(otherTab));
}


describe('navigator, generated paths through the rendered stacks', () => {
  for (const path of pathPerTransition(model.getShortestPaths())) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, async () => {
      const actor = startNavigator();
      const opened = new Set<string>();
      const send = (event: NavigatorEvent) => act(() => void actor.send(event));
      await model.testPath(path, {
        states: {
          '*': (state) => {
            const world = parse(String(state.value));
            opened.add(world.active);
            expectRendered(world, opened);
          },
        },
        events: {
          TAP_HOME: () => send({ type: 'nav.push', path: '/' }),
          TAP_MORE: () => send({ type: 'nav.push', path: '/more' }),
          OPEN_OFFER: () => send({ type: 'nav.push', path: pathOf.offer1 }),
          OPEN_FAQ: () => send({ type: 'nav.push', path: pathOf.faq }),
          REPLACE_OFFER: (step) => {
            const from = parse(String(path.steps[path.steps.indexOf(step) - 1]?.state.value ?? name(start)));
            return send({ type: 'nav.replace', path: from.home === 'offer1' ? pathOf.offer2 : pathOf.offer1 });
          },
          APP_BACK: async (step) => {
            const to = parse(String(step.state.value));
            await historyStep(() => actor.send({ type: 'nav.back' }), to.active === 'home' ? homeTop(to) : moreTop(to));
          },
          BROWSER_BACK: async (step) => {
            const to = parse(String(step.state.value));
            await historyStep(() => window.history.back(), to.active === 'home' ? homeTop(to) : moreTop(to));
          },
          GO_BACK: async (step) => {
            const to = parse(String(step.state.value));
            await historyStep(() => actor.send({ type: 'nav.go', delta: -1 }), to.active === 'home' ? homeTop(to) : moreTop(to));
          },
        },
      });
      actor.stop();
    });
  }

  it('covers every reachable world', () => {
    expect(Object.keys(states).length).toBeGreaterThan(10);
  });
});
