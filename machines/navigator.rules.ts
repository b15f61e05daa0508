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
  /** A page of no tab's section (checkout): the tab bar highlights none while it shows. */
  outsideTabs?: true;
  /** The page's query ('?q=jazz'), kept in its URL so reload and back keep it; absent when empty. */
  search?: string;
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

/** A history side effect the machine asks for; `index` is the entry's position in this tab's history. */
export type HistoryEffect =
  | { type: 'push'; path: string; key: string; index: number }
  | { type: 'replace'; path: string; key: string; index: number }
  | { type: 'back' }
  | { type: 'go'; delta: number };

export interface RuleResult {
  state: NavState;
  effects: HistoryEffect[];
}

/** What survives a reload (kept per browser tab): every stack's pages and the history mirror. */
export interface SavedNavigation {
  stacks: Record<string, { key: string; path: string }[]>;
  entries: string[];
}

/** Where the browser is when the navigator starts. */
export interface StartLocation {
  path: string;
  /** Our key and position in the current history entry (after a reload or a return to the page). */
  restored: { key: string; index: number } | null;
  saved: SavedNavigation | null;
  keyPrefix: string;
}

/** The address a page shows in the browser: its path and query. */
export const urlOf = (page: Pick<Resolution, 'path' | 'search'>): string => page.path + (page.search ?? '');

/** A page with another query (kept only when not empty). */
const withSearch = <P extends Resolution>(page: P, search: string | undefined): P => {
  const { search: _old, ...rest } = page;
  return (search ? { ...rest, search } : rest) as P;
};

export const snapshotOf = (state: NavState): SavedNavigation => ({
  stacks: Object.fromEntries(Object.entries(state.stacks).map(([root, pages]) => [root, pages.map((page) => ({ key: page.key, path: urlOf(page) }))])),
  entries: state.entries,
});

const pushEntry = (state: NavState, key: string): [NavState, HistoryEffect] => {
  const index = state.index + 1;
  const next = { ...state, currentKey: key, entries: [...state.entries.slice(0, index), key], index };
  return [next, { type: 'push', path: urlOf(findPage(next, key)!), key, index }];
};

const replaceEntry = (state: NavState, key: string): [NavState, HistoryEffect] => {
  const entries = [...state.entries];
  entries[state.index] = key;
  const next = { ...state, currentKey: key, entries };
  return [next, { type: 'replace', path: urlOf(findPage(next, key)!), key, index: state.index }];
};

/** After back/forward: the entry's own position, when it carries one. */
function reachEntry(state: NavState, key: string, index: number | null): NavState {
  if (index === null) return { ...state, currentKey: key, entries: [key], index: 0 };
  const entries = [...state.entries];
  entries[index] = key;
  return { ...state, currentKey: key, entries: Array.from(entries, (entry) => entry ?? ''), index };
}

function findPage(state: NavState, key: string): NavPage | undefined {
  for (const pages of Object.values(state.stacks)) {
    const page = pages.find((p) => p.key === key);
    if (page) return page;
  }
  return undefined;
}

export const topOf = (state: NavState, stack = state.active): NavPage => {
  const pages = state.stacks[stack]!;
  return pages[pages.length - 1]!;
};

function newPage(state: NavState, resolution: Resolution): [NavPage, NavState] {
  const page = { ...resolution, key: `${state.keyPrefix}${state.nextKey}` };
  return [page, { ...state, nextKey: state.nextKey + 1 }];
}

const withStack = (state: NavState, stack: string, pages: NavPage[]): NavState => ({
  ...state,
  stacks: { ...state.stacks, [stack]: pages },
});

/**
 * First load (action none). After a reload the saved stacks come back as they were; otherwise
 * every stack holds its root, and a deep link gets its stack's root beneath it.
 */
export function initialState(resolve: Resolve, stackRoots: string[], location: StartLocation): RuleResult {
  const { restored, saved, keyPrefix } = location;
  let state: NavState = {
    stacks: {}, stackRoots, active: '', currentKey: '', entries: [''], index: 0, lastAction: 'none', scrollToTop: 0, nextKey: 1, keyPrefix,
  };
  for (const root of stackRoots) {
    const kept = saved?.stacks[root]?.map(({ key, path }) => ({ ...resolve(path), key })) ?? [];
    const [page, next] = newPage(state, resolve(root));
    // A saved stack is used only while it still belongs here (flags may have changed).
    const usable = kept.length > 0 && kept.every((p) => p.stack === root) && kept[0]!.path === page.path;
    state = withStack(next, root, usable ? kept : [page]);
  }
  const target = resolve(location.path);
  if (restored && saved && findPage(state, restored.key)?.path === target.path) {
    const pages = state.stacks[target.stack]!;
    const at = pages.findIndex((p) => p.key === restored.key);
    if (at >= 0) {
      state = withStack({ ...state, active: target.stack, entries: saved.entries, index: restored.index, currentKey: restored.key }, target.stack, pages.slice(0, at + 1));
      return { state, effects: [] };
    }
  }
  const root = state.stacks[target.stack]![0]!;
  state = withStack({ ...state, active: target.stack }, target.stack, [root]);
  if (target.path === root.path) {
    // The root as the address bar has it, query included (a reload of /search?q=jazz).
    const keyed = withSearch(restored ? { ...root, key: restored.key } : root, target.search);
    const [labeled, effect] = replaceEntry(withStack(state, target.stack, [keyed]), keyed.key);
    return { state: labeled, effects: [effect] };
  }
  // The root goes beneath without an entry of its own: the app's back pops in place to it.
  const [page, next] = newPage(state, target);
  const deep = restored ? { ...page, key: restored.key } : page;
  const [labeled, effect] = replaceEntry(withStack(next, target.stack, [root, deep]), deep.key);
  return { state: labeled, effects: [effect] };
}

/** Push: a new page, a tab switch (another stack's root or top), or a root re-selection (trim or scroll). */
export function push(state: NavState, resolve: Resolve, path: string): RuleResult {
  const target = resolve(path);
  const pages = state.stacks[target.stack]!;
  const isRoot = target.path === pages[0]!.path;
  const isTop = target.path === pages[pages.length - 1]!.path;
  if (target.stack === state.active && isTop) {
    return isRoot ? { state: { ...state, lastAction: 'trim', scrollToTop: state.scrollToTop + 1 }, effects: [] } : { state, effects: [] };
  }
  if (target.stack === state.active && isRoot) {
    const [trimmed, effect] = pushEntry({ ...withStack(state, target.stack, [pages[0]!]), lastAction: 'trim' }, pages[0]!.key);
    return { state: trimmed, effects: [effect] };
  }
  if (target.stack !== state.active && (isRoot || isTop)) {
    const [switched, effect] = pushEntry({ ...state, active: target.stack, lastAction: 'tab' }, topOf(state, target.stack).key);
    return { state: switched, effects: [effect] };
  }
  const [page, next] = newPage(state, target);
  const [pushed, effect] = pushEntry({ ...withStack(next, target.stack, [...pages, page]), active: target.stack, lastAction: 'push' }, page.key);
  return { state: pushed, effects: [effect] };
}

/**
 * Replace: the top page of the path's stack becomes the new page in the same history entry.
 * The root itself is never replaced: replacing by the root trims to it; on a root-only stack the page goes above it.
 */
export function replace(state: NavState, resolve: Resolve, path: string): RuleResult {
  const target = resolve(path);
  const pages = state.stacks[target.stack]!;
  const root = pages[0]!;
  if (target.path === root.path) {
    const [trimmed, effect] = replaceEntry({ ...withStack(state, target.stack, [root]), active: target.stack, lastAction: 'replace' }, root.key);
    return { state: trimmed, effects: [effect] };
  }
  const [page, next] = newPage(state, target);
  const kept = pages.length > 1 ? pages.slice(0, -1) : pages;
  const [replaced, effect] = replaceEntry({ ...withStack(next, target.stack, [...kept, page]), active: target.stack, lastAction: 'replace' }, page.key);
  return { state: replaced, effects: [effect] };
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
  const [popped, effect] = replaceEntry({ ...withStack(state, state.active, pages.slice(0, -1)), lastAction: 'popstate' }, beneath.key);
  return { state: popped, effects: [effect] };
}

/**
 * Browser back or forward landed on an entry: the stack holding its page is cut back to it; an
 * entry whose page is gone (forward again) is put back on top. A stack never drops below one.
 */
export function popstate(state: NavState, resolve: Resolve, path: string, key: string | null, entryIndex: number | null): RuleResult {
  const target = resolve(path);
  const pages = state.stacks[target.stack]!;
  let at = key ? pages.findIndex((page) => page.key === key) : -1;
  if (at < 0 && !key) at = pages.map((page) => page.path).lastIndexOf(target.path);
  if (at >= 0) {
    const kept = pages.slice(0, at + 1);
    const moved = { ...withStack(state, target.stack, kept), active: target.stack, lastAction: 'popstate' as const };
    if (key) return { state: reachEntry(moved, key, entryIndex), effects: [] };
    const [labeled, effect] = replaceEntry(reachEntry(moved, kept[at]!.key, null), kept[at]!.key);
    return { state: labeled, effects: [effect] };
  }
  const [page, next] = newPage(state, target);
  const keyed = key ? { ...page, key } : page;
  const moved = { ...withStack(next, target.stack, [...pages, keyed]), active: target.stack, lastAction: 'popstate' as const };
  if (key) return { state: reachEntry(moved, key, entryIndex), effects: [] };
  const [labeled, effect] = replaceEntry(reachEntry(moved, keyed.key, null), keyed.key);
  return { state: labeled, effects: [effect] };
}

/**
 * The shown page's query changes (the member types a search or picks a category): the same page
 * in the same history entry, with the new query in its address.
 */
export function setSearch(state: NavState, search: string): RuleResult {
  const pages = state.stacks[state.active]!;
  const top = pages[pages.length - 1]!;
  if ((top.search ?? '') === search) return { state, effects: [] };
  const moved = withStack(state, state.active, [...pages.slice(0, -1), withSearch(top, search)]);
  const [replaced, effect] = replaceEntry({ ...moved, lastAction: 'replace' }, top.key);
  return { state: replaced, effects: [effect] };
}
