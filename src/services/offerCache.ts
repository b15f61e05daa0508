import type { PageRequest } from '../../machines/feed.machine.ts';
import type { Billboard, FeedOffer } from '../api/offers.ts';
import { cacheKeyPrefix, persistedStore, readThrough } from './persistedStore.ts';

/** Billboard and first feed pages stay valid this long (spec 9). */
export const offerCacheTtlMs = 10_000;

const billboardStore = persistedStore<Billboard | null>({ key: `${cacheKeyPrefix}billboard`, ttlMs: offerCacheTtlMs });

/** The billboard (null when there is none) from the cache while valid, else loaded and cached. */
export const cachedBillboard = (load: () => Promise<Billboard | null>) => readThrough(billboardStore, load);

/** A feed's first page, one cache entry per type and category filter. */
export function cachedFirstPage(request: PageRequest, load: () => Promise<FeedOffer[]>): Promise<FeedOffer[]> {
  const filter = request.categoryIds.length > 0 ? request.categoryIds.join(',') : 'all';
  const key = `${cacheKeyPrefix}feed.${request.type ?? 'mixed'}.${filter}`;
  return readThrough(persistedStore<FeedOffer[]>({ key, ttlMs: offerCacheTtlMs }), load);
}
