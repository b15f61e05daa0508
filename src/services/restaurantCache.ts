import type { Restaurant, RestaurantMapSettings } from '../../contract/restaurant.ts';
import { cacheKeyPrefix, persistedStore, readThrough } from './persistedStore.ts';

/**
 * The restaurant guide's time-to-live (spec 4: "the restaurant store also has a time-to-live
 * cache"; spec 9 shows no value). Restaurants and the map's settings change as rarely as the
 * brand's texts and categories, so the same 30 minutes; under the cache prefix, so sign-out
 * clears them with the member caches (the map settings are the member's role's).
 */
export const restaurantCacheTtlMs = 30 * 60_000;

/** The restaurants in a language: their descriptions and country names are in the member's language. */
const listStore = (language: string) =>
  persistedStore<Restaurant[]>({ key: `${cacheKeyPrefix}${language}.restaurants`, ttlMs: restaurantCacheTtlMs });

const settingsStore = persistedStore<RestaurantMapSettings>({ key: `${cacheKeyPrefix}restaurantMapSettings`, ttlMs: restaurantCacheTtlMs });

/** The brand's restaurants from the cache while valid, else loaded and cached. */
export const cachedRestaurants = (language: string, load: () => Promise<Restaurant[]>) => readThrough(listStore(language), load);

/** One restaurant: from the cached list while it is valid and holds it, else loaded (and cached on its own). */
export function cachedRestaurant(language: string, id: string, load: () => Promise<Restaurant>): Promise<Restaurant> {
  const listed = listStore(language).read()?.find((restaurant) => restaurant.id === id);
  if (listed) return Promise.resolve(listed);
  const store = persistedStore<Restaurant>({ key: `${cacheKeyPrefix}${language}.restaurant.${id}`, ttlMs: restaurantCacheTtlMs });
  return readThrough(store, load);
}

/** The member's role's map settings from the cache while valid, else loaded and cached. */
export const cachedMapSettings = (load: () => Promise<RestaurantMapSettings>) => readThrough(settingsStore, load);
