import { describe, expect, it } from 'vitest';
import { back, initialState, popstate, push, replace, topOf, type NavState } from '../../machines/navigator.rules.ts';
import { createResolver } from '../../src/routes/resolver.ts';
import { testBrand } from './fixtures.ts';

const { resolve, stackRoots } = createResolver({ settings: testBrand().settings, testMode: false });
const start = (path = '/', restoredKey: string | null = null) =>
  initialState(resolve, stackRoots, { path, restoredKey, keyPrefix: 't' });
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
    expect(borealis.stackRoots).toEqual(['/', '/benefit', '/live', '/search', '/more']);
    expect(borealis.resolve('/editorial')).toMatchObject({ stack: '/', routeId: null });
    expect(borealis.resolve('/more/restaurant').routeId).toBeNull();
    expect(resolve('/more/dev_test').routeId).toBeNull();
    expect(createResolver({ settings: testBrand().settings, testMode: true }).resolve('/more/dev_test').routeId).toBe('/more/dev_test');
  });
});

describe('stacked history rules', () => {
  it('starts every stack at its root; a deep link gets its root beneath and a history entry for it', () => {
    const { state, effects } = start('/more/faq');
    expect(state.active).toBe('/more');
    expect(paths(state)).toEqual(['/more', '/more/faq']);
    expect(paths(state, '/')).toEqual(['/']);
    expect(effects).toEqual([
      { type: 'replace', path: '/more', key: state.stacks['/more']![0]!.key },
      { type: 'push', path: '/more/faq', key: state.currentKey },
    ]);
  });

  it('after a reload keeps the restored key and adds no history entry', () => {
    const { state, effects } = start('/more/faq', 'old7');
    expect(state.currentKey).toBe('old7');
    expect(effects).toEqual([{ type: 'replace', path: '/more/faq', key: 'old7' }]);
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
    expect(tab.effects).toEqual([{ type: 'push', path: '/more/faq', key: topOf(tab.state).key }]);
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

  it('replace changes the top page only', () => {
    const state = push(start('/').state, resolve, '/mixedFeed/live/1').state;
    const replaced = replace(state, resolve, '/mixedFeed/live/2').state;
    expect(paths(replaced)).toEqual(['/', '/mixedFeed/live/2']);
  });

  it('back uses the browser history when the entry before is the page beneath, else pops here', () => {
    const pushed = push(start('/').state, resolve, '/mixedFeed/live/1').state;
    expect(back(pushed).effects).toEqual([{ type: 'back' }]);
    const reloaded = start('/more/faq', 'restored').state;
    const popped = back(reloaded);
    expect(paths(popped.state)).toEqual(['/more']);
    expect(popped.effects).toEqual([{ type: 'replace', path: '/more', key: popped.state.currentKey }]);
    expect(back(popped.state).effects).toEqual([]);
  });

  it('popstate cuts the stack back to the entry, switches tabs, and re-pushes a forward entry', () => {
    let state = start('/').state;
    state = push(state, resolve, '/mixedFeed/live/1').state;
    const live1 = state.currentKey;
    state = push(state, resolve, '/mixedFeed/live/2').state;
    state = popstate(state, resolve, '/mixedFeed/live/1', live1).state;
    expect(paths(state)).toEqual(['/', '/mixedFeed/live/1']);
    const forward = popstate(state, resolve, '/mixedFeed/live/2', 'gone-key').state;
    expect(paths(forward)).toEqual(['/', '/mixedFeed/live/1', '/mixedFeed/live/2']);
    expect(forward.currentKey).toBe('gone-key');
    const otherTab = popstate(forward, resolve, '/more', forward.stacks['/more']![0]!.key).state;
    expect(otherTab.active).toBe('/more');
    expect(paths(otherTab, '/')).toEqual(['/', '/mixedFeed/live/1', '/mixedFeed/live/2']);
  });

  it('never lets a stack drop below its root', () => {
    const state = start('/').state;
    const root = state.stacks['/']![0]!;
    expect(paths(popstate(state, resolve, '/', root.key).state)).toEqual(['/']);
  });
});
