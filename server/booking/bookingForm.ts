import { streetAddress } from '../../domain/restaurantAddress.ts';
import { bookTable, cancelByToken, findByCancelToken, type CancelOutcome, type TableBookingDeps } from './bookTable.ts';
import { bookingTexts } from './texts.ts';
import { isSeatingAhead } from './seatings.ts';
import { brandLocality, checkGuest, summaryOf, type Choice, type Widget } from './widget.ts';
import { findBrandById } from '../repositories/brands.repository.ts';
import { findRestaurant } from '../repositories/restaurants.repository.ts';
import type { BookingSummary, FieldErrors } from './pages.ts';
import { isLanguage, type Language } from '../../domain/language.ts';

/**
 * The widget's form sent (docs/table-booking.md): the fields checked, then the booking made or
 * refused by `bookTable`, the one place that decides whether a seating can be booked. The
 * outcome is typed; the route turns it into a page and a status.
 */
export type BookingFormOutcome =
  | { kind: 'booked'; summary: BookingSummary; guestEmail: string }
  /** 400: a field is missing or wrong (the time among them when it is no seating of the day). */
  | { kind: 'invalid'; errors: FieldErrors }
  /** 409: the seating has no room for the party (any more). */
  | { kind: 'full'; clock: string }
  /** 429: too many bookings from the address or for the guest. */
  | { kind: 'tooMany'; retryAfterSeconds: number; limitedBy: 'address' | 'guest' }
  /** 404: the restaurant no longer takes bookings. */
  | { kind: 'gone' };

export interface BookingFormValues {
  time: string;
  name: string;
  email: string;
  phone: string;
}

export async function submitBookingForm(
  deps: TableBookingDeps,
  w: Widget,
  choice: Choice,
  values: BookingFormValues,
  context: { clientAddress: string; linkOrigin: string },
): Promise<BookingFormOutcome> {
  const t = bookingTexts[w.language];
  const { guest, errors } = checkGuest(w.language, w.locality.region, values);
  // Every field's error at once, the time's among them; whether the seating has room only the booking tells.
  if (choice.date && choice.party) {
    if (values.time === '') errors.time = t.timeMissing;
    else if (!isSeatingAhead(w.settings, choice.date, values.time, w.timeZone, deps.now())) errors.time = t.timeInvalid;
  }
  if (Object.keys(errors).length > 0 || Object.keys(choice.errors).length > 0 || !choice.date || !choice.party) return { kind: 'invalid', errors };
  const outcome = await bookTable(deps, {
    brandId: w.brand.id,
    restaurantId: w.restaurant.id,
    date: choice.date,
    clock: values.time,
    timeZone: w.timeZone,
    partySize: choice.party,
    guestName: guest.name,
    guestEmail: guest.email,
    guestPhone: guest.phone,
    language: w.language,
    clientAddress: context.clientAddress,
    linkOrigin: context.linkOrigin,
    brand: { name: w.brand.name, locality: w.locality },
    analytics: w.brand.settings.analyticsDisabled !== true,
    address: streetAddress(w.restaurant),
  });
  if (outcome.ok) return { kind: 'booked', summary: summaryOf(w, w.restaurant, outcome.booking.seatingAt.getTime(), outcome.booking.partySize), guestEmail: guest.email };
  switch (outcome.reason) {
    case 'notASeating':
      return { kind: 'invalid', errors: { time: t.timeInvalid } };
    case 'full':
      return { kind: 'full', clock: values.time };
    case 'tooMany':
      return { kind: 'tooMany', retryAfterSeconds: outcome.retryAfterSeconds, limitedBy: outcome.limitedBy };
    case 'gone':
      return { kind: 'gone' };
  }
}

/** What the cancel link's page shows: the booking's state and summary in `language` (the link's, else the guest's), or null for no booking. */
export async function cancelLinkPage(
  deps: Pick<TableBookingDeps, 'db' | 'now'>,
  token: string,
  cancel: boolean,
  asked: Language | null,
): Promise<{ brandId: string; state: CancelOutcome['state']; summary: BookingSummary; language: Language } | null> {
  const found = await (cancel ? cancelByToken(deps, token) : findByCancelToken(deps, token));
  const restaurant = found && (await findRestaurant(deps.db, found.booking.brandId, found.booking.restaurantId));
  if (!found || !restaurant) return null;
  const language = asked ?? (isLanguage(found.booking.language) ? found.booking.language : 'en');
  const locality = brandLocality(await findBrandById(deps.db, found.booking.brandId));
  return { brandId: found.booking.brandId, state: found.state, language, summary: summaryOf({ language, locality }, restaurant, found.booking.seatingAt.getTime(), found.booking.partySize) };
}
