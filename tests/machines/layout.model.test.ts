import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, setup, type AnyEventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { layoutMachine, type Layout, type LayoutEvent } from '../../machines/layout.machine.ts';
import { observeWindowWidth } from '../../src/services/windowWidth.ts';
import { media } from '../../src/theme/breakpoints.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The layout after start (issue 41) over the real matchMedia adapter (src/services/windowWidth.ts)
 * on a fake window, under a parent that keeps what it is told, beside a navigator that keeps
 * whether it stacks its pages. The model: a desktop browser's layout follows its window across
 * the 700 px breakpoint both ways, telling the app and the navigator once per change; a phone keeps
 * the phone layout in any window.
 */
interface World {
  device: 'none' | 'desktop' | 'phone';
  wide: boolean;
  layout: Layout;
  /** How often the app was told a new layout. */
  told: number;
}

const started = (w: World, device: World['device'], wide: boolean): World | null =>
  w.device === 'none' ? { device, wide, layout: device === 'desktop' && wide ? 'desktop' : 'mobile', told: 0 } : null;

function next(w: World, event: string): World | null {
  switch (event) {
    case 'START_DESKTOP_WIDE':
      return started(w, 'desktop', true);
    case 'START_DESKTOP_NARROW':
      return started(w, 'desktop', false);
    case 'START_PHONE_WIDE':
      return started(w, 'phone', true);
    case 'NARROW': {
      if (w.device === 'none' || !w.wide || w.told >= 2) return null;
      const changes = w.layout === 'desktop';
      return { ...w, wide: false, layout: 'mobile', told: w.told + (changes ? 1 : 0) };
    }
    case 'WIDEN': {
      if (w.device === 'none' || w.wide || w.told >= 2) return null;
      const layout: Layout = w.device === 'desktop' ? 'desktop' : 'mobile';
      return { ...w, wide: true, layout, told: w.told + (layout !== w.layout ? 1 : 0) };
    }
    default:
      return null;
  }
}

const events = ['START_DESKTOP_WIDE', 'START_DESKTOP_NARROW', 'START_PHONE_WIDE', 'NARROW', 'WIDEN'];
const name = (w: World) => JSON.stringify(w);
const start: World = { device: 'none', wide: true, layout: 'mobile', told: 0 };
const model = createTestModel(createMachine({ id: 'layoutWorld', initial: name(start), states: exploreWorlds(start, events, next, name) }));

/** A window whose one media query (the desktop breakpoint's) matches while it is wide. */
function fakeWindow(wide: boolean) {
  const list = new EventTarget() as EventTarget & { matches: boolean; media: string };
  Object.assign(list, { matches: wide, media: media.desktopLayout });
  const resize = (toWide: boolean) => {
    if (list.matches === toWide) return;
    list.matches = toWide;
    list.dispatchEvent(Object.assign(new Event('change'), { matches: toWide, media: media.desktopLayout }));
  };
  const win = { matchMedia: (query: string) => (query === media.desktopLayout ? list : new EventTarget()) };
  return { win: win as unknown as Window, resize };
}

/** The machine as the app runs it: a child with the matchMedia adapter, beside the navigator. */
function startUnderApp(device: 'desktop' | 'phone', wide: boolean) {
  const { win, resize } = fakeWindow(wide);
  const told: Layout[] = [];
  const stacked: boolean[] = [];
  const child = layoutMachine.provide({
    actors: { watchWindowWidth: fromCallback<LayoutEvent>(({ sendBack }) => observeWindowWidth(win, media.desktopLayout, sendBack)) },
  });
  const navigator = createMachine({ on: { 'nav.stackedChanged': { actions: ({ event }) => void stacked.push((event as AnyEventObject).stacked) } } });
  const layout: Layout = device === 'desktop' && wide ? 'desktop' : 'mobile';
  const app = setup({ actors: { child, navigator } }).createMachine({
    invoke: [
      { src: 'navigator', id: 'navigator', systemId: 'navigator' },
      { src: 'child', id: 'layout', input: { layout, desktopDevice: device === 'desktop' } },
    ],
    on: { 'app.layoutChanged': { actions: ({ event }) => void told.push((event as AnyEventObject).layout) } },
  });
  const actor = createActor(app).start();
  return { actor, told, stacked, resize, startLayout: layout };
}

describe('the layout after start, generated paths over the matchMedia adapter on a fake window', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    it(path.steps.map((s) => s.event.type).join(' → '), async () => {
      let running: ReturnType<typeof startUnderApp> | null = null;
      await model.testPath(path, {
        states: {
          '*': (state) => {
            const w = JSON.parse(String(state.value)) as World;
            if (!running) return;
            const shown = running.told.at(-1) ?? running.startLayout;
            expect(shown).toBe(w.layout);
            expect(running.told).toHaveLength(w.told);
            // The navigator stacks its pages exactly when the phone layout shows, told with every change.
            expect(running.stacked).toEqual(running.told.map((layout) => layout === 'mobile'));
          },
        },
        events: {
          START_DESKTOP_WIDE: () => void (running = startUnderApp('desktop', true)),
          START_DESKTOP_NARROW: () => void (running = startUnderApp('desktop', false)),
          START_PHONE_WIDE: () => void (running = startUnderApp('phone', true)),
          NARROW: () => running!.resize(false),
          WIDEN: () => running!.resize(true),
        },
      });
      (running as ReturnType<typeof startUnderApp> | null)?.actor.stop();
    });
  }

  it('stops watching the window when the app stops', () => {
    const { actor, told, resize } = startUnderApp('desktop', true);
    actor.stop();
    resize(false);
    expect(told).toEqual([]);
  });
});

describe('a window that crossed the breakpoint before the layout listened', () => {
  it('is told at once: the desktop layout chosen while wide becomes the phone layout', () => {
    const { win } = fakeWindow(false);
    const told: Layout[] = [];
    const child = layoutMachine.provide({
      actors: { watchWindowWidth: fromCallback<LayoutEvent>(({ sendBack }) => observeWindowWidth(win, media.desktopLayout, sendBack)) },
    });
    const app = setup({ actors: { child, navigator: createMachine({}) } }).createMachine({
      invoke: [
        { src: 'navigator', id: 'navigator', systemId: 'navigator' },
        { src: 'child', id: 'layout', input: { layout: 'desktop', desktopDevice: true } },
      ],
      on: { 'app.layoutChanged': { actions: ({ event }) => void told.push((event as AnyEventObject).layout) } },
    });
    createActor(app).start();
    expect(told).toEqual(['mobile']);
  });
});
