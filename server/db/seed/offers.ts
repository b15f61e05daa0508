import type { billboards } from '../schema/offers.ts';
import type { OfferType } from '../../../contract/offer.ts';
import { buildContent } from './content.ts';
import { pictureNumbers } from './images.ts';
import { draftOffer, offerId, type BrandContent, type Draft, type OfferRow, type SalePlan } from './offerDraft.ts';
import { createRandom, type Random } from './prng.ts';
import { commonCodesOf } from './promoCodes.ts';
import { companionHeaders } from './words.ts';

export { offerId, type BrandContent, type OfferRow, type SalePlan };
export type BillboardRow = typeof billboards.$inferInsert;

const MINUTES_PER_YEAR = 365 * 24 * 60;

function mediaFor(random: Random, d: Draft): 'spotify' | 'youTube' | undefined {
  if (d.featured) return d.row.type === 'live' ? 'youTube' : 'spotify';
  if (d.category.id === 'music' && random.chance(0.6)) return 'spotify';
  if (d.row.type === 'live' && random.chance(0.25)) return 'youTube';
  if (random.chance(0.08)) return random.pick(['spotify', 'youTube'] as const);
  return undefined;
}

/** A picture for the article body: another one of the category's topics, else any other. */
function inlinePicture(random: Random, d: Draft): string {
  const puff = d.row.puffImage.jpeg.medium ?? '';
  const others = (list: readonly string[]) => list.filter((n) => !puff.includes(`/${n}-`));
  const related = others([...new Set(d.category.topics.map((t) => t.picture))]);
  return random.pick(related.length > 0 ? related : others(pictureNumbers));
}

export interface DemoOffers {
  rows: OfferRow[];
  /** What the selling offers sell, by offer id. */
  sales: Map<string, SalePlan>;
}

/** All offers of one brand, the same on every run apart from dates, which follow `now` (the day of seeding). */
export function generateDemoOffers(spec: BrandContent, now: Date): DemoOffers {
  const random = createRandom(`offers:${spec.brandId}`);
  const titles = new Set<string>();
  const drafts: Draft[] = [];
  for (const [type, count] of Object.entries(spec.counts) as [OfferType, number][]) {
    for (let i = 1; i <= count; i++) {
      const designedMerch = !drafts.some((d) => d.sale?.kind === 'merch');
      drafts.push(draftOffer(random, spec, type, i, titles, now, designedMerch));
    }
  }

  const commonCodes = commonCodesOf(spec.brandName, drafts.map((d) => d.row));
  for (const d of drafts) {
    const own = d.featured || random.chance(0.2) ? random.pick(drafts.filter((o) => o !== d && o.row.active)) : undefined;
    d.row.contentBlocks = buildContent(random, {
      type: d.row.type,
      ctx: d.ctx,
      picture: inlinePicture(random, d),
      complete: d.featured,
      selling: d.sale !== undefined,
      callToAction: d.row.callToAction?.type ?? null,
      commonCode: commonCodes.get(d.row.id) ?? null,
      media: mediaFor(random, d),
      ...(own ? { ownLink: { text: own.row.title, url: `http://${spec.appHost}/${own.row.type}/${own.row.id}` } } : {}),
    });
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
    const header = random.pick(companionHeaders);
    d.row.companionOfferId = companion.row.id;
    d.row.companionOfferHeader = header.en;
    d.row.localized = { ...d.row.localized, companionOfferHeader: header };
  });
  const sales = new Map(drafts.flatMap((d) => (d.sale ? [[d.row.id, d.sale] as const] : [])));
  return { rows: drafts.map((d) => d.row), sales };
}

/** The brand's offers as rows. */
export const generateOffers = (spec: BrandContent, now: Date): OfferRow[] => generateDemoOffers(spec, now).rows;

/** The billboard shows the brand's first offer of the given type. */
export const billboardFor = (brandId: string, type: OfferType): BillboardRow => ({
  brandId,
  id: `${brandId}-billboard`,
  offerId: offerId(brandId, type, 1),
  active: true,
});
