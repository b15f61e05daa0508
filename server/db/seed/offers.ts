import type { billboards, offers } from '../schema/offers.ts';
import type { OfferType } from '../../../contract/offer.ts';
import { makeCallToAction } from './callToAction.ts';
import type { CategorySeed } from './categories.ts';
import { buildContent } from './content.ts';
import { imageOptions, pictureNumbers } from './images.ts';
import { makeContext, pickTexts, type TextContext } from './offerText.ts';
import { createRandom, type Random } from './prng.ts';
import { companionHeaders } from './words.ts';

export type OfferRow = typeof offers.$inferInsert;
export type BillboardRow = typeof billboards.$inferInsert;

export interface BrandContent {
  brandId: string;
  brandName: string;
  /** Host for links into the app itself. */
  appHost: string;
  contactEmail: string;
  categories: CategorySeed[];
  counts: Partial<Record<OfferType, number>>;
}

interface Draft {
  row: OfferRow;
  index: number;
  ctx: TextContext;
  category: CategorySeed;
  featured: boolean;
}

const MINUTES_PER_YEAR = 365 * 24 * 60;
const typeWords: Record<OfferType, string> = { editorial: 'story', benefit: 'benefit', live: 'event' };

/** Stable offer ids: aurora-editorial-001. */
export const offerId = (brandId: string, type: OfferType, index: number) =>
  `${brandId}-${type}-${String(index).padStart(3, '0')}`;

function draftOffer(random: Random, spec: BrandContent, type: OfferType, index: number, titles: Set<string>): Draft {
  const featured = index === 1;
  const category = random.pick(spec.categories.filter((c) => c.typeList.includes(type)));
  let ctx = makeContext(random, spec.brandName, category);
  let texts = pickTexts(random, type, ctx);
  for (let attempt = 0; titles.has(texts.title) && attempt < 30; attempt++) {
    ctx = makeContext(random, spec.brandName, category);
    texts = pickTexts(random, type, ctx);
  }
  const title = titles.has(texts.title) ? `${texts.title} (${ctx.place2})` : texts.title;
  titles.add(title);
  const picture = random.chance(0.75) ? random.pick(category.pictures) : random.pick(pictureNumbers);
  const row: OfferRow = {
    brandId: spec.brandId,
    id: offerId(spec.brandId, type, index),
    type,
    categoryId: category.id,
    title,
    teaserLine: texts.teaserLine,
    preamble: texts.preamble,
    tags: [...new Set([...random.sample(category.tags, random.int(1, 2)), typeWords[type], ctx.place.toLowerCase()])],
    puffImage: imageOptions(picture, featured || index % 19 !== 7),
    readingTime: type === 'editorial' ? (index % 10 === 3 ? 1 : featured ? 4 : random.int(2, 12)) : null,
    requiresSignIn: featured ? false : index % 7 !== 2,
    callToAction: makeCallToAction(random, type, ctx, title, spec.contactEmail, featured),
    active: featured || index % 37 !== 11,
  };
  return { row, index, ctx, category, featured };
}

function mediaFor(random: Random, d: Draft): 'spotify' | 'youTube' | undefined {
  if (d.featured) return d.row.type === 'live' ? 'youTube' : 'spotify';
  if (d.category.id === 'music' && random.chance(0.6)) return 'spotify';
  if (d.row.type === 'live' && random.chance(0.25)) return 'youTube';
  if (random.chance(0.08)) return random.pick(['spotify', 'youTube'] as const);
  return undefined;
}

/** All offers of one brand, the same on every run (apart from dates, which follow `now`). */
export function generateOffers(spec: BrandContent, now: Date): OfferRow[] {
  const random = createRandom(`offers:${spec.brandId}`);
  const titles = new Set<string>();
  const drafts: Draft[] = [];
  for (const [type, count] of Object.entries(spec.counts) as [OfferType, number][]) {
    for (let i = 1; i <= count; i++) drafts.push(draftOffer(random, spec, type, i, titles));
  }

  for (const d of drafts) {
    const own = d.featured || random.chance(0.2) ? random.pick(drafts.filter((o) => o !== d && o.row.active)) : undefined;
    const picture = random.pick(pictureNumbers.filter((n) => !d.row.puffImage.jpeg.medium?.includes(`/${n}-`)));
    d.row.contentBlocks = buildContent(random, {
      type: d.row.type,
      ctx: d.ctx,
      picture,
      complete: d.featured,
      media: mediaFor(random, d),
      ...(own ? { ownLink: { text: own.row.title, url: `http://${spec.appHost}/${own.row.type}/${own.row.id}` } } : {}),
    });
    if (d.row.callToAction?.type === 'payment') d.row.itemVariantType = d.row.type === 'live' ? 'ticket' : 'other';
  }

  // Newest first in the feed: featured offers on top, the rest shuffled, one distinct minute each.
  const ordered = [...drafts.filter((d) => d.featured), ...random.sample(drafts.filter((d) => !d.featured), drafts.length)];
  const step = Math.floor(MINUTES_PER_YEAR / (ordered.length + 1));
  const anchor = Math.floor(now.getTime() / 60_000) * 60_000;
  ordered.forEach((d, i) => {
    const minutesAgo = (i + 1) * step - random.int(0, Math.floor(step / 2));
    d.row.publishedAt = new Date(anchor - minutesAgo * 60_000);
  });

  // Every 13th offer gets a companion; every other one of those of a different type.
  const active = drafts.filter((d) => d.row.active);
  ordered.forEach((d, i) => {
    if (!d.featured && i % 13 !== 5) return;
    const differentType = d.featured || i % 26 === 5;
    const candidates = active.filter((o) => o !== d && (o.row.type !== d.row.type) === differentType);
    const companion = random.pick(candidates.length > 0 ? candidates : active.filter((o) => o !== d));
    d.row.companionOfferId = companion.row.id;
    d.row.companionOfferHeader = random.pick(companionHeaders);
  });
  return drafts.map((d) => d.row);
}

/** The billboard shows the brand's first offer of the given type. */
export const billboardFor = (brandId: string, type: OfferType): BillboardRow => ({
  brandId,
  id: `${brandId}-billboard`,
  offerId: offerId(brandId, type, 1),
  active: true,
});
