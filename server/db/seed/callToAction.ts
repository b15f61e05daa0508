import type { CallToAction, OfferType } from '../../../contract/offer.ts';
import type { TextContext } from './offerText.ts';
import type { Random } from './prng.ts';
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

const weighted = <T>(random: Random, options: [T, number][]): T => {
  let roll = random.next() * options.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return options[options.length - 1]![0];
};

type CtaType = CallToAction['type'];

const mix: Record<OfferType, [CtaType, number][]> = {
  editorial: [['url', 7], ['mailTo', 2], ['referralUrl', 1]],
  benefit: [['claim', 45], ['url', 20], ['referralUrl', 15], ['payment', 10], ['mailTo', 10]],
  live: [['payment', 55], ['url', 20], ['mailTo', 15], ['claim', 10]],
};

const featuredType: Record<OfferType, CtaType> = { editorial: 'url', benefit: 'claim', live: 'payment' };

export function makeCallToAction(
  random: Random,
  type: OfferType,
  ctx: TextContext,
  title: string,
  contactEmail: string,
  featured: boolean,
): CallToAction {
  const kind = featured ? featuredType[type] : weighted(random, mix[type]);
  const partner = slug(ctx.partner);
  switch (kind) {
    case 'url':
      return type === 'editorial'
        ? { type: kind, label: 'Read more', url: random.pick(outsideLinks).url }
        : { type: kind, label: type === 'live' ? 'Book at the venue' : 'Go to the shop', url: `https://example.com/${partner}` };
    case 'referralUrl':
      return { type: kind, label: 'Book with member price', url: `https://example.com/${partner}/book?ref=${slug(ctx.brandName)}` };
    case 'claim':
      return { type: kind, label: type === 'live' ? 'Claim free tickets' : 'Get your code' };
    case 'payment':
      return { type: kind, label: type === 'live' ? 'Buy tickets' : 'Buy now' };
    case 'mailTo':
      return {
        type: kind,
        label: type === 'editorial' ? 'Write to the editors' : 'Register interest',
        url: `mailto:${contactEmail}`,
        message: `Hi! I would like to know more about “${title}”.`,
      };
  }
}
