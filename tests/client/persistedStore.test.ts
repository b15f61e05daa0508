import { beforeEach, describe, expect, it } from 'vitest';
import { clearAll, persistedStore, readThrough } from '../../src/services/persistedStore.ts';
import { ApiError, failedToFetch } from '../../src/api/apiError.ts';

describe('persisted store', () => {
  let now = 1_000_000;
  const clock = () => now;
  beforeEach(() => {
    localStorage.clear();
    now = 1_000_000;
  });

  it('keeps a value with its last-save time under its own key', () => {
    persistedStore<{ a: number }>({ key: 'k', ttlMs: 10_000, now: clock }).write({ a: 1 });
    expect(localStorage.getItem('k')).toBe('{"a":1}');
    expect(localStorage.getItem('k.savedAt')).toBe('1000000');
    expect(persistedStore({ key: 'k', ttlMs: 10_000, now: clock }).read()).toEqual({ a: 1 });
  });

  it('reads a value until its time-to-live has passed, then keeps it only as the last saved copy', () => {
    const store = persistedStore<string>({ key: 'k', ttlMs: 10_000, now: clock });
    store.write('fresh');
    now += 9_999;
    expect(store.read()).toBe('fresh');
    now += 1;
    expect(store.read()).toBeUndefined();
    expect(store.readLastSaved()).toBe('fresh');
    store.clear();
    expect(store.readLastSaved()).toBeUndefined();
  });

  it('never expires without a time-to-live', () => {
    const store = persistedStore<number>({ key: 'k', now: clock });
    store.write(7);
    now += 365 * 24 * 3600_000;
    expect(store.read()).toBe(7);
  });

  it('treats a missing or future save time as expired', () => {
    localStorage.setItem('k', '1');
    expect(persistedStore({ key: 'k', ttlMs: 10_000, now: clock }).read()).toBeUndefined();
    localStorage.setItem('k', '1');
    localStorage.setItem('k.savedAt', String(now + 60_000));
    expect(persistedStore({ key: 'k', ttlMs: 10_000, now: clock }).read()).toBeUndefined();
  });

  it('keeps null apart from nothing stored', () => {
    const store = persistedStore<null>({ key: 'k', ttlMs: 10_000, now: clock });
    expect(store.read()).toBeUndefined();
    store.write(null);
    expect(store.read()).toBeNull();
  });

  it('reads garbage as empty', () => {
    localStorage.setItem('k', '{not json');
    localStorage.setItem('k.savedAt', String(now));
    expect(persistedStore({ key: 'k', ttlMs: 10_000, now: clock }).read()).toBeUndefined();
  });

  it('never throws when the storage refuses to write', () => {
    const full = { ...localStorage, setItem: () => { throw new Error('QuotaExceededError'); }, getItem: () => null } as unknown as Storage;
    const store = persistedStore<number>({ key: 'k', ttlMs: 10_000, storage: full, now: clock });
    expect(() => store.write(1)).not.toThrow();
    expect(store.read()).toBeUndefined();
  });

  it('clearAll deletes every key with the prefix, data and timestamps, and nothing else', () => {
    persistedStore({ key: 'app.cache.a', ttlMs: 10_000, now: clock }).write(1);
    persistedStore({ key: 'app.cache.b', now: clock }).write(2);
    localStorage.setItem('app.other', 'kept');
    clearAll('app.cache.');
    expect(Object.keys(localStorage)).toEqual(['app.other']);
  });

  it('readThrough loads once and serves the cache until it expires', async () => {
    const store = persistedStore<number>({ key: 'k', ttlMs: 10_000, now: clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await readThrough(store, load)).toBe(1);
    expect(await readThrough(store, load)).toBe(1);
    now += 10_000;
    expect(await readThrough(store, load)).toBe(2);
  });

  it('readThrough gives the last saved copy, however old, only when the load gets no answer at all', async () => {
    const store = persistedStore<number>({ key: 'k', ttlMs: 10_000, now: clock });
    await readThrough(store, async () => 1);
    now += 3_600_000;
    expect(await readThrough(store, () => Promise.reject(failedToFetch()))).toBe(1);
    // Not made fresh by being shown: the next load online asks again.
    expect(store.read()).toBeUndefined();
    const answered = new ApiError(500, 'internal_error', 'Something went wrong');
    await expect(readThrough(store, () => Promise.reject(answered))).rejects.toBe(answered);
    expect(await readThrough(store, async () => 2)).toBe(2);
  });

  it('readThrough offline never gives a saved copy that is not usable (another member’s), nor one that is not there', async () => {
    const store = persistedStore<{ uid: string }>({ key: 'k', ttlMs: 10_000, now: clock });
    await readThrough(store, async () => ({ uid: 'a' }));
    await expect(readThrough(store, () => Promise.reject(failedToFetch()), (user) => user.uid === 'b')).rejects.toMatchObject({ code: 'failed_to_fetch' });
    store.clear();
    await expect(readThrough(store, () => Promise.reject(failedToFetch()))).rejects.toMatchObject({ code: 'failed_to_fetch' });
  });
});
