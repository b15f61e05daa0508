import { describe, expect, it } from 'vitest';
import { initialState, push, setSearch, snapshotOf, topOf, urlOf } from '../../machines/navigator.rules.ts';
import { createResolver } from '../../src/routes/resolver.ts';
import { testBrand } from './fixtures.ts';

const { resolve, stackRoots } = createResolver({ settings: testBrand().settings, testMode: false });
const start = (path: string, saved: ReturnType<typeof snapshotOf> | null = null) =>
  initialState(resolve, stackRoots, { path, restored: null, saved, keyPrefix: 't' }).state;

describe('a page query in the navigator', () => {
  it('is read from the address, empty values dropped, and kept apart from the path', () => {
    expect(resolve('/search?q=jazz&x=#top')).toMatchObject({ path: '/search', search: '?q=jazz' });
    expect(resolve('/live')).not.toHaveProperty('search');
  });

  it('changes on the shown page in the same history entry, and nothing when it is the same', () => {
    const state = start('/live');
    const changed = setSearch(state, '?category=jazz');
    expect(urlOf(topOf(changed.state))).toBe('/live?category=jazz');
    expect(topOf(changed.state).key).toBe(topOf(state).key);
    expect(changed.effects).toEqual([{ type: 'replace', path: '/live?category=jazz', key: topOf(state).key, index: state.index }]);
    expect(setSearch(changed.state, '?category=jazz').effects).toEqual([]);
    expect(urlOf(topOf(setSearch(changed.state, '').state))).toBe('/live');
  });

  it('survives a reload in the saved stacks and from the address bar', () => {
    const filtered = setSearch(start('/live'), '?category=jazz').state;
    const deeper = push(filtered, resolve, '/live/live/offer-1').state;
    const reloaded = start('/live/live/offer-1', snapshotOf(deeper));
    expect(urlOf(reloaded.stacks['/live']![0]!)).toBe('/live?category=jazz');
    expect(urlOf(topOf(start('/search?q=jazz')))).toBe('/search?q=jazz');
  });
});
