import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { billboards, offers } from '../db/schema/index.ts';
import type { OfferType } from '../schemas/offer.ts';

export const feedPageSize = 30;

const feedColumns = {
  id: offers.id,
  categoryId: offers.categoryId,
  type: offers.type,
  title: offers.title,
  teaserLine: offers.teaserLine,
  tags: offers.tags,
  puffImage: offers.puffImage,
  readingTime: offers.readingTime,
};

export interface FeedQuery {
  brandId: string;
  type?: OfferType;
  categoryIds?: string[];
  offset: number;
}

/** One page of active offers, newest first; ties broken by id so pages never overlap. */
export async function listFeedOffers(db: Executor, q: FeedQuery) {
  const filters: SQL[] = [eq(offers.brandId, q.brandId), eq(offers.active, true)];
  if (q.type) filters.push(eq(offers.type, q.type));
  if (q.categoryIds && q.categoryIds.length > 0) filters.push(inArray(offers.categoryId, q.categoryIds));
  return db
    .select(feedColumns)
    .from(offers)
    .where(and(...filters))
    .orderBy(desc(offers.publishedAt), desc(offers.id))
    .limit(feedPageSize)
    .offset(q.offset);
}

/** The brand's active billboard joined with its offer, or null. */
export async function findBillboard(db: Executor, brandId: string) {
  const rows = await db
    .select({ offerId: offers.id, ...feedColumns })
    .from(billboards)
    .innerJoin(offers, and(eq(offers.brandId, billboards.brandId), eq(offers.id, billboards.offerId)))
    .where(and(eq(billboards.brandId, brandId), eq(billboards.active, true), eq(offers.active, true)))
    .orderBy(desc(billboards.createdAt))
    .limit(1);
  return rows[0] ?? null;
}
