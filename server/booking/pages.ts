import type { Language } from '../../domain/language.ts';
import { escapeHtml } from '../mail/mail.ts';
import type { Seating } from './seatings.ts';
import { bookingTexts, type BookingTexts } from './texts.ts';
import { stylesheetHref } from './theme.ts';

/**
 * The booking widget's pages: plain HTML forms that work without scripts, styled by
 * /booking/booking.css in the brand's colours (?brand=…; the CSP allows no inline style). Every value is escaped here.
 */

export const stylesheetPath = '/booking/booking.css';

/** The form's fields in the order they appear, so the error summary lists them in that order. */
export const fieldOrder = ['date', 'party', 'time', 'name', 'email', 'phone'] as const;
export type Field = (typeof fieldOrder)[number];
export type FieldErrors = Partial<Record<Field, string>>;

const e = escapeHtml;

/** Whose pages these are: the stylesheet carries that brand's colours (null: the neutral ones). */
type BrandId = string | null;

function layout(language: Language, brandId: BrandId, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(title)}</title><link rel="stylesheet" href="${e(stylesheetHref(stylesheetPath, brandId))}"></head>
<body><main>${body}</main></body></html>`;
}

export interface BookingSummary {
  restaurant: string;
  address: string;
  /** The seating as the guest reads it, in the brand's zone. */
  when: string;
  partySize: number;
}

function summaryList(t: BookingTexts, s: BookingSummary): string {
  const row = (label: string, value: string) => `<div><dt>${e(label)}</dt><dd>${e(value)}</dd></div>`;
  return `<dl class="summary">${row(t.restaurant, s.restaurant)}${row(t.address, s.address)}${row(t.when, s.when)}${row(t.guestsLabel, t.guests(s.partySize))}</dl>`;
}

export interface BookingFormView {
  language: Language;
  brandId: string;
  restaurant: { name: string; address: string };
  /** `/booking/{brand}/{restaurant}`: the page's own path. */
  path: string;
  dates: { value: string; label: string }[];
  daysAhead: number;
  maxParty: number;
  date: string | null;
  party: number | null;
  /** The chosen day's seatings; null until a valid day and party are chosen. */
  seatings: Seating[] | null;
  values: { time?: string; name?: string; email?: string; phone?: string };
  errors: FieldErrors;
  /** A problem with the whole form (too many bookings, a foreign origin), shown in the summary. */
  notice?: string;
  phoneExample: string;
}

/** Where each field's error in the summary leads: the field, or the first time that can be chosen. */
function fieldId(view: BookingFormView, field: Field): string {
  if (field !== 'time') return field;
  const first = view.seatings?.findIndex((s) => s.free >= (view.party ?? 1)) ?? -1;
  // No time left to choose: the day is what to change.
  return first === -1 ? 'date' : `time-${first}`;
}

function errorSummary(view: BookingFormView, t: BookingTexts): string {
  const items = fieldOrder
    .filter((field) => view.errors[field])
    .map((field) => `<li><a href="#${fieldId(view, field)}">${e(view.errors[field]!)}</a></li>`);
  if (view.notice) items.unshift(`<li>${e(view.notice)}</li>`);
  if (items.length === 0) return '';
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">${e(t.problem)}</h2><ul>${items.join('')}</ul></div>`;
}

const errorText = (id: string, message: string | undefined) => (message ? `<p class="error" id="${id}-error">${e(message)}</p>` : '');
const described = (id: string, message: string | undefined, hint?: string) => {
  const ids = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `${ids ? ` aria-describedby="${ids}"` : ''}${message ? ' aria-invalid="true"' : ''}`;
};

function selectField(id: 'date' | 'party', label: string, options: { value: string; label: string }[], chosen: string | null, error: string | undefined) {
  const opts = options.map((o) => `<option value="${e(o.value)}"${o.value === chosen ? ' selected' : ''}>${e(o.label)}</option>`).join('');
  return `<div class="field${error ? ' invalid' : ''}"><label for="${id}">${e(label)}</label>${errorText(id, error)}<select id="${id}" name="${id}"${described(id, error)}>${opts}</select></div>`;
}

function textField(id: 'name' | 'email' | 'phone', label: string, type: string, autocomplete: string, value: string | undefined, error: string | undefined, hint?: string) {
  const hintText = hint ? `<p class="hint" id="${id}-hint">${e(hint)}</p>` : '';
  return `<div class="field${error ? ' invalid' : ''}"><label for="${id}">${e(label)}</label>${hintText}${errorText(id, error)}<input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" maxlength="200" required value="${e(value ?? '')}"${described(id, error, hint)}></div>`;
}

function seatingChoices(view: BookingFormView, t: BookingTexts): string {
  const party = view.party ?? 1;
  const error = view.errors.time;
  const choices = view.seatings!.map((s, i) => {
    const room = s.free >= party;
    const checked = room && view.values.time === s.clock ? ' checked' : '';
    const label = room ? e(s.clock) : `${e(s.clock)} <span class="full">(${e(t.full)})</span>`;
    return `<div class="slot${room ? '' : ' is-full'}"><input type="radio" id="time-${i}" name="time" value="${e(s.clock)}"${checked}${room ? '' : ' disabled'}><label for="time-${i}">${label}</label></div>`;
  });
  return `<fieldset class="times${error ? ' invalid' : ''}"${error ? ' aria-describedby="time-error"' : ''}><legend>${e(t.time)}</legend>${errorText('time', error)}<div class="slots">${choices.join('')}</div></fieldset>`;
}

/** The widget: the day and party size (GET), then that day's seatings and the guest's details (POST). */
export function bookingFormPage(view: BookingFormView): string {
  const t = bookingTexts[view.language];
  const title = t.title(view.restaurant.name);
  const action = `${view.path}?lang=${view.language}`;
  const parties = Array.from({ length: view.maxParty }, (_, i) => ({ value: String(i + 1), label: t.guests(i + 1) }));
  const dateError = view.errors.date;
  const partyError = view.errors.party;
  const choose =
    view.dates.length === 0
      ? `<p>${e(t.noDates)}</p>`
      : `<form class="choose" method="get" action="${e(view.path)}" novalidate><input type="hidden" name="lang" value="${view.language}">
${selectField('date', t.date, view.dates, view.date, dateError)}${selectField('party', t.party, parties, view.party === null ? null : String(view.party), partyError)}
<button type="submit" class="secondary">${e(t.showTimes)}</button></form>`;
  let book = '';
  if (view.seatings && view.date && view.party) {
    const party = view.party;
    book =
      view.seatings.some((s) => s.free >= party)
        ? `<form class="book" method="post" action="${e(action)}" novalidate><input type="hidden" name="date" value="${e(view.date)}"><input type="hidden" name="party" value="${party}">
${seatingChoices(view, t)}
<fieldset><legend>${e(t.details)}</legend>
${textField('name', t.name, 'text', 'name', view.values.name, view.errors.name)}
${textField('email', t.email, 'email', 'email', view.values.email, view.errors.email)}
${textField('phone', t.phone, 'tel', 'tel', view.values.phone, view.errors.phone, t.phoneHint(view.phoneExample))}
</fieldset><button type="submit">${e(t.book)}</button></form>`
        : `<p class="notice" role="status">${e(t.noTimes)}</p>`;
  }
  const body = `<h1>${e(title)}</h1><p class="address">${e(view.restaurant.address)}</p>${errorSummary(view, t)}${choose}${book}`;
  return layout(view.language, view.brandId, title, body);
}

/** After booking: what was booked, and that the mail with the cancel link is on its way. */
export function confirmationPage(language: Language, brandId: BrandId, summary: BookingSummary, email: string, againUrl: string): string {
  const t = bookingTexts[language];
  const body = `<h1>${e(t.booked)}</h1><p role="status">${e(t.bookedText(email))}</p>${summaryList(t, summary)}<p><a href="${e(againUrl)}">${e(t.bookAnother)}</a></p>`;
  return layout(language, brandId, t.booked, body);
}

export type CancelState = 'open' | 'cancelledNow' | 'alreadyCancelled' | 'passed';

/** The cancel link's page: the booking and a button (a GET never cancels: mail scanners follow links). */
export function cancelPage(language: Language, brandId: BrandId, summary: BookingSummary, state: CancelState, action: string): string {
  const t = bookingTexts[language];
  const title = state === 'cancelledNow' ? t.cancelled : t.yourBooking;
  const below = {
    open: `<form method="post" action="${e(action)}"><button type="submit" class="danger">${e(t.cancel)}</button></form>`,
    cancelledNow: `<p role="status">${e(t.cancelledText)}</p>`,
    alreadyCancelled: `<p class="notice" role="status">${e(t.alreadyCancelled)}</p>`,
    passed: `<p class="notice" role="status">${e(t.passed)}</p>`,
  }[state];
  return layout(language, brandId, title, `<h1>${e(title)}</h1>${summaryList(t, summary)}${below}`);
}

/** Not found, in the widget's style: an unknown restaurant or cancel link. */
export function notFoundPage(language: Language, brandId: BrandId, kind: 'restaurant' | 'link'): string {
  const t = bookingTexts[language];
  return layout(language, brandId, t.notFound, `<h1>${e(t.notFound)}</h1><p>${e(kind === 'link' ? t.notFoundLink : t.notFoundRestaurant)}</p>`);
}
