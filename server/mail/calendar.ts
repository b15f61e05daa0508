import { calendarFileText, type CalendarFileFacts } from '../../domain/calendarFile.ts';
import type { CalendarEvent } from '../../domain/calendarEvent.ts';
import type { MailAttachment } from './mail.ts';

/** The event's calendar file (domain/calendarFile.ts) as a mail attachment, for the order and table-booking mails alike; null when `ics` refuses it. */
export function calendarFile(event: CalendarEvent & CalendarFileFacts, filename: string): MailAttachment | null {
  const content = calendarFileText(event, event);
  return content === null ? null : { filename, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content };
}
