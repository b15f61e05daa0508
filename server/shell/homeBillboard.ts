import type { ImageOptions } from '../../contract/offer.ts';
import { feedCacheTtlMs, TtlCache } from '../cache.ts';
import type { Executor } from '../db/database.ts';
import type { TextLanguages } from '../language.ts';
import { findBillboard } from '../repositories/offers.repository.ts';

/**
 * The image of the billboard a visitor's home feed opens with, per brand and language, kept as
 * long as the feed's own answers (10 s), so the skeleton and the app show the same one.
 */
export function createHomeBillboards({ db, now }: { db: Executor; now?: () => number }) {
  const images = new TtlCache<string, ImageOptions | null>({ ttlMs: feedCacheTtlMs, maxEntries: 1_000, now });
  return (brandId: string, languages: TextLanguages) =>
    images.getOrLoad(`${brandId}|${languages.language}|${languages.fallback}`, async () => (await findBillboard(db, brandId, languages, true))?.puffImage ?? null);
}

export type HomeBillboards = ReturnType<typeof createHomeBillboards>;
