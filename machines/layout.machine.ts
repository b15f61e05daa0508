import { assign, enqueueActions, fromCallback, setup } from 'xstate';
import { notProvided } from './errorCode.ts';
import type { NavigatorEvent } from './navigator.machine.ts';

/** Desktop means a desktop device outside an iframe (spec 9), in a wide window; it picks the shell. */
export type Layout = 'desktop' | 'mobile';

export interface LayoutInput {
  /** The layout the app started with (the window's width at start decided it with the device). */
  layout: Layout;
  /** A desktop device outside an iframe (spec 9): only it follows the window's width. */
  desktopDevice: boolean;
}

export type LayoutEvent =
  /** The window became at least `breakpoints.desktopLayout` wide (wide) or narrower (src/theme/breakpoints.ts). */
  { type: 'layout.windowChanged'; wide: boolean };

/** Told to the app when the layout changes: its shell follows. */
export interface LayoutChanged {
  type: 'app.layoutChanged';
  layout: Layout;
}

/** The desktop layout needs a desktop device and a wide window; anything else gets the phone's. */
export const layoutFor = (desktopDevice: boolean, wide: boolean): Layout => (desktopDevice && wide ? 'desktop' : 'mobile');

/**
 * The layout after start (issue 41): a desktop browser's layout follows its window across the
 * 700 px breakpoint both ways, as it was picked at start; a phone or tablet keeps the phone layout.
 */
export const layoutMachine = setup({
  types: { context: {} as LayoutInput, input: {} as LayoutInput, events: {} as LayoutEvent },
  actors: {
    /** The window's width across the breakpoint (a `matchMedia` change), as layout.windowChanged. */
    watchWindowWidth: fromCallback<LayoutEvent>(() => notProvided('watchWindowWidth')),
  },
  actions: {
    /** The app's shell follows; the navigator (while content shows) keeps its stacks and only shows them another way. */
    tellLayout: enqueueActions(({ context, enqueue, system, self }) => {
      if (self._parent) enqueue.sendParent({ type: 'app.layoutChanged', layout: context.layout } satisfies LayoutChanged);
      const stacked: NavigatorEvent = { type: 'nav.stackedChanged', stacked: context.layout === 'mobile' };
      if (system.get('navigator')) enqueue.sendTo(system.get('navigator'), stacked);
    }),
  },
  guards: {
    isDesktopDevice: ({ context }) => context.desktopDevice,
    changesLayout: ({ context }, { wide }: { wide: boolean }) => layoutFor(context.desktopDevice, wide) !== context.layout,
  },
}).createMachine({
  id: 'layout',
  context: ({ input }) => input,
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isDesktopDevice', target: 'followingWindow' }, { target: 'phone' }],
    },
    /** A phone or tablet: the phone layout in any window. */
    phone: {},
    followingWindow: {
      invoke: { src: 'watchWindowWidth' },
      on: {
        'layout.windowChanged': {
          guard: { type: 'changesLayout', params: ({ event }) => event },
          actions: [assign({ layout: ({ context, event }) => layoutFor(context.desktopDevice, event.wide) }), 'tellLayout'],
        },
      },
    },
  },
});
