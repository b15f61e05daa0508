import { createEvent } from 'ics';
import type { MailAttachment } from './mail.ts';

/** One event of a calendar file: times in ms since epoch, written in UTC. */
export interface CalendarEvent {
  uid: string;
  /** Who made the file: `klubb/<brand name>`. */
  productId: string;
  title: string;
  description: string;
  location?: string;
  start: number;
  end: number;
}

/** The event as an ICS file (METHOD:PUBLISH, confirmed), for the order and table-booking mails alike; null when `ics` refuses it. */
export function calendarFile(event: CalendarEvent, filename: string): MailAttachment | null {
  const { error, value } = createEvent({
    uid: event.uid,
    productId: event.productId,
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
  if (error || !value) return null;
  return { filename, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: value };
}
