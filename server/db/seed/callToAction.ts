import type { CallToAction, OfferType } from '../../../contract/offer.ts';
import type { Random } from './prng.ts';
import { fill3, l, type Text3 } from './text.ts';
import { outsideLinks } from './words.ts';

/** ASCII slug for made-up partner URLs: "Café Måsen" → "cafe-masen". */
export const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/ø/gi, 'o')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');

export type CtaType = CallToAction['type'];

const weighted = <T>(random: Random, options: [T, number][]): T => {
  let roll = random.next() * options.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return options[options.length - 1]![0];
};

const mix: Record<OfferType, [CtaType, number][]> = {
  editorial: [['url', 7], ['mailTo', 2], ['referralUrl', 1]],
  benefit: [['claim', 45], ['url', 20], ['referralUrl', 15], ['payment', 10], ['mailTo', 10]],
  live: [['payment', 55], ['url', 20], ['mailTo', 15], ['claim', 10]],
};

const featuredType: Record<OfferType, CtaType> = { editorial: 'url', benefit: 'claim', live: 'payment' };

/**
 * Calls to action the demo cases live on, by brand and benefit number: the promo codes (the first
 * four claimable benefits, promoCodes.ts) and the merchandise the cart runs buy. The rest are drawn.
 */
const pinnedBenefits: Record<string, Record<number, CtaType>> = {
  aurora: { 1: 'claim', 2: 'url', 3: 'claim', 4: 'claim', 5: 'claim', 6: 'mailTo', 7: 'payment', 8: 'url', 9: 'referralUrl' },
  borealis: { 1: 'claim', 2: 'claim', 3: 'claim', 4: 'url', 5: 'claim', 6: 'referralUrl', 7: 'claim', 8: 'mailTo', 9: 'referralUrl', 10: 'payment' },
};

export function callToActionType(random: Random, brandId: string, type: OfferType, index: number): CtaType {
  if (index === 1) return featuredType[type];
  const pinned = type === 'benefit' ? pinnedBenefits[brandId]?.[index] : undefined;
  return pinned ?? weighted(random, mix[type]);
}

const labels: Record<string, Text3> = {
  readMore: l('Read more', 'Läs mer', 'Les mer'),
  bookAtVenue: l('Book at the venue', 'Boka hos arrangören', 'Bestill hos arrangøren'),
  shop: l('Go to the shop', 'Till butiken', 'Til butikken'),
  memberPrice: l('Book with member price', 'Boka med medlemspris', 'Bestill med medlemspris'),
  freeTickets: l('Claim free tickets', 'Hämta gratisbiljetter', 'Hent gratisbilletter'),
  code: l('Get your code', 'Hämta din kod', 'Hent koden din'),
  tickets: l('Buy tickets', 'Köp biljetter', 'Kjøp billetter'),
  buy: l('Buy now', 'Köp nu', 'Kjøp nå'),
  editors: l('Write to the editors', 'Skriv till redaktionen', 'Skriv til redaksjonen'),
  interest: l('Register interest', 'Anmäl intresse', 'Meld interesse'),
};

const askAbout = l('Hi! I would like to know more about “{title}”.', 'Hej! Jag vill gärna veta mer om ”{title}”.', 'Hei! Jeg vil gjerne vite mer om «{title}».');

/** The call to action (its texts in English) and its label and message in every language. */
export interface LocalizedCallToAction {
  callToAction: CallToAction;
  label: Text3;
  message?: Text3;
}

export function makeCallToAction(
  random: Random,
  kind: CtaType,
  o: { type: OfferType; partner: string; brandName: string; title: Text3; contactEmail: string },
): LocalizedCallToAction {
  const partner = slug(o.partner);
  const withLabel = (label: Text3, fields: Omit<CallToAction, 'type' | 'label'> = {}): LocalizedCallToAction => ({
    callToAction: { type: kind, label: label.en, ...fields },
    label,
  });
  switch (kind) {
    case 'url':
      return o.type === 'editorial'
        ? withLabel(labels.readMore!, { url: random.pick(outsideLinks).url })
        : withLabel(o.type === 'live' ? labels.bookAtVenue! : labels.shop!, { url: `https://example.com/${partner}` });
    case 'referralUrl':
      return withLabel(labels.memberPrice!, { url: `https://example.com/${partner}/book?ref=${slug(o.brandName)}` });
    case 'claim':
      return withLabel(o.type === 'live' ? labels.freeTickets! : labels.code!);
    case 'payment':
      return withLabel(o.type === 'live' ? labels.tickets! : labels.buy!);
    case 'mailTo': {
      const message = fill3(askAbout, { title: o.title });
      const made = withLabel(o.type === 'editorial' ? labels.editors! : labels.interest!, { url: `mailto:${o.contactEmail}`, message: message.en });
      return { ...made, message };
    }
  }
}
