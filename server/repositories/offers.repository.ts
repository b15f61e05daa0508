import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { billboards, offers } from '../db/schema/index.ts';
import type { OfferType } from '../../contract/offer.ts';
import type { TextLanguages } from '../language.ts';
import { localizedOfferText, localizedPuffImage } from './localizedText.ts';

export const feedPageSize = 30;

/** A feed card's columns, its texts in the member's language. */
export const feedColumns = (languages: TextLanguages) => ({
  id: offers.id,
  categoryId: offers.categoryId,
  type: offers.type,
  title: localizedOfferText(offers, 'title', languages),
  teaserLine: localizedOfferText(offers, 'teaserLine', languages),
  tags: offers.tags,
  puffImage: localizedPuffImage(offers, languages),
  readingTime: offers.readingTime,
});

export const feedOrder = [desc(offers.publishedAt), desc(offers.id)];

/** Literal (not a bound `= true`), so the planner matches the partial feed indexes. */
export const isActive = sql`${offers.active}`;

/** What a signed-out visitor may see: active offers that need no sign-in. */
export const isShown = (publicOnly: boolean | undefined): SQL =>
  publicOnly ? sql`${offers.active} AND NOT ${offers.requiresSignIn}` : isActive;

export interface FeedQuery {
  brandId: string;
  type?: OfferType;
  categoryIds?: string[];
  offset: number;
  languages: TextLanguages;
  /** A visitor's page: member-only offers are left out. */
  publicOnly?: boolean;
}

/**
 * One page of active offers, newest first; ties broken by id so pages never overlap. The page's
 * ids are found first, from the feed index alone, so a deep offset skips index entries rather
 * than table rows; only the 30 found rows are then read.
 */
export async function listFeedOffers(db: Executor, q: FeedQuery) {
  const filters: SQL[] = [eq(offers.brandId, q.brandId), isShown(q.publicOnly)];
  if (q.type) filters.push(eq(offers.type, q.type));
  if (q.categoryIds && q.categoryIds.length > 0) filters.push(inArray(offers.categoryId, q.categoryIds));
  const page = db
    .select({ pageId: offers.id })
    .from(offers)
    .where(and(...filters))
    .orderBy(...feedOrder)
    .limit(feedPageSize)
    .offset(q.offset)
    .as('page');
  return db
    .select(feedColumns(q.languages))
    .from(offers)
    .innerJoin(page, and(eq(offers.brandId, q.brandId), eq(offers.id, page.pageId)))
    .orderBy(...feedOrder);
}

/** The brand's active billboard joined with its offer, or null (also for a visitor when that offer needs sign-in). */
export async function findBillboard(db: Executor, brandId: string, languages: TextLanguages, publicOnly = false) {
  const rows = await db
    .select({ offerId: offers.id, ...feedColumns(languages) })
    .from(billboards)
    .innerJoin(offers, and(eq(offers.brandId, billboards.brandId), eq(offers.id, billboards.offerId)))
    .where(and(eq(billboards.brandId, brandId), eq(billboards.active, true), isShown(publicOnly)))
    .orderBy(desc(billboards.createdAt))
    .limit(1);
  return rows[0] ?? null;
}
