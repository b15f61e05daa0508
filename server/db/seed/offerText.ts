import type { OfferType } from '../../../contract/offer.ts';
import type { CategorySeed } from './categories.ts';
import type { Random } from './prng.ts';
import { adjectives, eventKinds, extras, months, places, tourNames, venues, weekdays } from './words.ts';

/** The facts one offer's texts are made of. */
export interface TextContext {
  brandName: string;
  topic: string;
  place: string;
  place2: string;
  partner: string;
  host: string;
  venue: string;
  adjective: string;
  pct: number;
  price: number;
  oldPrice: number;
  extra: string;
  eventKind: string;
  tour: string;
  count: number;
  date: string;
  month: string;
  code: string;
}

export function makeContext(random: Random, brandName: string, category: CategorySeed): TextContext {
  const [place, place2] = random.sample(places, 2) as [string, string];
  const price = random.pick([49, 95, 129, 149, 199, 249, 295, 349, 395, 450, 595]);
  const day = random.int(1, 28);
  return {
    brandName,
    topic: random.pick(category.topics),
    place,
    place2,
    partner: random.pick(category.partners),
    host: random.pick(category.hosts),
    venue: random.pick(venues),
    adjective: random.pick(adjectives),
    pct: random.pick([10, 15, 20, 25, 30, 40, 50]),
    price,
    oldPrice: Math.round((price * random.pick([1.3, 1.5, 2])) / 5) * 5,
    extra: random.pick(extras),
    eventKind: random.pick(eventKinds),
    tour: random.pick(tourNames),
    count: random.int(3, 12),
    date: `${random.pick(weekdays)} ${day} ${random.pick(months)}`,
    month: random.pick(months),
    code: `${brandName.toUpperCase().slice(0, 3)}${random.int(10, 99)}`,
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Replaces {slot} and {Slot} (capitalised) with the context's values. */
export function fill(template: string, ctx: TextContext): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const key = (name.charAt(0).toLowerCase() + name.slice(1)) as keyof TextContext;
    const value = String(ctx[key] ?? name);
    return name.charAt(0) === name.charAt(0).toUpperCase() ? capitalise(value) : value;
  });
}

/** One way of telling an offer: its title, teaser and preamble agree with each other. */
interface Angle {
  titles: string[];
  teasers: string[];
  preambles: string[];
}

const angles: Record<OfferType, Angle[]> = {
  editorial: [
    {
      titles: ['A weekend of {topic} in {place}', 'Our guide to {topic} in {place}', 'What {place} taught us about {topic}', "Inside {place}'s {adjective} {topic} scene", 'Behind the scenes: {topic} in {place}'],
      teasers: ['{Topic} in {place}', 'Stories from {place}', 'A long weekend in {place}'],
      preambles: [
        'We travelled to {place} to meet the people who made {topic} their life. Here is what they told us.',
        'From early mornings to late nights in {place}: a guide to {topic} for curious members.',
      ],
    },
    {
      titles: ['{count} things we learned about {topic}', 'How to enjoy {topic} like a local', 'The quiet art of {topic}', 'Why {topic} is having a moment', '{Topic}, explained', 'The members’ guide to {topic}'],
      teasers: ['A slow read about {topic}', 'Everything you wanted to know', 'Start here'],
      preambles: [
        '{Topic} is easy to love and hard to master. {Host} shows us where to begin.',
        'Everyone seems to be talking about {topic}. We asked {host} what the fuss is about.',
      ],
    },
    {
      titles: ['{Host} on {topic} and {place}', 'A day with {host}', 'From {place} to {place2} with {host}'],
      teasers: ['{Host} shares the secrets', 'An interview from {place}'],
      preambles: ['{Host} has spent years with {topic}. We followed along for a day, from {place} to {place2}.'],
    },
  ],
  benefit: [
    {
      titles: ['{pct}% off {topic} at {partner}', '{Partner}: {pct}% on everything', 'Save {pct}% on {topic}'],
      teasers: ['Members save {pct}% through {month}', 'Show the code at the till', 'Online and in store · {partner}'],
      preambles: ['{BrandName} members get {pct}% off at {partner} in {place}. Claim your code in the app and show it at checkout.'],
    },
    {
      titles: ['Two for one at {partner}', '{Partner}: bring a friend for free'],
      teasers: ['Two for the price of one', 'Only for {brandName} members'],
      preambles: ['Bring a friend to {partner} in {place} and pay for one. Valid for {topic} all through {month}.'],
    },
    {
      titles: ['{Topic} for {price} kr', 'Member price on {topic} in {place}', 'Exclusive: {topic} at {partner}'],
      teasers: ['Now {price} kr (was {oldPrice} kr)', 'Only for {brandName} members'],
      preambles: ['Treat yourself to {topic} at {partner} for {price} kr instead of {oldPrice} kr. Only for members, only in the app.'],
    },
    {
      titles: ['Free {extra} with {topic} at {partner}', '{Partner} in {place}: a free {extra}'],
      teasers: ['A little extra, on the house', 'While stocks last · {partner}'],
      preambles: ['{Partner} welcomes {brandName} members with a free {extra}. The offer is valid while stocks last.'],
    },
  ],
  live: [
    {
      titles: ['{Host} live at {venue}', '{Host} presents {tour}', '{Host} in {place}'],
      teasers: ['{date} · {venue}, {place}', 'Few tickets left · {place}', '{date} · {place}'],
      preambles: ['{Host} comes to {venue} in {place} on {date}. Members get early access to tickets.'],
    },
    {
      titles: ['{EventKind}: {topic} with {host}', '{Topic} night at {venue}, {place}', '{EventKind} in {place}', '{EventKind} at {venue}'],
      teasers: ['Doors open 19:00 · {venue}', '{date} · {venue}, {place}', 'Limited seats · {place}'],
      preambles: [
        'An evening of {topic} at {venue} in {place}, with {host} as host. Limited seats, so be quick.',
        'Join us at {venue} on {date} for a {eventKind} you will talk about for weeks.',
      ],
    },
  ],
};

export interface OfferTexts {
  title: string;
  teaserLine: string;
  preamble: string;
}

export function pickTexts(random: Random, type: OfferType, ctx: TextContext): OfferTexts {
  const angle = random.pick(angles[type]);
  return {
    title: fill(random.pick(angle.titles), ctx),
    teaserLine: fill(random.pick(angle.teasers), ctx),
    preamble: fill(random.pick(angle.preambles), ctx),
  };
}
