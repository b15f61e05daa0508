import { describe, expect, it } from 'vitest';
import { back, initialState, popstate, push, replace, snapshotOf, topOf, type NavState, type SavedNavigation } from '../../machines/navigator.rules.ts';
import { createResolver } from '../../src/routes/resolver.ts';
import { testBrand } from './fixtures.ts';

const { resolve, stackRoots } = createResolver({ settings: testBrand().settings, testMode: false });
const start = (path = '/', restored: { key: string; index: number } | null = null, saved: SavedNavigation | null = null) =>
  initialState(resolve, stackRoots, { path, restored, saved, keyPrefix: 't' });
const paths = (state: NavState, stack = state.active) => state.stacks[stack]!.map((page) => page.path);

describe('resolving paths to stacks and routes', () => {
  it.each([
    ['/', '/', '/'],
    ['/more/faq', '/more', '/more/faq'],
    ['/more/', '/more', '/more'],
    ['/live/42', '/live', '/$type/$id'],
    ['/mixedFeed/benefit/7', '/', '/$origin/$type/$id'],
    ['/search/editorial/3', '/search', '/search/$type/$id'],
    ['/more/restaurant/s/9', '/more', '/more/restaurant/s/$id'],
  ])('%s is in stack %s, route %s', (path, stack, routeId) => {
    expect(resolve(path)).toMatchObject({ stack, routeId });
  });

  it('captures parameters by name', () => {
    expect(resolve('/mixedFeed/live/42?x=1').params).toEqual({ origin: 'mixedFeed', type: 'live', id: '42' });
  });

  it('falls back to the first stack for an unknown first segment, and shows a missing page for no route', () => {
    expect(resolve('/nowhere')).toEqual({ path: '/nowhere', stack: '/', routeId: null, params: {} });
    expect(resolve('/a/b/c/d').routeId).toBeNull();
    expect(resolve('/more/concert/5').routeId).toBeNull();
  });

  it('skips disabled routes and stacks', () => {
    const borealis = createResolver({ settings: { ...testBrand().settings, showEditorial: false, restaurant: false }, testMode: false });
    expect(borealis.stackRoots).toEqual(['/', '/benefit', '/live', '/search', '/more', '/door']);
    expect(borealis.resolve('/editorial')).toMatchObject({ stack: '/', routeId: null });
    expect(borealis.resolve('/more/restaurant').routeId).toBeNull();
    expect(resolve('/more/dev_test').routeId).toBeNull();
    expect(createResolver({ settings: testBrand().settings, testMode: true }).resolve('/more/dev_test').routeId).toBe('/more/dev_test');
  });
});

describe('stacked history rules', () => {
  it('starts every stack at its root; a deep link gets its root beneath, in the same history entry', () => {
    const { state, effects } = start('/more/faq');
    expect(state.active).toBe('/more');
    expect(paths(state)).toEqual(['/more', '/more/faq']);
    expect(paths(state, '/')).toEqual(['/']);
    expect(effects).toEqual([{ type: 'replace', path: '/more/faq', key: state.currentKey, index: 0 }]);
  });

  it('after a reload brings back every saved stack and the history position', () => {
    let before = start('/').state;
    before = push(before, resolve, '/mixedFeed/live/1').state;
    before = push(before, resolve, '/mixedFeed/live/2').state;
    before = push(before, resolve, '/more').state;
    before = push(before, resolve, '/more/faq').state;
    before = push(before, resolve, '/').state;
    const reloaded = start('/mixedFeed/live/2', { key: before.currentKey, index: before.index }, snapshotOf(before));
    expect(reloaded.effects).toEqual([]);
    expect(paths(reloaded.state)).toEqual(['/', '/mixedFeed/live/1', '/mixedFeed/live/2']);
    expect(paths(reloaded.state, '/more')).toEqual(['/more', '/more/faq']);
    const backed = popstate(reloaded.state, resolve, '/more/faq', before.stacks['/more']![1]!.key, before.index - 1).state;
    expect(backed.active).toBe('/more');
    expect(paths(backed)).toEqual(['/more', '/more/faq']);
  });

  it('after a reload without saved stacks keeps the entry key and adds no history entry', () => {
    const { state, effects } = start('/more/faq', { key: 'old7', index: 3 });
    expect(state.currentKey).toBe('old7');
    expect(effects).toEqual([{ type: 'replace', path: '/more/faq', key: 'old7', index: 0 }]);
  });

  it('pushes onto the active stack and remembers each tab', () => {
    let state = start('/').state;
    state = push(state, resolve, '/more').state;
    expect(state.active).toBe('/more');
    state = push(state, resolve, '/more/faq').state;
    state = push(state, resolve, '/').state;
    expect(state.active).toBe('/');
    const tab = push(state, resolve, '/more');
    expect(tab.state.active).toBe('/more');
    expect(topOf(tab.state).path).toBe('/more/faq');
    expect(tab.effects).toEqual([{ type: 'push', path: '/more/faq', key: topOf(tab.state).key, index: tab.state.index }]);
  });

  it("trims a stack to its root when its root is chosen on it, then asks to scroll to the top", () => {
    let state = start('/more/faq').state;
    const trimmed = push(state, resolve, '/more');
    expect(paths(trimmed.state)).toEqual(['/more']);
    state = trimmed.state;
    const again = push(state, resolve, '/more');
    expect(again.state.scrollToTop).toBe(state.scrollToTop + 1);
    expect(again.effects).toEqual([]);
  });

  it('replace changes the top page only, never the root', () => {
    const state = push(start('/').state, resolve, '/mixedFeed/live/1').state;
    const replaced = replace(state, resolve, '/mixedFeed/live/2').state;
    expect(paths(replaced)).toEqual(['/', '/mixedFeed/live/2']);
    expect(paths(replace(replaced, resolve, '/').state)).toEqual(['/']);
    expect(paths(replace(start('/').state, resolve, '/mixedFeed/live/3').state)).toEqual(['/', '/mixedFeed/live/3']);
  });

  it('opening the page a tab already shows switches to that tab instead of stacking it twice', () => {
    let state = start('/').state;
    state = push(state, resolve, '/more/faq').state;
    state = push(state, resolve, '/').state;
    state = push(state, resolve, '/more/faq').state;
    expect(state.active).toBe('/more');
    expect(paths(state)).toEqual(['/more', '/more/faq']);
  });

  it('keeps its place in history across back and forward over tab switches', () => {
    let state = start('/').state;
    for (const path of ['/more', '/more/faq', '/', '/more']) state = push(state, resolve, path).state;
    // Browser: Back, Back, Forward, Forward — each entry carries its own position.
    const entry = (s: NavState, index: number) => ({ key: s.entries[index]!, path: topPathOf(s, s.entries[index]!) });
    const walk = (s: NavState, index: number) => popstate(s, resolve, entry(s, index).path, entry(s, index).key, index).state;
    state = walk(walk(walk(walk(state, state.index - 1), state.index - 2), state.index - 1), state.index);
    expect(state.active).toBe('/more');
    expect(paths(state)).toEqual(['/more', '/more/faq']);
    // The entry before is the Home tab, so the app's back pops in place to the More root.
    const popped = back(state);
    expect(paths(popped.state)).toEqual(['/more']);
    expect(popped.effects).toEqual([{ type: 'replace', path: '/more', key: popped.state.currentKey, index: state.index }]);
  });

  it('back uses the browser history when the entry before is the page beneath, else pops here', () => {
    const pushed = push(start('/').state, resolve, '/mixedFeed/live/1').state;
    expect(back(pushed).effects).toEqual([{ type: 'back' }]);
    const deepLink = start('/more/faq').state;
    const popped = back(deepLink);
    expect(paths(popped.state)).toEqual(['/more']);
    expect(popped.effects).toEqual([{ type: 'replace', path: '/more', key: popped.state.currentKey, index: 0 }]);
    expect(back(popped.state).effects).toEqual([]);
  });

  it('popstate cuts the stack back to the entry, switches tabs, and re-pushes a forward entry', () => {
    let state = start('/').state;
    state = push(state, resolve, '/mixedFeed/live/1').state;
    const live1 = state.currentKey;
    state = push(state, resolve, '/mixedFeed/live/2').state;
    state = popstate(state, resolve, '/mixedFeed/live/1', live1, 1).state;
    expect(paths(state)).toEqual(['/', '/mixedFeed/live/1']);
    const forward = popstate(state, resolve, '/mixedFeed/live/2', 'gone-key', 2).state;
    expect(paths(forward)).toEqual(['/', '/mixedFeed/live/1', '/mixedFeed/live/2']);
    expect(forward.currentKey).toBe('gone-key');
    const otherTab = popstate(forward, resolve, '/more', forward.stacks['/more']![0]!.key, 3).state;
    expect(otherTab.active).toBe('/more');
    expect(paths(otherTab, '/')).toEqual(['/', '/mixedFeed/live/1', '/mixedFeed/live/2']);
  });

  it('never lets a stack drop below its root', () => {
    const state = start('/').state;
    const root = state.stacks['/']![0]!;
    expect(paths(popstate(state, resolve, '/', root.key, 0).state)).toEqual(['/']);
  });
});

function topPathOf(state: NavState, key: string): string {
  for (const pages of Object.values(state.stacks)) {
    const page = pages.find((p) => p.key === key);
    if (page) return page.path;
  }
  throw new Error(`no page ${key}`);
}
