import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedCategories, cachedUser, categoryCacheTtlMs, forgetUser, rememberUser, userCacheTtlMs } from '../../src/services/memberCache.ts';
import { cacheKeyPrefix, clearAll } from '../../src/services/persistedStore.ts';
import type { CategoryList } from '../../contract/offer.ts';
import { testMember } from '../machines/fixtures.ts';

const { user } = testMember();
const categories = (name: string): CategoryList => ({ list: [{ id: 'c1', name, typeList: ['live'] }], record: { c1: { id: 'c1', name, typeList: ['live'] } } });

describe('user and category caches (spec 3, 4)', () => {
  let loads = 0;
  const loadUser = async () => {
    loads++;
    return user;
  };
  beforeEach(() => {
    localStorage.clear();
    loads = 0;
    vi.useRealTimers();
  });

  it('keep the user in the persisted store for its time-to-live, then load it again', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    await cachedUser(user.id, loadUser);
    await cachedUser(user.id, loadUser);
    expect(loads).toBe(1);
    expect(localStorage.getItem(`${cacheKeyPrefix}user.savedAt`)).toBe('1000000');
    vi.setSystemTime(1_000_000 + userCacheTtlMs);
    await cachedUser(user.id, loadUser);
    expect(loads).toBe(2);
  });

  it('never give one account the cached user of another', async () => {
    await cachedUser(user.id, loadUser);
    await cachedUser('someone-else', loadUser);
    expect(loads).toBe(2);
  });

  it('are cleared on sign-out with the other caches, and the user on account deletion', async () => {
    await cachedUser(user.id, loadUser);
    await cachedCategories(async () => categories('Music'), 'en');
    clearAll(cacheKeyPrefix);
    expect(localStorage.length).toBe(0);

    rememberUser({ ...user, firstName: 'Saved' });
    await expect(cachedUser(user.id, loadUser)).resolves.toMatchObject({ firstName: 'Saved' });
    forgetUser();
    await expect(cachedUser(user.id, loadUser)).resolves.toMatchObject({ firstName: 'Maja' });
  });

  it('keep categories per language for their time-to-live', async () => {
    vi.useFakeTimers({ now: 5_000_000, toFake: ['Date'] });
    await cachedCategories(async () => categories('Music'), 'en');
    await expect(cachedCategories(async () => categories('Musik'), 'sv')).resolves.toMatchObject({ list: [{ name: 'Musik' }] });
    await expect(cachedCategories(async () => categories('changed'), 'en')).resolves.toMatchObject({ list: [{ name: 'Music' }] });
    vi.setSystemTime(5_000_000 + categoryCacheTtlMs);
    await expect(cachedCategories(async () => categories('changed'), 'en')).resolves.toMatchObject({ list: [{ name: 'changed' }] });
  });
});
