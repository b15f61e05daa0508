import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database.ts';
import { offers } from '../db/schema/index.ts';
import type { OfferDetail } from '../../contract/offer.ts';
import { noPromo } from './promoCodes.repository.ts';

const companions = alias(offers, 'companion');

/** One offer of the brand with its companion offer (when that is active), or null. */
export async function findOfferDetail(db: Executor, brandId: string, id: string) {
  const rows = await db
    .select({
      offer: {
        id: offers.id,
        type: offers.type,
        title: offers.title,
        preamble: offers.preamble,
        teaserLine: offers.teaserLine,
        tags: offers.tags,
        readingTime: offers.readingTime,
        categoryId: offers.categoryId,
        puffImage: offers.puffImage,
        requiresSignIn: offers.requiresSignIn,
        itemVariantType: offers.itemVariantType,
        callToAction: offers.callToAction,
        contentBlocks: offers.contentBlocks,
        companionOfferHeader: offers.companionOfferHeader,
        active: offers.active,
      },
      companion: {
        id: companions.id,
        type: companions.type,
        title: companions.title,
        teaserLine: companions.teaserLine,
        puffImage: companions.puffImage,
      },
    })
    .from(offers)
    .leftJoin(
      companions,
      and(eq(companions.brandId, offers.brandId), eq(companions.id, offers.companionOfferId), eq(companions.active, true)),
    )
    .where(and(eq(offers.brandId, brandId), eq(offers.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export type OfferDetailRow = NonNullable<Awaited<ReturnType<typeof findOfferDetail>>>;

/** The API's offer detail; variants are empty until the commerce work fills them, promo fields until the route does. */
export function toOfferDetail({ offer, companion }: OfferDetailRow, withCompanion: boolean): OfferDetail {
  const { active: _active, companionOfferHeader, itemVariantType, ...fields } = offer;
  return {
    ...fields,
    itemVariantType: itemVariantType === 'ticket' ? 'ticket' : itemVariantType ? 'other' : null,
    itemVariantList: [],
    itemVariantCustomFeeBuildRecord: {},
    itemVariantAvailability: {},
    itemVariantIndex: 0,
    ...noPromo,
    ...(withCompanion && companion ? { companionOffer: { ...companion, companionOfferHeader: companionOfferHeader ?? '' } } : {}),
  };
}
