import { assign, enqueueActions, fromCallback, setup } from 'xstate';
import { notProvided } from './errorCode.ts';
import {
  back,
  initialState,
  popstate,
  push,
  replace,
  setSearch,
  snapshotOf,
  topOf,
  type HistoryEffect,
  type SavedNavigation,
  type StartLocation,
  type NavState,
  type Resolve,
  type RuleResult,
} from './navigator.rules.ts';

export type { NavPage, NavState, Resolution, Resolve } from './navigator.rules.ts';

export interface NavigatorInput {
  /** Route table lookup: which stack and route a path belongs to. */
  resolve: Resolve;
  /** Registered, enabled stack roots in order. */
  stackRoots: string[];
  /** Where the browser is at start, what its history entry holds, and the stacks saved before a reload. */
  location: StartLocation;
  /** Non-stacked mode shows one page at a time, without slides. */
  stacked: boolean;
}

export type NavigatorEvent =
  | { type: 'nav.push'; path: string }
  | { type: 'nav.replace'; path: string }
  /** The shown page's query changes ('' for none), in the same history entry. */
  | { type: 'nav.setSearch'; search: string }
  | { type: 'nav.back' }
  | { type: 'nav.go'; delta: number }
  | { type: 'nav.popstate'; path: string; key: string | null; index: number | null }
  /** The layout changed with the window (machines/layout.machine.ts): the stacks stay, only how they show changes. */
  | { type: 'nav.stackedChanged'; stacked: boolean };

export interface NavigatorContext extends NavState {
  resolve: Resolve;
  stacked: boolean;
  startEffects: HistoryEffect[];
}

/**
 * The stacked history of the signed-in app (spec 2.1): one stack of pages per first path
 * segment, kept in step with the browser's history through the `history` effects.
 */
type Enqueue = (
  action:
    | { type: 'commit'; params: RuleResult }
    | { type: 'applyHistory'; params: HistoryEffect }
    | { type: 'saveNavigation'; params: SavedNavigation },
) => void;

/** Takes a rule's new state, asks the browser history for its effects and saves the stacks. */
function apply(enqueue: Enqueue, result: RuleResult) {
  enqueue({ type: 'commit', params: result });
  for (const effect of result.effects) enqueue({ type: 'applyHistory', params: effect });
  enqueue({ type: 'saveNavigation', params: snapshotOf(result.state) });
}

export const navigatorMachine = setup({
  types: {
    context: {} as NavigatorContext,
    events: {} as NavigatorEvent,
    input: {} as NavigatorInput,
  },
  actors: {
    /** Listens to the browser's back/forward; sends nav.popstate. */
    browserHistory: fromCallback<NavigatorEvent>(() => notProvided('browserHistory')),
  },
  delays: {
    /** Spec 9: the create-account redirect waits 10 ms. */
    redirectDelay: 10,
  },
  guards: {
    topRedirects: ({ context }) => topOf(context).redirectTo !== undefined,
  },
  actions: {
    commit: assign((_, result: RuleResult) => {
      const { stacks, active, currentKey, entries, index, lastAction, scrollToTop, nextKey } = result.state;
      return { stacks, active, currentKey, entries, index, lastAction, scrollToTop, nextKey };
    }),
    /** Applies one history effect to the browser (provided at the composition root). */
    applyHistory: (_, _effect: HistoryEffect) => notProvided('applyHistory'),
    /** Keeps the stacks for a reload of this browser tab (provided at the composition root). */
    saveNavigation: (_, _saved: SavedNavigation) => notProvided('saveNavigation'),
  },
}).createMachine({
  id: 'navigator',
  context: ({ input }) => {
    const start = initialState(input.resolve, input.stackRoots, input.location);
    return { ...start.state, resolve: input.resolve, stacked: input.stacked, startEffects: start.effects };
  },
  invoke: { src: 'browserHistory' },
  on: { 'nav.stackedChanged': { actions: assign({ stacked: ({ event }) => event.stacked }) } },
  // Labels the entry the browser shows now (and adds the root beneath a deep link).
  entry: enqueueActions(({ context, enqueue }) => {
    for (const effect of context.startEffects) enqueue({ type: 'applyHistory', params: effect });
  }),
  initial: 'ready',
  states: {
    ready: {
      always: { guard: 'topRedirects', target: 'redirecting' },
      on: {
        'nav.push': { actions: enqueueActions(({ context, event, enqueue }) => apply(enqueue, push(context, context.resolve, event.path))) },
        'nav.replace': {
          actions: enqueueActions(({ context, event, enqueue }) => apply(enqueue, replace(context, context.resolve, event.path))),
        },
        'nav.setSearch': { actions: enqueueActions(({ context, event, enqueue }) => apply(enqueue, setSearch(context, event.search))) },
        'nav.back': { actions: enqueueActions(({ context, enqueue }) => apply(enqueue, back(context))) },
        'nav.go': { actions: [assign({ lastAction: 'go' }), { type: 'applyHistory', params: ({ event }) => ({ type: 'go', delta: event.delta }) }] },
        'nav.popstate': {
          actions: enqueueActions(({ context, event, enqueue }) =>
            apply(enqueue, popstate(context, context.resolve, event.path, event.key, event.index)),
          ),
        },
      },
    },
    /** A forwarding route (/createaccount) shows for a moment, then is replaced by its target. */
    redirecting: {
      after: {
        redirectDelay: {
          target: 'ready',
          actions: enqueueActions(({ context, enqueue }) =>
            apply(enqueue, replace(context, context.resolve, topOf(context).redirectTo ?? '/')),
          ),
        },
      },
      on: {
        'nav.popstate': {
          target: 'ready',
          actions: enqueueActions(({ context, event, enqueue }) =>
            apply(enqueue, popstate(context, context.resolve, event.path, event.key, event.index)),
          ),
        },
      },
    },
  },
});
