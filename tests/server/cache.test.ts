import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../server/cache.ts';

describe('TtlCache', () => {
  it('answers from the cache until the TTL has passed', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<string, number>({ ttlMs: 1000, maxEntries: 10, now: () => now });
    const load = async () => ++loads;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 999;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    now = 1000;
    expect(await cache.getOrLoad('a', load)).toBe(2);
  });

  it('shares one load between concurrent callers', async () => {
    let loads = 0;
    const cache = new TtlCache<string, number>({ ttlMs: 1000, maxEntries: 10 });
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all([cache.getOrLoad('a', load), cache.getOrLoad('a', load)])).toEqual([1, 1]);
  });

  it('drops the oldest entry when full, and caches nothing with a TTL of 0', () => {
    const cache = new TtlCache<string, number>({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
    const off = new TtlCache<string, number>({ ttlMs: 0, maxEntries: 2 });
    off.set('a', 1);
    expect(off.get('a')).toBeUndefined();
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache<string, number>({ ttlMs: 1000, maxEntries: 2 });
    await expect(cache.getOrLoad('a', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.getOrLoad('a', async () => 7)).toBe(7);
  });

  it('keeps a load that began before a delete out of the cache (the value changed meanwhile)', async () => {
    const cache = new TtlCache<string, string>({ ttlMs: 1000, maxEntries: 10 });
    let finish!: (value: string) => void;
    const stale = cache.getOrLoad('a', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.delete('a');
    const fresh = cache.getOrLoad('a', async () => 'new');
    finish('old');
    expect(await stale).toBe('old');
    expect(await fresh).toBe('new');
    expect(cache.get('a')).toBe('new');
  });
});
