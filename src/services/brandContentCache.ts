import type { BrandContent } from '../../contract/brandContent.ts';
import { cacheKeyPrefix, persistedStore, readThrough } from './persistedStore.ts';

/** FAQ, About and contact change rarely: the More section reads them from here for this long. */
export const brandContentCacheTtlMs = 30 * 60_000;

/** Loads under way per language: the More screen and the page opened from it share one request. */
const pending = new Map<string, Promise<BrandContent>>();

/**
 * The brand's texts per language (the API answers in the app's language), so a member who
 * switches language gets that language's copy, never the last one's.
 */
export function cachedBrandContent(language: string, load: () => Promise<BrandContent>): Promise<BrandContent> {
  const store = persistedStore<BrandContent>({ key: `${cacheKeyPrefix}${language}.brandContent`, ttlMs: brandContentCacheTtlMs });
  const cached = store.read();
  if (cached !== undefined) return Promise.resolve(cached);
  let loading = pending.get(language);
  if (!loading) {
    loading = readThrough(store, load).finally(() => pending.delete(language));
    pending.set(language, loading);
  }
  return loading;
}
