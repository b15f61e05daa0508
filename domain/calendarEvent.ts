/**
 * "Add to calendar" for an event (spec 3 calendar event, 7, 9): the same event as a web calendar
 * template link, Apple's `calshow:` link and the native container's `createCalendarEvent` payload;
 * its ICS file is domain/calendarFile.ts. Times are milliseconds since epoch.
 */
export interface CalendarEvent {
  title: string;
  description: string;
  location: string;
  start: number;
  end: number;
}

/** `yyyymmddThhmm00Z` in UTC, as calendar template links want dates (spec 9). */
export function templateDate(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}T${two(d.getUTCHours())}${two(d.getUTCMinutes())}00Z`;
}

/** A Google Calendar template link that opens the event ready to save. */
export function calendarTemplateUrl(event: CalendarEvent): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${templateDate(event.start)}/${templateDate(event.end)}`,
    details: event.description,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}

/** Apple platforms open the Calendar app at a moment given in seconds since 2001-01-01 UTC. */
const appleEpochMs = Date.UTC(2001, 0, 1);
export const calshowUrl = (event: CalendarEvent): string => `calshow:${Math.floor((event.start - appleEpochMs) / 1000)}`;

/** The native bridge's `createCalendarEvent` call: start and end in seconds since 1970. */
export function nativeCalendarEvent(event: CalendarEvent) {
  return {
    title: event.title,
    description: event.description,
    startDate: Math.floor(event.start / 1000),
    endDate: Math.floor(event.end / 1000),
  };
}

/** Events without an end are entered as three hours long (the order mail's calendar files agree). */
export const defaultEventLengthMs = 3 * 3_600_000;

interface BoughtLine {
  offerTitle: string;
  itemVariant: {
    title: string;
    description?: string;
    date: { start: number | null; end: number | null };
    location: { address: string; zipCode: string; city: string } | null;
  };
}

/** The calendar event of a bought ticket line (spec 3: name, description, location, start, end), or null when it has no date. */
export function calendarEventOfLine(line: BoughtLine): CalendarEvent | null {
  const { title, description, date, location } = line.itemVariant;
  if (date.start === null) return null;
  return {
    title: `${line.offerTitle}: ${title}`,
    description: description ?? '',
    location: location ? [location.address, [location.zipCode, location.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '',
    start: date.start,
    end: date.end !== null && date.end > date.start ? date.end : date.start + defaultEventLengthMs,
  };
}
