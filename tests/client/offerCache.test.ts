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
    await cachedFirstPage({ type: 'live', categoryIds: [], offset: 0 }, load);
    await cachedFirstPage({ type: 'live', categoryIds: [], offset: 0 }, load);
    await cachedFirstPage({ type: 'live', categoryIds: ['jazz'], offset: 0 }, load);
    await cachedFirstPage({ type: undefined, categoryIds: [], offset: 0 }, load);
    expect(load).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(offerCacheTtlMs);
    await cachedFirstPage({ type: 'live', categoryIds: [], offset: 0 }, load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('caches an empty billboard too, and forgets everything on clearAll', async () => {
    const load = vi.fn(async () => null);
    expect(await cachedBillboard(load)).toBeNull();
    expect(await cachedBillboard(load)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    clearAll(cacheKeyPrefix);
    expect(localStorage.length).toBe(0);
    await cachedBillboard(load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
