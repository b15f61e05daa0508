import { createHash } from 'node:crypto';
import { calendarFileName } from '../../domain/fileName.ts';
import { formatEventTime } from '../../domain/format.ts';
import type { Language } from '../../domain/language.ts';
import { calendarFile } from './calendar.ts';
import { escapeHtml, type MailBrand } from './mail.ts';

const texts = {
  en: {
    subject: (restaurant: string) => `Your table at ${restaurant}`,
    thanks: (name: string) => `Thank you, ${name}. Your table is booked.`,
    restaurant: 'Restaurant',
    address: 'Address',
    when: 'Date and time',
    guests: 'Guests',
    cannotCome: 'Cannot come? Cancel the booking so the table goes to someone else:',
    cancel: 'Cancel the booking',
    calendar: 'The booking is attached as a calendar file.',
    via: (brand: string) => `Booked through ${brand}.`,
    event: (restaurant: string) => `Table at ${restaurant}`,
    eventText: (guests: number) => `Table for ${guests}`,
  },
  sv: {
    subject: (restaurant: string) => `Ditt bord på ${restaurant}`,
    thanks: (name: string) => `Tack, ${name}. Ditt bord är bokat.`,
    restaurant: 'Restaurang',
    address: 'Adress',
    when: 'Datum och tid',
    guests: 'Gäster',
    cannotCome: 'Kan du inte komma? Avboka så att bordet går till någon annan:',
    cancel: 'Avboka',
    calendar: 'Bokningen finns bifogad som kalenderfil.',
    via: (brand: string) => `Bokat via ${brand}.`,
    event: (restaurant: string) => `Bord på ${restaurant}`,
    eventText: (guests: number) => `Bord för ${guests}`,
  },
  nb: {
    subject: (restaurant: string) => `Bordet ditt hos ${restaurant}`,
    thanks: (name: string) => `Takk, ${name}. Bordet ditt er bestilt.`,
    restaurant: 'Restaurant',
    address: 'Adresse',
    when: 'Dato og tid',
    guests: 'Gjester',
    cannotCome: 'Kan du ikke komme? Avbestill, så går bordet til noen andre:',
    cancel: 'Avbestill',
    calendar: 'Bestillingen er vedlagt som kalenderfil.',
    via: (brand: string) => `Bestilt via ${brand}.`,
    event: (restaurant: string) => `Bord hos ${restaurant}`,
    eventText: (guests: number) => `Bord for ${guests}`,
  },
} satisfies Record<Language, unknown>;

/** How long the calendar event lasts: a dinner, not the evening. */
export const seatingDurationMs = 2 * 3_600_000;

/**
 * The calendar event's UID: unique across reseeds and deployments, where the serial id repeats
 * (`table-booking-1@klubb` on every fresh database), and the same for the booking whenever it is
 * made again. It is derived from the stored hash of the booking's random cancel token (a second,
 * labelled hash, so the UID is not the lookup key and says nothing of the token).
 */
export const tableBookingUid = (cancelTokenHash: string) =>
  `table-booking-${createHash('sha256').update(`calendar-uid:${cancelTokenHash}`).digest('hex').slice(0, 32)}@klubb`;

export interface BookedTable {
  id: number;
  /** The stored SHA-256 of the cancel token, from which the calendar UID is derived. */
  cancelTokenHash: string;
  restaurant: string;
  address: string;
  seatingAt: number;
  partySize: number;
  guestName: string;
}

/** The guest's confirmation: what, where and when (in the brand's zone), the cancel link, and the seating as an ICS file. */
export function tableBookingMail(booking: BookedTable, brand: MailBrand, cancelLink: string, language: Language) {
  const t = texts[language];
  const when = formatEventTime(booking.seatingAt, language, brand.locality);
  const lines: [string, string][] = [
    [t.restaurant, booking.restaurant],
    [t.address, booking.address],
    [t.when, when],
    [t.guests, String(booking.partySize)],
  ];
  const title = t.event(booking.restaurant);
  const ics = calendarFile(
    {
      uid: tableBookingUid(booking.cancelTokenHash),
      productId: `klubb/${brand.name}`,
      title,
      description: `${t.eventText(booking.partySize)} · ${booking.guestName}`,
      location: `${booking.restaurant}, ${booking.address}`,
      start: booking.seatingAt,
      end: booking.seatingAt + seatingDurationMs,
    },
    calendarFileName(title),
  );
  const text = [
    t.thanks(booking.guestName),
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    t.cannotCome,
    cancelLink,
    ...(ics ? ['', t.calendar] : []),
    '',
    t.via(brand.name),
  ].join('\n');
  const html = `<p>${escapeHtml(t.thanks(booking.guestName))}</p>
<table>${lines.map(([label, value]) => `<tr><th scope="row" align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
<p>${escapeHtml(t.cannotCome)} <a href="${escapeHtml(cancelLink)}">${escapeHtml(t.cancel)}</a></p>${ics ? `\n<p>${escapeHtml(t.calendar)}</p>` : ''}
<p>${escapeHtml(t.via(brand.name))}</p>`;
  return { subject: t.subject(booking.restaurant), text, html, attachments: ics ? [ics] : [] };
}
