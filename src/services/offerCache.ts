import type { PageRequest } from '../../machines/feed.machine.ts';
import type { Billboard, FeedOffer } from '../api/offers.ts';
import { cacheKeyPrefix, persistedStore, readThrough } from './persistedStore.ts';

/** Billboard and first feed pages stay valid this long (spec 9). */
export const offerCacheTtlMs = 10_000;

/**
 * The API answers offer texts in the app's language: each language has its own entries, so a
 * member who reloads in another language never sees the last one's copy.
 */
const keyOf = (language: string, name: string) => `${cacheKeyPrefix}${language}.${name}`;

/** The billboard (null when there is none) from the cache while valid, else loaded and cached. */
export function cachedBillboard(language: string, load: () => Promise<Billboard | null>): Promise<Billboard | null> {
  return readThrough(persistedStore<Billboard | null>({ key: keyOf(language, 'billboard'), ttlMs: offerCacheTtlMs }), load);
}

/** A feed's first page, one cache entry per language, type and category filter. */
export function cachedFirstPage(request: PageRequest, language: string, load: () => Promise<FeedOffer[]>): Promise<FeedOffer[]> {
  const filter = request.categoryIds.length > 0 ? request.categoryIds.join(',') : 'all';
  const key = keyOf(language, `feed.${request.type ?? 'mixed'}.${filter}`);
  return readThrough(persistedStore<FeedOffer[]>({ key, ttlMs: offerCacheTtlMs }), load);
}
