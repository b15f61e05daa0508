import type { BrandContact } from '../../../contract/brandContent.ts';
import { closingAt, isOpenAt, nextOpening, weekGroups, type NextOpening, type Weekday } from '../../domain/supportHours.ts';
import { newWindow, telHref, webHref } from '../../components/externalLink.ts';

export { newWindow };

/** Whether the phone is answered at the instant the page is shown, and until when or from when. */
export type PhoneStatus = { open: true; closes: string } | { open: false; next: NextOpening | null };

export interface ContactView {
  call: string | null;
  phone: string;
  status: PhoneStatus;
  /** Monday to Sunday, equal consecutive days grouped. */
  week: { from: Weekday; to: Weekday; ranges: { opens: string; closes: string }[] }[];
  timeZone: string;
  note: string;
  chat: string | null;
}

/** The Contact us page's call and chat part (spec 2.3, 9) at `instant`, in the brand's time zone. */
export function connectContact(contact: BrandContact, instant: number): ContactView {
  const hours = contact.supportHours;
  const closes = isOpenAt(hours, instant) ? closingAt(hours, instant) : null;
  return {
    call: telHref(contact.phone),
    phone: contact.phone,
    status: closes ? { open: true, closes } : { open: false, next: nextOpening(hours, instant) },
    week: weekGroups(hours),
    timeZone: hours.timeZone,
    note: hours.note.trim(),
    chat: webHref(contact.chatUrl),
  };
}
