import type { Locality } from '../../../domain/format.ts';
import type { OfferType } from '../../../contract/offer.ts';
import type { offers, OfferTranslations } from '../schema/offers.ts';
import { localTime, monthText } from './calendar.ts';
import { callToActionType, makeCallToAction } from './callToAction.ts';
import type { CategorySeed, Topic } from './categories.ts';
import { eventSlots, featuredPlan, planEvent, shapeOf, type EventPlan } from './events.ts';
import { imageOptions, pictures } from './images.ts';
import { featuredTourAngle, liveAngles, offStageTour } from './liveText.ts';
import { merchAngle, planMerch, type MerchPlan } from './merchandise.ts';
import { benefitAngles, callToActionSentence, editorialAngles, tell, typeWords, type OfferTexts, type TextContext } from './offerText.ts';
import type { Random } from './prng.ts';
import { each, l, same, type Text3 } from './text.ts';
import type { Hall } from './venues.ts';
import { places, tourNames } from './words.ts';

export type OfferRow = typeof offers.$inferInsert;

export interface BrandContent {
  brandId: string;
  brandName: string;
  /** Host for links into the app itself. */
  appHost: string;
  contactEmail: string;
  categories: CategorySeed[];
  counts: Partial<Record<OfferType, number>>;
  /** The brand's time zone and region: the offers' dates are its venues' local dates. */
  locality: Locality;
  /** The featured event's halls: two evenings in the first, the second sold out. */
  featuredHalls: readonly Hall[];
}

/** What an offer sells, as its texts tell it; commerce.ts makes the variants from it. */
export type SalePlan = { kind: 'event'; featured: boolean; plan: EventPlan } | { kind: 'merch'; designed: boolean; plan: MerchPlan };

export interface Draft {
  row: OfferRow;
  index: number;
  ctx: TextContext;
  category: CategorySeed;
  featured: boolean;
  sale?: SalePlan;
}

/** Stable offer ids: aurora-editorial-001. */
export const offerId = (brandId: string, type: OfferType, index: number) =>
  `${brandId}-${type}-${String(index).padStart(3, '0')}`;

/** Garments sit in a category they suit; the featured event is a concert tour. */
function chooseCategory(random: Random, spec: BrandContent, type: OfferType, featured: boolean, merch: boolean): CategorySeed {
  const fitting = spec.categories.filter((c) => c.typeList.includes(type));
  const preferred = merch ? ['gear', 'sport', 'outdoors'] : type === 'live' && featured ? ['music'] : [];
  for (const id of preferred) {
    const found = fitting.find((c) => c.id === id);
    if (found) return found;
  }
  return random.pick(fitting);
}

function makeContext(random: Random, spec: BrandContent, category: CategorySeed, now: Date): TextContext & { topicPicture: Topic['picture'] } {
  const [place, place2] = random.sample(places, 2) as [string, string];
  const topic = random.pick(category.topics);
  const price = random.pick([49, 95, 129, 149, 199, 249, 295, 349, 395, 450, 595]);
  const partner = random.pick(category.partners);
  const context = {
    brandName: spec.brandName,
    topic: topic.text,
    topicPicture: topic.picture,
    place,
    place2,
    partner,
    host: random.pick(category.hosts),
    venue: same(partner),
    pct: random.pick([10, 15, 20, 25, 30, 40, 50]),
    price,
    oldPrice: Math.round((price * random.pick([1.3, 1.5, 2])) / 5) * 5,
    extra: category.extras.length > 0 ? random.pick(category.extras) : l('small gift', 'liten present', 'liten gave'),
    eventKind: category.eventKinds.length > 0 ? random.pick(category.eventKinds) : l('Event', 'Evenemang', 'Arrangement'),
    tour: random.pick(tourNames),
    count: random.int(3, 12),
    month: monthText(localTime(now, random.int(25, 45), 12, 0, spec.locality.timeZone), spec.locality),
  };
  // The draw of a made-up code the offer's page never gave (issue 41), kept so that every later draw, and so the demo, stays as it was.
  random.int(10, 99);
  return context;
}

interface Told {
  ctx: TextContext;
  texts: OfferTexts;
  picture: string;
  sale?: SalePlan;
}

function tellOffer(random: Random, spec: BrandContent, o: { type: OfferType; kind: string; category: CategorySeed; featured: boolean; designedMerch: boolean }, now: Date): Told {
  const { topicPicture, ...ctx } = makeContext(random, spec, o.category, now);
  if (o.type === 'editorial') return { ctx, texts: tell(random, editorialAngles, ctx), picture: topicPicture };
  if (o.type === 'benefit' && o.kind === 'payment') {
    const plan = planMerch(random, o.designedMerch);
    const merchCtx = { ...ctx, item: plan.item, colour: plan.colour, material: plan.material, price: plan.price, oldPrice: plan.originalPrice };
    return { ctx: merchCtx, texts: tell(random, [merchAngle(plan)], merchCtx), picture: plan.picture, sale: { kind: 'merch', designed: o.designedMerch, plan } };
  }
  if (o.type === 'benefit') {
    const texts = tell(random, benefitAngles, ctx);
    const last = callToActionSentence[o.kind as keyof typeof callToActionSentence];
    return { ctx, texts: last ? { ...texts, preamble: each((lang) => `${texts.preamble[lang]} ${last[lang]}`) } : texts, picture: topicPicture };
  }
  const selling = o.kind === 'payment';
  const plan = o.featured ? featuredPlan(spec.featuredHalls, now, spec.locality) : planEvent(random, o.category, ctx.place, now, spec.locality, selling);
  const liveCtx: TextContext = { ...ctx, ...eventSlots(plan, spec.locality), price: plan.price, oldPrice: plan.originalPrice };
  const concert = o.category.eventKinds[0];
  if (o.featured && concert) liveCtx.eventKind = concert;
  const shape = shapeOf(plan);
  const angles = o.featured ? [featuredTourAngle] : shape === 'tour' && o.category.venues !== 'stage' ? offStageTour : liveAngles[shape];
  return { ctx: liveCtx, texts: tell(random, angles, liveCtx), picture: topicPicture, ...(selling ? { sale: { kind: 'event', featured: o.featured, plan } } : {}) };
}

const titleKeys = (title: Text3) => Object.entries(title).map(([lang, text]) => `${lang}:${text}`);

/** One offer: texts that agree in every language, a picture of its topic, a call to action that fits. */
export function draftOffer(random: Random, spec: BrandContent, type: OfferType, index: number, titles: Set<string>, now: Date, designedMerch: boolean): Draft {
  const featured = index === 1;
  const kind = callToActionType(random, spec.brandId, type, index);
  const category = chooseCategory(random, spec, type, featured, type === 'benefit' && kind === 'payment');
  const o = { type, kind, category, featured, designedMerch };
  let told = tellOffer(random, spec, o, now);
  for (let attempt = 0; titleKeys(told.texts.title).some((k) => titles.has(k)) && attempt < 30; attempt++) told = tellOffer(random, spec, o, now);
  const { ctx, picture, sale } = told;
  const title = titleKeys(told.texts.title).some((k) => titles.has(k)) ? each((lang) => `${told.texts.title[lang]} (${ctx.place2})`) : told.texts.title;
  titleKeys(title).forEach((k) => titles.add(k));

  const described = featured || index % 19 !== 7;
  const cta = makeCallToAction(random, kind, { type, partner: ctx.partner, brandName: spec.brandName, title, contactEmail: spec.contactEmail });
  const localized: OfferTranslations = {
    title,
    teaserLine: told.texts.teaserLine,
    preamble: told.texts.preamble,
    callToActionLabel: cta.label,
    ...(cta.message ? { callToActionMessage: cta.message } : {}),
    ...(described ? { imageDescription: pictures[picture] } : {}),
  };
  const row: OfferRow = {
    brandId: spec.brandId,
    id: offerId(spec.brandId, type, index),
    type,
    categoryId: category.id,
    title: title.en,
    teaserLine: told.texts.teaserLine.en,
    preamble: told.texts.preamble.en,
    localized,
    tags: [...new Set([...random.sample(category.tags, random.int(1, 2)), typeWords[type], ctx.place.toLowerCase()])],
    puffImage: imageOptions(picture, described),
    readingTime: type === 'editorial' ? (index % 10 === 3 ? 1 : featured ? 4 : random.int(2, 12)) : null,
    // Half the offers are public, the featured ones always: a signed-out visitor browses those and is asked to sign in for the rest.
    requiresSignIn: !featured && index % 2 === 1,
    callToAction: cta.callToAction,
    itemVariantType: sale ? (sale.kind === 'event' ? 'ticket' : 'other') : null,
    active: featured || index % 37 !== 11,
  };
  return { row, index, ctx, category, featured, ...(sale ? { sale } : {}) };
}
