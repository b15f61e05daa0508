import { createEvent } from 'ics';
import type { CalendarEvent } from './calendarEvent.ts';

/** What an ICS file adds to the event: its stable id and who made the file (`klubb/<brand name>`). */
export interface CalendarFileFacts {
  uid: string;
  productId: string;
}

/**
 * The event as the text of an ICS file (one VEVENT, METHOD:PUBLISH, confirmed, times in UTC): the
 * file the app downloads and the order and table-booking mails attach alike. Null when `ics`
 * refuses the event. The app loads this module only when a member asks for the file.
 */
export function calendarFileText(event: CalendarEvent, { uid, productId }: CalendarFileFacts): string | null {
  const { error, value } = createEvent({
    uid,
    productId,
    method: 'PUBLISH',
    title: event.title,
    description: event.description,
    location: event.location || undefined,
    start: event.start,
    startInputType: 'utc',
    startOutputType: 'utc',
    end: event.end,
    endInputType: 'utc',
    endOutputType: 'utc',
    status: 'CONFIRMED',
  });
  return error || !value ? null : value;
}
