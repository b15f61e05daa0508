import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database.ts';
import { offers } from '../db/schema/index.ts';
import type { CallToAction, ImageOptions, OfferDetail } from '../../contract/offer.ts';
import type { LocalizedText } from '../../domain/language.ts';
import { textIn, type TextLanguages } from '../language.ts';
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
        localized: offers.localized,
      },
      companion: {
        id: companions.id,
        type: companions.type,
        title: companions.title,
        teaserLine: companions.teaserLine,
        puffImage: companions.puffImage,
        localized: companions.localized,
        requiresSignIn: companions.requiresSignIn,
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

function imageIn(image: ImageOptions, description: LocalizedText | undefined, languages: TextLanguages): ImageOptions {
  if (image.imageDescription === undefined) return image;
  return { ...image, imageDescription: textIn(description, languages, image.imageDescription) };
}

function callToActionIn(cta: CallToAction | null, texts: OfferDetailRow['offer']['localized'], languages: TextLanguages): CallToAction | null {
  if (!cta) return null;
  const label = textIn(texts.callToActionLabel, languages, cta.label);
  return { ...cta, label, ...(cta.message === undefined ? {} : { message: textIn(texts.callToActionMessage, languages, cta.message) }) };
}

/**
 * The API's offer detail, its texts in the member's language; variants are empty until the commerce
 * work fills them, promo fields until the route does. `withCompanion` 'public' leaves out a
 * companion that needs sign-in, as a visitor's lists do.
 */
export function toOfferDetail({ offer, companion }: OfferDetailRow, withCompanion: boolean | 'public', languages: TextLanguages): OfferDetail {
  const { active: _active, companionOfferHeader, itemVariantType, localized: texts, ...fields } = offer;
  const companionHeader = textIn(texts.companionOfferHeader, languages, companionOfferHeader ?? '');
  return {
    ...fields,
    title: textIn(texts.title, languages, fields.title),
    preamble: textIn(texts.preamble, languages, fields.preamble),
    teaserLine: textIn(texts.teaserLine, languages, fields.teaserLine),
    puffImage: imageIn(fields.puffImage, texts.imageDescription, languages),
    callToAction: callToActionIn(fields.callToAction, texts, languages),
    itemVariantType: itemVariantType === 'ticket' ? 'ticket' : itemVariantType ? 'other' : null,
    itemVariantList: [],
    itemVariantCustomFeeBuildRecord: {},
    itemVariantAvailability: {},
    itemVariantIndex: 0,
    ...noPromo,
    ...(withCompanion && companion && !(withCompanion === 'public' && companion.requiresSignIn)
      ? { companionOffer: companionIn(companion, companionHeader, languages) }
      : {}),
  };
}

function companionIn(companion: NonNullable<OfferDetailRow['companion']>, header: string, languages: TextLanguages) {
  const { localized: texts, requiresSignIn: _requiresSignIn, ...fields } = companion;
  return {
    ...fields,
    title: textIn(texts.title, languages, fields.title),
    teaserLine: textIn(texts.teaserLine, languages, fields.teaserLine),
    puffImage: imageIn(fields.puffImage, texts.imageDescription, languages),
    companionOfferHeader: header,
  };
}
