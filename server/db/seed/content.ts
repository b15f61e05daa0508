import type { CallToAction, ContentBlock, OfferType } from '../../../contract/offer.ts';
import { imageOptions, pictures } from './images.ts';
import type { TextContext } from './offerText.ts';
import type { Random } from './prng.ts';
import { fill } from './text.ts';
import { buildRaw, code, group, h2, link, ol, p, quote, styled, ul, type BlockSpec, type Segment } from './richText.ts';
import { bodySentences, outsideLinks, quotes, spotifyEmbeds, subheads, tips, youTubeEmbeds } from './words.ts';

/** The article body, in English (the offers' titles, teasers and preambles exist in every language). */
export interface ContentOptions {
  type: OfferType;
  ctx: TextContext;
  /** A picture other than the puff image, for the inline image block. */
  picture: string;
  /** Every feature at once (featured offers), instead of a random mix. */
  complete: boolean;
  /** The offer sells through the app (tickets, merchandise) rather than at a partner. */
  selling: boolean;
  /** How a member takes the offer up at a partner: the call to action's type (none: by showing the app). */
  callToAction: CallToAction['type'] | null;
  /** The common promo code the offer's page gives (server/db/seed/promoCodes.ts), named by the text. */
  commonCode: string | null;
  /** A link into the app's own host, e.g. http://aurora.localhost/benefit/aurora-benefit-003. */
  ownLink?: { text: string; url: string };
  media?: 'spotify' | 'youTube';
}

const sentence = (random: Random, ctx: TextContext) => fill(random.pick(bodySentences), ctx, 'en');

/** A paragraph of three or four sentences, one of them styled. */
function paragraph(random: Random, ctx: TextContext): BlockSpec {
  const sentences = Array.from({ length: random.int(3, 4) }, () => sentence(random, ctx));
  const styledAt = random.int(0, sentences.length - 1);
  const style = random.pick(['BOLD', 'ITALIC', 'UNDERLINE', 'HIGHLIGHT'] as const);
  return p(...sentences.flatMap((s, i): Segment[] => [i === styledAt ? styled(s, style) : s, i < sentences.length - 1 ? ' ' : '']));
}

/** Overlapping styles: a highlighted sentence with a bold, italic name inside. */
const highlighted = (ctx: TextContext): BlockSpec =>
  p(
    group(['HIGHLIGHT'], 'Our tip: ask for ', styled(ctx.partner, 'BOLD', 'ITALIC'), ' and mention you are a member.'),
    ' It works every time.',
  );

function linked(random: Random, ctx: TextContext): BlockSpec {
  const target = random.pick(outsideLinks);
  return p(`Want to know more about ${ctx.topic.en}? Read `, link(target.text, target.url, 'UNDERLINE'), ' before you go.');
}

/** How members get the price: only what the offer's page gives (the code it shows, its link), never a made-up code. */
function howMembersPay(o: ContentOptions): Segment[] {
  if (o.selling) return [' in the app.'];
  if (o.commonCode) return [' with the code ', styled(o.commonCode, 'CODE'), ', which you find here in the app.'];
  switch (o.callToAction) {
    case 'claim':
      return [' with the code you get here in the app.'];
    case 'url':
      return [' through the link below.'];
    case 'referralUrl':
      return [' when they book through the link below.'];
    case 'mailTo':
      return ['; write to us and we will tell you how.'];
    default:
      return [' when they show their membership in the app.'];
  }
}

/** What members pay, and how they get that price. */
function priceLine(o: ContentOptions): BlockSpec {
  const { ctx } = o;
  const was: Segment[] = ctx.oldPrice > ctx.price ? [styled(`${ctx.oldPrice} kr`, 'STRIKETHROUGH'), ' '] : [];
  return p('Members pay ', ...was, styled(`${ctx.price} kr`, 'BOLD'), ...howMembersPay(o));
}

const openingHours = (): BlockSpec[] => [code('Mon–Fri   10:00–18:00'), code('Sat       10:00–16:00'), code('Sun       closed')];

function tipList(random: Random): BlockSpec[] {
  const picked = random.sample(tips, random.int(3, 4));
  const items = picked.map((tip, i): Segment[] => (i === 0 ? [styled(tip, 'BOLD')] : [tip]));
  const list = random.chance(0.5) ? ul(items) : ol(items);
  return random.chance(0.3) ? [...list, ...ul([['Even better: ', styled('bring a friend', 'ITALIC')]], 1)] : list;
}

const quoteBlock = (random: Random, ctx: TextContext): BlockSpec =>
  quote(`“${random.pick(quotes)}” `, styled(`– ${ctx.host.en}`, 'ITALIC'));

const ownLinkBlock = (own: { text: string; url: string }): BlockSpec =>
  p('Looking for more? Have a look at ', link(own.text, own.url), ' in the app.');

function closing(random: Random, ctx: TextContext, type: OfferType): BlockSpec[] {
  const last =
    type === 'live'
      ? p('See you at ', styled(ctx.venue.en, 'BOLD'), '! 🎉 Questions? Write to ', link('the organiser', 'mailto:events@example.com'), '.')
      : p(sentence(random, ctx), ' Skål! 🥂');
  return [h2(random.pick(subheads)), paragraph(random, ctx), last];
}

export function buildContent(random: Random, o: ContentOptions): ContentBlock[] {
  const { ctx, type, complete } = o;
  const want = (probability: number) => complete || random.chance(probability);
  const first: BlockSpec[] = [paragraph(random, ctx)];
  if (want(0.5)) first.push(highlighted(ctx));
  first.push(h2(random.pick(subheads)), paragraph(random, ctx));
  if (want(0.6)) first.push(linked(random, ctx));
  if (type === 'benefit' || complete) first.push(priceLine(o));
  if (want(0.7)) first.push(...tipList(random));
  if (want(0.35)) first.push(quoteBlock(random, ctx));
  if (want(0.2)) first.push(h2('Opening hours'), ...openingHours());
  if (o.ownLink) first.push(ownLinkBlock(o.ownLink));

  const blocks: ContentBlock[] = [{ type: 'richText', editorStateRaw: buildRaw(random, first) }];
  if (want(0.6)) blocks.push({ type: 'image', image: imageOptions(o.picture), caption: `${pictures[o.picture]!.en}.` });
  if (want(0.5)) blocks.push({ type: 'richText', editorStateRaw: buildRaw(random, closing(random, ctx, type)) });
  if (o.media === 'spotify') blocks.push({ type: 'spotify', src: random.pick(spotifyEmbeds) });
  if (o.media === 'youTube') blocks.push({ type: 'youTube', src: random.pick(youTubeEmbeds) });
  return blocks;
}
