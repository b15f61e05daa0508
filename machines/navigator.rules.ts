/**
 * The stacked-history rules of the navigator (spec 2.1) as pure functions over its context,
 * so the statechart stays small and every rule can be tested on its own.
 */

/** What the route table says about a path (see src/routes/resolver.ts). */
export interface Resolution {
  /** Path without query or trailing slash. */
  path: string;
  /** Root of the stack the path belongs to: '/', '/more', ... */
  stack: string;
  /** Null when no enabled route matches: the page shows the 404 screen. */
  routeId: string | null;
  params: Record<string, string>;
  /** Set for routes that only forward elsewhere (/createaccount → /). */
  redirectTo?: string;
}

export type Resolve = (path: string) => Resolution;

export interface NavPage extends Resolution {
  /** Unique per page; also stored in the browser history entry that shows it. */
  key: string;
}

export type NavAction = 'none' | 'push' | 'popstate' | 'replace' | 'go' | 'tab' | 'trim';

export interface NavState {
  stacks: Record<string, NavPage[]>;
  /** Registered, enabled stacks in order; the first is the fallback for unknown segments. */
  stackRoots: string[];
  active: string;
  /** Key of the browser history entry now shown. */
  currentKey: string;
  /** Our mirror of this tab's browser history (page keys) and where it stands in it. */
  entries: string[];
  index: number;
  lastAction: NavAction;
  /** Counts re-selections of a stack root while on it: the view scrolls the root to the top. */
  scrollToTop: number;
  nextKey: number;
  /** Differs per page load, so keys restored from history never clash with new ones. */
  keyPrefix: string;
}

/** A history side effect the machine asks for after a rule. */
export type HistoryEffect =
  | { type: 'push'; path: string; key: string }
  | { type: 'replace'; path: string; key: string }
  | { type: 'back' }
  | { type: 'go'; delta: number };

export interface RuleResult {
  state: NavState;
  effects: HistoryEffect[];
}

/** The history bookkeeping of a pushed, replaced or reached entry. */
const pushEntry = (state: NavState, key: string): NavState => ({
  ...state,
  currentKey: key,
  entries: [...state.entries.slice(0, state.index + 1), key],
  index: state.index + 1,
});
const replaceEntry = (state: NavState, key: string): NavState => ({
  ...state,
  currentKey: key,
  entries: state.entries.map((entry, i) => (i === state.index ? key : entry)),
});
/** After back/forward: the nearest entry with this key (keys repeat when tabs are revisited). */
function reachEntry(state: NavState, key: string | null): NavState {
  const candidates = state.entries.map((entry, i) => (entry === key ? i : -1)).filter((i) => i >= 0);
  if (key === null || candidates.length === 0) return { ...state, entries: [key ?? ''], index: 0, currentKey: key ?? state.currentKey };
  const index = candidates.reduce((best, i) => (Math.abs(i - state.index) < Math.abs(best - state.index) ? i : best));
  return { ...state, index, currentKey: key };
}

export const topOf = (state: NavState, stack = state.active): NavPage => {
  const pages = state.stacks[stack]!;
  return pages[pages.length - 1]!;
};

function newPage(state: NavState, resolution: Resolution): [NavPage, NavState] {
  const page = { ...resolution, key: `${state.keyPrefix}${state.nextKey}` };
  return [page, { ...state, nextKey: state.nextKey + 1 }];
}

/** First load (action none): every stack holds its root; a deep link gets its stack's root beneath it. */
export function initialState(
  resolve: Resolve,
  stackRoots: string[],
  location: { path: string; restoredKey: string | null; keyPrefix: string },
): RuleResult {
  const { path, restoredKey, keyPrefix } = location;
  let state: NavState = {
    stacks: {}, stackRoots, active: '', currentKey: '', entries: [''], index: 0, lastAction: 'none', scrollToTop: 0, nextKey: 1, keyPrefix,
  };
  for (const root of stackRoots) {
    const [page, next] = newPage(state, resolve(root));
    state = { ...next, stacks: { ...next.stacks, [root]: [page] } };
  }
  const target = resolve(path);
  const root = topOf(state, target.stack);
  state = { ...state, active: target.stack };
  if (target.path === root.path) {
    const keyed = restoredKey ? { ...root, key: restoredKey } : root;
    state = replaceEntry({ ...state, stacks: { ...state.stacks, [target.stack]: [keyed] } }, keyed.key);
    return { state, effects: [{ type: 'replace', path: keyed.path, key: keyed.key }] };
  }
  // A restored entry (reload) keeps its key; a fresh deep link also gets a history entry for the root beneath.
  const [page, next] = newPage(state, target);
  const deep = restoredKey ? { ...page, key: restoredKey } : page;
  state = { ...next, stacks: { ...next.stacks, [target.stack]: [root, deep] } };
  state = restoredKey ? replaceEntry(state, deep.key) : pushEntry(replaceEntry(state, root.key), deep.key);
  const effects: HistoryEffect[] = restoredKey
    ? [{ type: 'replace', path: deep.path, key: deep.key }]
    : [
        { type: 'replace', path: root.path, key: root.key },
        { type: 'push', path: deep.path, key: deep.key },
      ];
  return { state, effects };
}

/** Push: a new page, a tab switch (another stack's root), or a root re-selection (trim or scroll). */
export function push(state: NavState, resolve: Resolve, path: string): RuleResult {
  const target = resolve(path);
  const pages = state.stacks[target.stack]!;
  const isRoot = target.path === pages[0]!.path;
  if (target.stack === state.active && target.path === topOf(state).path) {
    return isRoot ? { state: { ...state, lastAction: 'trim', scrollToTop: state.scrollToTop + 1 }, effects: [] } : { state, effects: [] };
  }
  if (isRoot && target.stack === state.active) {
    const root = pages[0]!;
    return {
      state: pushEntry({ ...state, stacks: { ...state.stacks, [target.stack]: [root] }, lastAction: 'trim' }, root.key),
      effects: [{ type: 'push', path: root.path, key: root.key }],
    };
  }
  if (isRoot) {
    const top = topOf(state, target.stack);
    return {
      state: pushEntry({ ...state, active: target.stack, lastAction: 'tab' }, top.key),
      effects: [{ type: 'push', path: top.path, key: top.key }],
    };
  }
  const [page, next] = newPage(state, target);
  return {
    state: pushEntry({ ...next, stacks: { ...next.stacks, [target.stack]: [...pages, page] }, active: target.stack, lastAction: 'push' }, page.key),
    effects: [{ type: 'push', path: page.path, key: page.key }],
  };
}

/** Replace: the top page of the path's stack becomes the new page; stack sizes stay the same. */
export function replace(state: NavState, resolve: Resolve, path: string): RuleResult {
  const target = resolve(path);
  const pages = state.stacks[target.stack]!;
  const [page, next] = newPage(state, target);
  return {
    state: replaceEntry({ ...next, stacks: { ...next.stacks, [target.stack]: [...pages.slice(0, -1), page] }, active: target.stack, lastAction: 'replace' }, page.key),
    effects: [{ type: 'replace', path: page.path, key: page.key }],
  };
}

/**
 * The app's back button: the browser's back when the history entry before is the page beneath
 * (the popstate then pops it); otherwise pop here and show the page beneath in this entry.
 */
export function back(state: NavState): RuleResult {
  const pages = state.stacks[state.active]!;
  if (pages.length < 2) return { state, effects: [] };
  const beneath = pages[pages.length - 2]!;
  if (state.index > 0 && state.entries[state.index - 1] === beneath.key) return { state, effects: [{ type: 'back' }] };
  return {
    state: replaceEntry({ ...state, stacks: { ...state.stacks, [state.active]: pages.slice(0, -1) }, lastAction: 'popstate' }, beneath.key),
    effects: [{ type: 'replace', path: beneath.path, key: beneath.key }],
  };
}

/**
 * Browser back or forward landed on `path`: the stack holding the entry's page is cut back to
 * it; an entry whose page is gone (forward again) is pushed anew. A stack never drops below one.
 */
export function popstate(state: NavState, resolve: Resolve, path: string, key: string | null): RuleResult {
  const target = resolve(path);
  const pages = state.stacks[target.stack]!;
  let index = key ? pages.findIndex((page) => page.key === key) : -1;
  if (index < 0) index = pages.map((page) => page.path).lastIndexOf(target.path);
  if (index >= 0) {
    const kept = pages.slice(0, index + 1);
    const reached = reachEntry({ ...state, stacks: { ...state.stacks, [target.stack]: kept }, active: target.stack, lastAction: 'popstate' }, key);
    return {
      state: key ? reached : replaceEntry(reached, kept[index]!.key),
      effects: key ? [] : [{ type: 'replace', path: kept[index]!.path, key: kept[index]!.key }],
    };
  }
  const [page, next] = newPage(state, target);
  const keyed = key ? { ...page, key } : page;
  const reached = reachEntry({ ...next, stacks: { ...next.stacks, [target.stack]: [...pages, keyed] }, active: target.stack, lastAction: 'push' }, key);
  return {
    state: key ? reached : replaceEntry(reached, keyed.key),
    effects: key ? [] : [{ type: 'replace', path: keyed.path, key: keyed.key }],
  };
}
