import { localeTag, type Locality } from '../../../domain/format.ts';
import type { Language } from '../../../domain/language.ts';
import { instantAtWallClock, wallClockIn } from '../../../domain/zonedClock.ts';
import { each, l, type Text3 } from './text.ts';

/** Dates of the demo content: counted from the day of seeding, written as the brand's region writes them. */

/** The moment the zone's clock shows `hour`:`minute` on the day `daysAhead` days after `now`'s day there. */
export function localTime(now: Date, daysAhead: number, hour: number, minute: number, timeZone: string): Date {
  const today = wallClockIn(timeZone, now.getTime());
  return new Date(instantAtWallClock(timeZone, Date.UTC(today.year, today.month - 1, today.day + daysAhead, hour, minute)));
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(language: Language, locality: Locality, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${locality.region}|${locality.timeZone}|${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(localeTag(language, locality), { ...options, timeZone: locality.timeZone, hourCycle: 'h23' });
    formats.set(key, made);
  }
  return made;
}

/** "Friday, 11 December", "fredag 11 december", "fredag 11. desember". */
export const dateText = (at: Date, locality: Locality): Text3 =>
  each((language) => format(language, locality, { weekday: 'long', day: 'numeric', month: 'long' }).format(at));

/** "19:00". */
export const timeText = (at: Date, locality: Locality): Text3 =>
  each((language) => format(language, locality, { hour: '2-digit', minute: '2-digit' }).format(at));

/** "December", "december", "desember". */
export const monthText = (at: Date, locality: Locality): Text3 =>
  each((language) => format(language, locality, { month: 'long' }).format(at));

const and = l(' and ', ' och ', ' og ');

/** "a, b and c" in each language. */
export const listText = (items: Text3[]): Text3 =>
  each((language) => {
    const words = items.map((item) => item[language]);
    return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')}${and[language]}${words.at(-1)}`;
  });

/** Days without weekdays, the month said once when shared: "11 and 12 December", "30 November and 1 December". */
export function daysText(days: Date[], locality: Locality): Text3 {
  return each((language) => {
    const dayMonth = format(language, locality, { day: 'numeric', month: 'long' });
    const parts = days.map((d) => dayMonth.formatToParts(d));
    const month = (p: Intl.DateTimeFormatPart[]) => p.find((x) => x.type === 'month')!.value;
    const sameMonth = parts.every((p) => month(p) === month(parts[0]!));
    const written = parts.map((p, i) => {
      if (!sameMonth || i === parts.length - 1) return p.map((x) => x.value).join('');
      // The day and what follows it before the month: "11", "11.".
      const upToMonth = p.slice(0, p.findIndex((x) => x.type === 'month'));
      return upToMonth.map((x) => x.value).join('').trim();
    });
    return listText(written.map((w) => l(w, w, w)))[language];
  });
}
