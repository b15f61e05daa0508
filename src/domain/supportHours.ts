import type { SupportDay, SupportHours } from '../../contract/brandContent.ts';

/** ISO weekday, 1 Monday … 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const weekdayOf: Record<string, Weekday> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/** The weekday and minutes since midnight of an instant on the wall clocks of `timeZone`. */
export function wallClockIn(timeZone: string, instant: number): { day: Weekday; minutes: number } {
  let format = zoneClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    zoneClocks.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return { day: weekdayOf[parts.weekday!]!, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const hoursOn = (hours: SupportHours, day: Weekday) =>
  hours.weekly.filter((entry) => entry.day === day && minutesOf(entry.closes) > minutesOf(entry.opens));

/** Whether customer service answers the phone at `instant` (ms), by the brand's time zone, whatever the device's. */
export function isOpenAt(hours: SupportHours, instant: number): boolean {
  const now = wallClockIn(hours.timeZone, instant);
  return hoursOn(hours, now.day).some((entry) => minutesOf(entry.opens) <= now.minutes && now.minutes < minutesOf(entry.closes));
}

/** When support closes again, if it is open at `instant` ('HH:MM' in the brand's zone). */
export function closingAt(hours: SupportHours, instant: number): string | null {
  const now = wallClockIn(hours.timeZone, instant);
  const open = hoursOn(hours, now.day).find((entry) => minutesOf(entry.opens) <= now.minutes && now.minutes < minutesOf(entry.closes));
  return open?.closes ?? null;
}

export interface NextOpening {
  /** 0 later today, 1 tomorrow, … 7 the same weekday next week (days in the brand's zone). */
  daysAhead: number;
  day: Weekday;
  /** 'HH:MM' in the brand's zone. */
  opens: string;
}

/** The next time support opens after `instant`; null when the week has no hours at all. */
export function nextOpening(hours: SupportHours, instant: number): NextOpening | null {
  const now = wallClockIn(hours.timeZone, instant);
  for (let daysAhead = 0; daysAhead <= 7; daysAhead++) {
    const day = (((now.day - 1 + daysAhead) % 7) + 1) as Weekday;
    const later = hoursOn(hours, day)
      .filter((entry) => daysAhead > 0 || minutesOf(entry.opens) > now.minutes)
      .sort((a, b) => minutesOf(a.opens) - minutesOf(b.opens))[0];
    if (later) return { daysAhead, day, opens: later.opens };
  }
  return null;
}

export interface DayGroup {
  from: Weekday;
  to: Weekday;
  /** Opening and closing times of each day in the group, earliest first; empty when closed. */
  ranges: Pick<SupportDay, 'opens' | 'closes'>[];
}

/** The week Monday to Sunday, consecutive days with the same hours grouped ("Monday–Friday 09:00–19:00"). */
export function weekGroups(hours: SupportHours): DayGroup[] {
  const groups: DayGroup[] = [];
  for (let day = 1 as Weekday; day <= 7; day = (day + 1) as Weekday) {
    const ranges = hoursOn(hours, day)
      .sort((a, b) => minutesOf(a.opens) - minutesOf(b.opens))
      .map(({ opens, closes }) => ({ opens, closes }));
    const last = groups.at(-1);
    if (last && JSON.stringify(last.ranges) === JSON.stringify(ranges)) last.to = day;
    else groups.push({ from: day, to: day, ranges });
  }
  return groups;
}

/** A weekday's name in a language ('måndag', 'Monday'); 2024-01-01 was a Monday. */
export function weekdayName(day: Weekday, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, day));
}

/** The zone's generic name in a language ('Central European Time'), for members reading from elsewhere. */
export function zoneName(timeZone: string, language: string): string {
  const parts = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(Date.UTC(2024, 0, 1));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}
