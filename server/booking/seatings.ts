import type { TableBookingSettings } from '../db/schema/restaurants.ts';
import { defaultLocality } from '../../domain/format.ts';
import { instantAtWallClock, wallClockIn } from '../../domain/zonedClock.ts';

/**
 * The calendar of our booking widget: days are `YYYY-MM-DD` and seatings `HH:MM` on the wall
 * clocks of the brand's time zone; each seating is one instant, whatever the server's zone.
 */

const clockPattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The zone, or the default one when the brand's is not a zone this runtime knows. */
export function knownTimeZone(timeZone: string | undefined): string {
  if (!timeZone) return defaultLocality.timeZone;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return defaultLocality.timeZone;
  }
}

/** The day of `instant` in the zone. */
export function dateIn(timeZone: string, instant: number): string {
  const c = wallClockIn(timeZone, instant);
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

/** The day as a date, or null when it is not a real `YYYY-MM-DD` day. */
export function parseDate(text: string): string | null {
  const match = datePattern.exec(text);
  if (!match) return null;
  const at = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return at.toISOString().slice(0, 10) === text ? text : null;
}

export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** ISO weekday of a day: 1 Monday … 7 Sunday. */
export const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The instant the zone's clocks show `clock` on `date` (a time the spring change skips lands an hour later). */
export function instantOf(date: string, clock: string, timeZone: string): number {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return instantAtWallClock(timeZone, Date.parse(`${date}T00:00:00Z`) + (hours * 60 + minutes) * 60_000);
}

/**
 * The settings as the widget can use them, or null when they cannot take a booking: weekdays
 * 1-7 with well-formed seatings (sorted, once each), and positive whole numbers.
 */
export function usableSettings(settings: TableBookingSettings | null): TableBookingSettings | null {
  if (!settings || !Array.isArray(settings.weekly)) return null;
  const positive = (n: unknown) => Number.isInteger(n) && (n as number) > 0;
  if (!positive(settings.coversPerSeating) || !positive(settings.maxPartySize) || !positive(settings.daysAhead)) return null;
  const weekly = settings.weekly
    .filter((d) => Number.isInteger(d?.day) && d.day >= 1 && d.day <= 7 && Array.isArray(d.seatings))
    .map((d) => ({ day: d.day, seatings: [...new Set(d.seatings.filter((s) => typeof s === 'string' && clockPattern.test(s)))].sort() }));
  return {
    weekly,
    coversPerSeating: settings.coversPerSeating,
    // A party larger than a seating could never be seated.
    maxPartySize: Math.min(settings.maxPartySize, settings.coversPerSeating),
    daysAhead: Math.min(settings.daysAhead, 366),
  };
}

/** The seatings of the weekday, earliest first. */
export function clocksOn(settings: TableBookingSettings, date: string): string[] {
  const day = isoWeekday(date);
  return [...new Set(settings.weekly.filter((d) => d.day === day).flatMap((d) => d.seatings))].sort();
}

/** Whether `clock` is one of the day's seatings that has not begun at `now` (room is for the booking to tell). */
export const isSeatingAhead = (settings: TableBookingSettings, date: string, clock: string, timeZone: string, now: number): boolean =>
  clocksOn(settings, date).includes(clock) && instantOf(date, clock, timeZone) > now;

/** The days a guest may book from `today` on (today included) that have seatings. */
export function bookableDates(settings: TableBookingSettings, today: string): string[] {
  return Array.from({ length: settings.daysAhead }, (_, i) => addDays(today, i)).filter((date) => clocksOn(settings, date).length > 0);
}

export interface Seating {
  clock: string;
  at: number;
  /** Covers not yet booked. */
  free: number;
}

/** The day's seatings that have not begun at `now`, with the covers left of each. */
export function openSeatings(settings: TableBookingSettings, date: string, timeZone: string, now: number, booked: Map<number, number>): Seating[] {
  return clocksOn(settings, date)
    .map((clock) => ({ clock, at: instantOf(date, clock, timeZone) }))
    .filter((s) => s.at > now)
    .map((s) => ({ ...s, free: Math.max(0, settings.coversPerSeating - (booked.get(s.at) ?? 0)) }));
}

/** The instants of the day's seatings (to count what is booked). */
export const seatingInstants = (settings: TableBookingSettings, date: string, timeZone: string) =>
  clocksOn(settings, date).map((clock) => new Date(instantOf(date, clock, timeZone)));
