import { formatEventTime, formatWeekdayDate, localityOf, type Locality } from '../../domain/format.ts';
import { isLanguage, type Language } from '../../domain/language.ts';
import { streetAddress } from '../../domain/restaurantAddress.ts';
import { isValidEmail } from '../../domain/validation.ts';
import { isValidPhoneNumber, normalisePhoneNumber } from '../../domain/phone.ts';
import { maxOneLineLength, oneLinePattern } from '../../contract/textRules.ts';
import type { Executor } from '../db/database.ts';
import type { TableBookingSettings } from '../db/schema/restaurants.ts';
import { findBrandById, type BrandRow } from '../repositories/brands.repository.ts';
import { findVisibleRestaurant, type RestaurantRow } from '../repositories/restaurants.repository.ts';
import { coversBooked } from '../repositories/tableBookings.repository.ts';
import type { BookingFormView, BookingSummary, FieldErrors } from './pages.ts';
import { bookableDates, dateIn, instantOf, knownTimeZone, openSeatings, parseDate, seatingInstants, usableSettings, type Seating } from './seatings.ts';
import { bookingTexts, phoneExample } from './texts.ts';

/** A brand's booking widget for one restaurant, as loaded for a request. */
export interface Widget {
  brand: BrandRow;
  restaurant: RestaurantRow;
  settings: TableBookingSettings;
  timeZone: string;
  locality: Locality;
  language: Language;
  path: string;
}

/** Where the brand's dates are read: its zone (the default when it names none this runtime knows) and region. */
export const brandLocality = (brand: Pick<BrandRow, 'settings'> | null): Locality => {
  const settings: { timeZone?: string; region?: string } = brand?.settings ?? {};
  return { ...localityOf(settings), timeZone: knownTimeZone(settings.timeZone) };
};

/** The language asked for with `lang`, else the brand's default, else English. */
export const widgetLanguage = (lang: unknown, brand: BrandRow | null): Language =>
  isLanguage(lang) ? lang : (brand?.settings.defaultLanguage ?? 'en');

/** An id as a path may carry it: one line, not empty, not overlong (anything else is simply not found). */
const plausibleId = (id: string) => id.length > 0 && id.length <= 200 && new RegExp(oneLinePattern).test(id);

/**
 * The widget, or why there is none (both answer the same 404): an unknown brand, a brand
 * without the restaurant guide, an unknown or hidden restaurant, or one that takes no bookings here.
 */
export async function loadWidget(db: Executor, brandId: string, restaurantId: string, lang: unknown): Promise<Widget | { brand: BrandRow | null; language: Language }> {
  const brand = plausibleId(brandId) ? await findBrandById(db, brandId) : null;
  const language = widgetLanguage(lang, brand);
  if (!brand || !brand.settings.restaurant || !plausibleId(restaurantId)) return { brand, language };
  const restaurant = await findVisibleRestaurant(db, brand.id, restaurantId);
  const settings = usableSettings(restaurant?.booking ?? null);
  if (!restaurant || !settings) return { brand, language };
  const locality = brandLocality(brand);
  const timeZone = locality.timeZone;
  const path = `/booking/${encodeURIComponent(brand.id)}/${encodeURIComponent(restaurant.id)}`;
  return { brand, restaurant, settings, timeZone, locality, language, path };
}

export const isWidget = (loaded: Awaited<ReturnType<typeof loadWidget>>): loaded is Widget => 'restaurant' in loaded;


export const summaryOf = (w: Pick<Widget, 'language' | 'locality'>, r: RestaurantRow, seatingAt: number, partySize: number): BookingSummary => ({
  restaurant: r.name,
  address: streetAddress(r),
  when: formatEventTime(seatingAt, w.language, w.locality),
  partySize,
});

/** One form value: a repeated field or a non-text one counts as empty. */
export function formValue(source: unknown, name: string): string {
  const value = (source as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

export interface Choice {
  date: string | null;
  party: number | null;
  errors: FieldErrors;
}

/** The day and party size asked for, checked against the widget's days and largest party. */
export function checkChoice(w: Widget, now: number, dateText: string, partyText: string): Choice {
  const t = bookingTexts[w.language];
  const dates = bookableDates(w.settings, dateIn(w.timeZone, now));
  const date = parseDate(dateText);
  const party = /^\d{1,3}$/.test(partyText) ? Number(partyText) : NaN;
  const errors: FieldErrors = {};
  if (!date || !dates.includes(date)) errors.date = t.dateInvalid(w.settings.daysAhead);
  if (!(party >= 1 && party <= w.settings.maxPartySize)) errors.party = t.partyInvalid(w.settings.maxPartySize);
  return { date: errors.date ? null : date, party: errors.party ? null : party, errors };
}

/** The first day with a seating still ahead, and a party of two (or one when that is the most). */
export function defaultChoice(w: Widget, now: number): { date: string; party: string } {
  const dates = bookableDates(w.settings, dateIn(w.timeZone, now));
  const open = dates.find((date) => openSeatings(w.settings, date, w.timeZone, now, new Map()).length > 0) ?? dates[0] ?? '';
  return { date: open, party: String(Math.min(2, w.settings.maxPartySize)) };
}

/** The day's seatings with the covers left, read now. */
export async function seatingsOf(db: Executor, w: Widget, date: string, now: number): Promise<Seating[]> {
  const booked = await coversBooked(db, w.brand.id, w.restaurant.id, seatingInstants(w.settings, date, w.timeZone));
  return openSeatings(w.settings, date, w.timeZone, now, booked);
}

export interface Guest {
  name: string;
  email: string;
  phone: string;
}

/** The guest's details by the product's rules (one-line name, e-mail, phone with country code). */
export function checkGuest(language: Language, region: string, form: Guest): { guest: Guest; errors: FieldErrors } {
  const t = bookingTexts[language];
  const name = form.name.trim();
  const email = form.email.trim();
  const phone = normalisePhoneNumber(form.phone);
  const errors: FieldErrors = {};
  if (name === '') errors.name = t.nameMissing;
  else if (name.length > maxOneLineLength || !new RegExp(oneLinePattern).test(name)) errors.name = t.nameInvalid;
  if (email === '') errors.email = t.emailMissing;
  else if (email.length > 254 || !isValidEmail(email)) errors.email = t.emailInvalid;
  if (form.phone.trim() === '') errors.phone = t.phoneMissing;
  else if (!isValidPhoneNumber(phone)) errors.phone = t.phoneInvalid(phoneExample(region));
  return { guest: { name, email, phone }, errors };
}

/** The page's form, with what was chosen and typed, the day's seatings once day and party are valid, and any errors. */
export async function formView(db: Executor, w: Widget, now: number, choice: Choice, values: BookingFormView['values'], errors: FieldErrors, notice?: string): Promise<BookingFormView> {
  const dates = bookableDates(w.settings, dateIn(w.timeZone, now)).map((value) => ({
    value,
    label: formatWeekdayDate(instantOf(value, '12:00', w.timeZone), w.language, w.locality),
  }));
  const seatings = choice.date && choice.party ? await seatingsOf(db, w, choice.date, now) : null;
  return {
    language: w.language,
    brandId: w.brand.id,
    restaurant: { name: w.restaurant.name, address: streetAddress(w.restaurant) },
    path: w.path,
    dates,
    daysAhead: w.settings.daysAhead,
    maxParty: w.settings.maxPartySize,
    date: choice.date,
    party: choice.party,
    seatings,
    values,
    errors: { ...choice.errors, ...errors },
    notice,
    phoneExample: phoneExample(w.locality.region),
  };
}
