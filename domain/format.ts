import type { Language } from './language.ts';

/**
 * Money and event times as a member of the brand's region reads them, in the app and in mail
 * alike (spec 9): amounts are integer minor units; times are shown in the venue's time zone
 * whatever the device's zone; English follows the region's conventions (en-SE: 24-hour clock,
 * day before month, "420,00 kr").
 */
export interface Locality {
  /** IANA time zone of the brand's venues, e.g. Europe/Stockholm. */
  timeZone: string;
  /** ISO 3166 country of the brand, e.g. SE. */
  region: string;
}

export const defaultLocality: Locality = { timeZone: 'Europe/Stockholm', region: 'SE' };

/** The BCP 47 tag formats use: the language with the brand's region (en-SE, sv-SE, nb-NO). */
export const localeTag = (language: Language | string, locality: Pick<Locality, 'region'>): string => `${language.split('-')[0]}-${locality.region}`;

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

export function formatMoney(minorUnits: number, currency: string, language: Language | string, locality: Locality = defaultLocality): string {
  const tag = localeTag(language, locality);
  const format = cached(`m|${tag}|${currency}`, () => new Intl.NumberFormat(tag, { style: 'currency', currency }));
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}

/** A percentage as written in the language ("6 %", "6%"). */
export function formatPercent(percentage: number, language: Language | string, locality: Locality = defaultLocality): string {
  const tag = localeTag(language, locality);
  return cached(`p|${tag}`, () => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 })).format(percentage / 100);
}

const dateFormat = (kind: string, options: Intl.DateTimeFormatOptions) =>
  (ms: number, language: Language | string, locality: Locality = defaultLocality): string => {
    const tag = localeTag(language, locality);
    return cached(`${kind}|${tag}|${locality.timeZone}`, () => new Intl.DateTimeFormat(tag, { ...options, timeZone: locality.timeZone, hourCycle: 'h23' })).format(ms);
  };

/** An event's start: weekday, day, month name, time ("lördag 12 december kl. 19:00"). */
export const formatEventTime = dateFormat('event', { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/** A shorter date and time for a line ("12 dec. 2026 19:00"). */
export const formatEventDate = dateFormat('short', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A full date and time ("12 december 2026 19:00"). */
export const formatDateTime = dateFormat('long', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A time of day in the brand's zone ("15:40"). */
export const formatClockTime = dateFormat('clock', { hour: '2-digit', minute: '2-digit' });

/** A day with its weekday, without year or time ("fredag 12 juni"). */
export const formatWeekdayDate = dateFormat('weekday', { weekday: 'long', day: 'numeric', month: 'long' });

/** A day without time ("12 december 2026"). */
export const formatDay = dateFormat('day', { day: 'numeric', month: 'long', year: 'numeric' });

/** The brand's locality from its settings (the demo brands: Europe/Stockholm and SE, Europe/Oslo and NO). */
export const localityOf = (settings: { timeZone?: string; region?: string }): Locality => ({
  timeZone: settings.timeZone ?? defaultLocality.timeZone,
  region: settings.region ?? defaultLocality.region,
});
