import type { Executor } from '../db/database.ts';
import type { TextLanguages } from '../language.ts';
import { listCategories } from '../repositories/categories.repository.ts';
import { findBillboard, listFeedOffers, type FeedQuery } from '../repositories/offers.repository.ts';
import { searchOffers, searchWords, type SearchQuery } from '../repositories/offerSearch.repository.ts';
import { findReferralToken } from '../repositories/referralTokens.repository.ts';

export type { FeedQuery };

/** What a brand's offers look like to a reader (visitor or member): feed pages, search, billboard, categories, a referral token's check. */
export function createOfferReads(db: Executor) {
  return {
    feed: (query: FeedQuery) => listFeedOffers(db, query),
    /** The offers matching the words of `text`. */
    search: ({ text, ...query }: Omit<SearchQuery, 'words'> & { text: string }) => searchOffers(db, { ...query, words: searchWords(text) }),
    billboard: (brandId: string, languages: TextLanguages, publicOnly: boolean) => findBillboard(db, brandId, languages, publicOnly),
    categories: (brandId: string, languages: TextLanguages, publicOnly: boolean) => listCategories(db, brandId, languages, publicOnly),
    /** The partner's check of a referral token: valid while its offer is active; it says nothing about the member. */
    async checkReferralToken(token: string): Promise<{ valid: boolean; offerId: string | null; brandId: string | null }> {
      const found = await findReferralToken(db, token);
      if (!found) return { valid: false, offerId: null, brandId: null };
      return { valid: found.offerActive, offerId: found.offerId, brandId: found.brandId };
    },
  };
}

export type OfferReads = ReturnType<typeof createOfferReads>;
