import { defaultLocality, formatDateTime, type Locality } from '../../domain/format.ts';
import type { Language } from '../../domain/language.ts';
import { escapeHtml } from './mail.ts';

const texts = {
  en: {
    subject: (brand: string) => `A place is free for you at ${brand}`,
    intro: (what: string) => `Good news: a place on ${what} has become free, and it is held for you.`,
    until: (when: string) => `Buy it before ${when}; after that it goes to the next member waiting.`,
    date: 'Date',
    buy: 'Buy your ticket',
  },
  sv: {
    subject: (brand: string) => `En plats är ledig för dig hos ${brand}`,
    intro: (what: string) => `Goda nyheter: en plats på ${what} har blivit ledig, och den är reserverad för dig.`,
    until: (when: string) => `Köp den före ${when}; därefter går den till nästa medlem i kön.`,
    date: 'Datum',
    buy: 'Köp din biljett',
  },
  nb: {
    subject: (brand: string) => `En plass er ledig for deg hos ${brand}`,
    intro: (what: string) => `Gode nyheter: en plass på ${what} har blitt ledig, og den er reservert for deg.`,
    until: (when: string) => `Kjøp den før ${when}; deretter går den til neste medlem i køen.`,
    date: 'Dato',
    buy: 'Kjøp billetten din',
  },
} satisfies Record<Language, unknown>;

export interface WaitingListOffer {
  brandName: string;
  offerTitle: string;
  variantTitle: string;
  eventStart: number | null;
  offeredUntil: number;
  /** The offer page in the member's app. */
  link: string;
}

/** The mail to the first member in line when a place frees up (spec 5). */
export function waitingListOfferMail(offer: WaitingListOffer, language: Language, locality: Locality = defaultLocality) {
  const t = texts[language];
  const format = (ms: number) => formatDateTime(ms, language, locality);
  const what = `${offer.offerTitle}: ${offer.variantTitle}`;
  const when = offer.eventStart !== null ? `${t.date}: ${format(offer.eventStart)}` : '';
  const lines = [t.intro(what), ...(when ? [when] : []), t.until(format(offer.offeredUntil))];
  return {
    subject: t.subject(offer.brandName),
    text: [...lines, '', `${t.buy}: ${offer.link}`].join('\n'),
    html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}\n<p><a href="${escapeHtml(offer.link)}">${escapeHtml(t.buy)}</a></p>`,
  };
}
