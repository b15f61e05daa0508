import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedMapSettings, cachedRestaurant, cachedRestaurants, restaurantCacheTtlMs } from '../../src/services/restaurantCache.ts';
import { cacheKeyPrefix, clearAll } from '../../src/services/persistedStore.ts';
import { getRestaurant, getRestaurants } from '../../src/api/restaurants.ts';
import { mapSettings, restaurant, restaurantApi, restaurants } from './restaurantFixtures.ts';

describe('the restaurant caches', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => void vi.useRealTimers());

  it('serve the restaurants and the map settings without asking again for 30 minutes', async () => {
    const list = vi.fn(async () => restaurants);
    const settings = vi.fn(async () => mapSettings());
    await cachedRestaurants('en', list);
    await cachedMapSettings(settings);
    vi.advanceTimersByTime(restaurantCacheTtlMs - 1);
    expect(await cachedRestaurants('en', list)).toEqual(restaurants);
    expect(await cachedMapSettings(settings)).toEqual(mapSettings());
    expect([list.mock.calls.length, settings.mock.calls.length]).toEqual([1, 1]);
    vi.advanceTimersByTime(1);
    await cachedRestaurants('en', list);
    await cachedMapSettings(settings);
    expect([list.mock.calls.length, settings.mock.calls.length]).toEqual([2, 2]);
  });

  it('keep each language’s restaurants apart (descriptions and countries are in the member’s language)', async () => {
    await cachedRestaurants('en', async () => [restaurant({ id: 'r-1', name: 'Aster', country: 'Sweden' })]);
    const swedish = await cachedRestaurants('sv', async () => [restaurant({ id: 'r-1', name: 'Aster', country: 'Sverige' })]);
    expect(swedish[0]!.country).toBe('Sverige');
    expect((await cachedRestaurant('en', 'r-1', async () => { throw new Error('not asked'); })).country).toBe('Sweden');
  });

  it('are forgotten with the member caches at sign-out (the settings are the member’s role’s)', async () => {
    const settings = vi.fn(async () => mapSettings());
    await cachedMapSettings(settings);
    await cachedRestaurants('en', async () => restaurants);
    clearAll(cacheKeyPrefix);
    await cachedMapSettings(settings);
    expect(settings).toHaveBeenCalledTimes(2);
    const one = vi.fn(async () => restaurants[0]!);
    await cachedRestaurant('en', 'r-1', one);
    expect(one).toHaveBeenCalledTimes(1);
  });

  it('ask GET /v1/get_list/restaurant with limit 100 and GET /v1/get/restaurant with the id; our widget points at the API', async () => {
    const { api, calls } = restaurantApi();
    const remote = { ...api, baseUrl: 'https://api.example.com' };
    const list = await getRestaurants(remote);
    expect(list.find((r) => r.id === 'r-1')!.restaurantWidgetUrl).toBe('https://api.example.com/booking/aurora/r-1');
    expect(list.find((r) => r.id === 'r-2')!.restaurantWidgetUrl).toBeNull();
    expect((await getRestaurant(api, 'r-1')).restaurantWidgetUrl).toBe('/booking/aurora/r-1');
    expect(calls).toEqual(['/v1/get_list/restaurant?limit=100', '/v1/get/restaurant?id=r-1']);
  });
});
