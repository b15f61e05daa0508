import type { CallToAction, OfferType } from '../../../contract/offer.ts';
import type { Random } from './prng.ts';
import { fill3, l, type SlotValue, type Text3 } from './text.ts';

/** The facts one offer's texts are made of; every text of the offer tells the same facts. */
export type TextContext = {
  brandName: string;
  topic: Text3;
  place: string;
  place2: string;
  partner: string;
  host: Text3;
  /** Where a live event takes place (its first evening); a partner's shop otherwise. */
  venue: Text3;
  pct: number;
  price: number;
  oldPrice: number;
  extra: Text3;
  count: number;
  /** The month a benefit runs through: the next one after seeding. */
  month: Text3;
} & Record<string, SlotValue>;

/** A title, teaser and preamble in every language. */
export interface OfferTexts {
  title: Text3;
  teaserLine: Text3;
  preamble: Text3;
}

/** One way of telling an offer: its title, teaser and preamble agree with each other. */
export interface Angle {
  titles: Text3[];
  teasers: Text3[];
  preambles: Text3[];
}

export function tell(random: Random, angles: readonly Angle[], ctx: Record<string, SlotValue>): OfferTexts {
  const angle = random.pick(angles);
  return {
    title: fill3(random.pick(angle.titles), ctx),
    teaserLine: fill3(random.pick(angle.teasers), ctx),
    preamble: fill3(random.pick(angle.preambles), ctx),
  };
}

export const editorialAngles: Angle[] = [
  {
    titles: [
      l('A weekend of {topic} in {place}', 'En helg med {topic} i {place}', 'En helg med {topic} i {place}'),
      l('Our guide to {topic} in {place}', 'Vår guide till {topic} i {place}', 'Vår guide til {topic} i {place}'),
      l('What {place} taught us about {topic}', 'Det här lärde oss {place} om {topic}', 'Dette lærte {place} oss om {topic}'),
      l('Behind the scenes: {topic} in {place}', 'Bakom kulisserna: {topic} i {place}', 'Bak kulissene: {topic} i {place}'),
    ],
    teasers: [
      l('{Topic} in {place}', '{Topic} i {place}', '{Topic} i {place}'),
      l('Stories from {place}', 'Berättelser från {place}', 'Historier fra {place}'),
      l('A long weekend in {place}', 'En långhelg i {place}', 'En langhelg i {place}'),
    ],
    preambles: [
      l('We travelled to {place} to meet the people who made {topic} their life. Here is what they told us.', 'Vi reste till {place} för att träffa människorna som gjort {topic} till sitt liv. Här är vad de berättade.', 'Vi reiste til {place} for å møte menneskene som har gjort {topic} til livet sitt. Her er hva de fortalte.'),
      l('From early mornings to late nights in {place}: a guide to {topic} for curious members.', 'Från tidiga morgnar till sena kvällar i {place}: en guide till {topic} för nyfikna medlemmar.', 'Fra tidlige morgener til sene kvelder i {place}: en guide til {topic} for nysgjerrige medlemmer.'),
    ],
  },
  {
    titles: [
      l('{count} things we learned about {topic}', '{count} saker vi lärde oss om {topic}', '{count} ting vi lærte om {topic}'),
      l('How to enjoy {topic} like a local', 'Så njuter du av {topic} som en lokalbo', 'Slik nyter du {topic} som en lokal'),
      l('The quiet art of {topic}', 'Konsten att njuta av {topic}', 'Kunsten å nyte {topic}'),
      l('Why {topic} is having a moment', 'Därför pratar alla om {topic}', 'Derfor snakker alle om {topic}'),
      l('{Topic}, explained', '{Topic} – så funkar det', '{Topic} – slik fungerer det'),
      l('The members’ guide to {topic}', 'Medlemmarnas guide till {topic}', 'Medlemmenes guide til {topic}'),
    ],
    teasers: [
      l('A slow read about {topic}', 'En lugn läsning om {topic}', 'En rolig lesestund om {topic}'),
      l('Everything you wanted to know', 'Allt du velat veta', 'Alt du har lurt på'),
      l('Start here', 'Börja här', 'Start her'),
    ],
    preambles: [
      l('{Topic} is easy to love and hard to master. {Host} shows us where to begin.', '{Topic} är lätt att älska och svårt att bemästra. {Host} visar var man börjar.', '{Topic} er lett å elske og vanskelig å mestre. {Host} viser oss hvor vi skal begynne.'),
      l('Everyone seems to be talking about {topic}. We asked {host} what the fuss is about.', 'Alla verkar prata om {topic}. Vi frågade {host} vad det handlar om.', 'Alle ser ut til å snakke om {topic}. Vi spurte {host} hva det handler om.'),
    ],
  },
  {
    titles: [
      l('{Host} on {topic} and {place}', '{Host} om {topic} och {place}', '{Host} om {topic} og {place}'),
      l('A day with {host}', 'En dag med {host}', 'En dag med {host}'),
      l('From {place} to {place2} with {host}', 'Från {place} till {place2} med {host}', 'Fra {place} til {place2} med {host}'),
    ],
    teasers: [
      l('{Host} shares the secrets', '{Host} delar med sig av hemligheterna', '{Host} deler hemmelighetene'),
      l('An interview from {place}', 'En intervju från {place}', 'Et intervju fra {place}'),
    ],
    preambles: [
      l('{Host} has spent years with {topic}. We followed along for a day, from {place} to {place2}.', '{Host} har ägnat åratal åt {topic}. Vi följde med en dag, från {place} till {place2}.', '{Host} har brukt år på {topic}. Vi ble med en dag, fra {place} til {place2}.'),
    ],
  },
];

const onlyMembers = l('Only for {brandName} members', 'Bara för {brandName}-medlemmar', 'Bare for {brandName}-medlemmer');

export const benefitAngles: Angle[] = [
  {
    titles: [
      l('{pct}% off {topic} at {partner}', '{pct} % rabatt på {topic} hos {partner}', '{pct} % rabatt på {topic} hos {partner}'),
      l('{Partner}: {pct}% off everything', '{Partner}: {pct} % på allt', '{Partner}: {pct} % på alt'),
      l('Save {pct}% on {topic}', 'Spara {pct} % på {topic}', 'Spar {pct} % på {topic}'),
    ],
    teasers: [
      l('Members save {pct}% all through {month}', 'Medlemmar sparar {pct} % hela {month}', 'Medlemmer sparer {pct} % hele {month}'),
      l('Online and in store · {partner}', 'Online och i butik · {partner}', 'På nett og i butikk · {partner}'),
    ],
    preambles: [l('{BrandName} members get {pct}% off at {partner} in {place}.', '{BrandName}-medlemmar får {pct} % rabatt hos {partner} i {place}.', '{BrandName}-medlemmer får {pct} % rabatt hos {partner} i {place}.')],
  },
  {
    titles: [
      l('Two for one at {partner}', 'Två för en hos {partner}', 'To for én hos {partner}'),
      l('{Partner}: bring a friend for free', '{Partner}: ta med en vän gratis', '{Partner}: ta med en venn gratis'),
    ],
    teasers: [l('Two for the price of one', 'Två för priset av en', 'To for prisen av én'), onlyMembers],
    preambles: [l('Bring a friend to {partner} in {place} and pay for one. Valid for {topic} all through {month}.', 'Ta med en vän till {partner} i {place} och betala för en. Gäller {topic} hela {month}.', 'Ta med en venn til {partner} i {place} og betal for én. Gjelder {topic} hele {month}.')],
  },
  {
    titles: [
      l('{Topic} for {price} kr', '{Topic} för {price} kr', '{Topic} for {price} kr'),
      l('Member price on {topic} in {place}', 'Medlemspris på {topic} i {place}', 'Medlemspris på {topic} i {place}'),
      l('Exclusive: {topic} at {partner}', 'Exklusivt: {topic} hos {partner}', 'Eksklusivt: {topic} hos {partner}'),
    ],
    teasers: [l('Now {price} kr (was {oldPrice} kr)', 'Nu {price} kr (ord. {oldPrice} kr)', 'Nå {price} kr (før {oldPrice} kr)'), onlyMembers],
    preambles: [l('Treat yourself to {topic} at {partner} in {place} for {price} kr instead of {oldPrice} kr. Only for members.', 'Unna dig {topic} hos {partner} i {place} för {price} kr i stället för {oldPrice} kr. Bara för medlemmar.', 'Unn deg {topic} hos {partner} i {place} for {price} kr i stedet for {oldPrice} kr. Bare for medlemmer.')],
  },
  {
    titles: [
      l('A free {extra} at {partner}', 'En gratis {extra} hos {partner}', 'En gratis {extra} hos {partner}'),
      l('{Partner} in {place}: a free {extra}', '{Partner} i {place}: en gratis {extra}', '{Partner} i {place}: en gratis {extra}'),
    ],
    teasers: [
      l('A little extra, on the house', 'Lite extra, vi bjuder', 'Litt ekstra, vi spanderer'),
      l('While stocks last · {partner}', 'Så långt lagret räcker · {partner}', 'Så lenge lageret rekker · {partner}'),
    ],
    preambles: [l('{Partner} in {place} welcomes {brandName} members with a free {extra}, while stocks last.', '{Partner} i {place} välkomnar {brandName}-medlemmar med en gratis {extra}, så långt lagret räcker.', '{Partner} i {place} ønsker {brandName}-medlemmer velkommen med en gratis {extra}, så lenge lageret rekker.')],
  },
];

/** The benefit preamble's last sentence says what the button does. */
export const callToActionSentence: Partial<Record<CallToAction['type'], Text3>> = {
  claim: l('Get your code in the app and show it at the till.', 'Hämta din kod i appen och visa den i kassan.', 'Hent koden din i appen og vis den i kassen.'),
  url: l('Follow the link below; the discount is taken off at checkout.', 'Följ länken nedan – rabatten dras av i kassan.', 'Følg lenken nedenfor – rabatten trekkes fra i kassen.'),
  referralUrl: l('Book through the link below to get the member price.', 'Boka via länken nedan för att få medlemspriset.', 'Bestill via lenken nedenfor for å få medlemsprisen.'),
  mailTo: l('Write to us and we will send you the details.', 'Skriv till oss så skickar vi detaljerna.', 'Skriv til oss, så sender vi deg detaljene.'),
};

export const typeWords: Record<OfferType, string> = { editorial: 'story', benefit: 'benefit', live: 'event' };
