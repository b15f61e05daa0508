import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedBillboard, cachedFirstPage, offerCacheTtlMs } from '../../src/services/offerCache.ts';
import { cacheKeyPrefix, clearAll } from '../../src/services/persistedStore.ts';
import { testOffers } from '../machines/fixtures.ts';

describe('offer cache', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => void vi.useRealTimers());

  it('serves a first page for 10 s, one entry per type and category', async () => {
    const load = vi.fn(async () => testOffers(2));
    await cachedFirstPage({ type: 'live', categoryIds: [], offset: 0 }, 'sv', load);
    await cachedFirstPage({ type: 'live', categoryIds: [], offset: 0 }, 'sv', load);
    await cachedFirstPage({ type: 'live', categoryIds: ['jazz'], offset: 0 }, 'sv', load);
    await cachedFirstPage({ type: undefined, categoryIds: [], offset: 0 }, 'sv', load);
    expect(load).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(offerCacheTtlMs);
    await cachedFirstPage({ type: 'live', categoryIds: [], offset: 0 }, 'sv', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("never serves one language's copy in another", async () => {
    const page = { type: 'live' as const, categoryIds: [], offset: 0 };
    const swedish = testOffers(1).map((offer) => ({ ...offer, title: 'Jazz på bryggan' }));
    const norwegian = testOffers(1).map((offer) => ({ ...offer, title: 'Jazz på brygga' }));
    await cachedFirstPage(page, 'sv', async () => swedish);
    expect(await cachedFirstPage(page, 'nb', async () => norwegian)).toEqual(norwegian);
    expect(await cachedFirstPage(page, 'sv', async () => [])).toEqual(swedish);
    const billboard = vi.fn(async () => null);
    await cachedBillboard('sv', billboard);
    await cachedBillboard('en', billboard);
    expect(billboard).toHaveBeenCalledTimes(2);
  });

  it('caches an empty billboard too, and forgets everything on clearAll', async () => {
    const load = vi.fn(async () => null);
    expect(await cachedBillboard('sv', load)).toBeNull();
    expect(await cachedBillboard('sv', load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    clearAll(cacheKeyPrefix);
    expect(localStorage.length).toBe(0);
    await cachedBillboard('sv', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
