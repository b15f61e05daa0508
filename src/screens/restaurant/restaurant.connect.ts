import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Restaurant } from '../../../contract/restaurant.ts';
import type { restaurantMachine } from '../../../machines/restaurant.machine.ts';
import { streetAddress } from '../../../domain/restaurantAddress.ts';
import { restaurantMapLink } from '../../../domain/restaurantMapLink.ts';
import { widgetUrlInLanguage } from '../../../domain/restaurantWidget.ts';
import { telHref, webHref } from '../../components/externalLink.ts';

export type RestaurantRef = ActorRefFrom<typeof restaurantMachine>;
type RestaurantSnapshot = SnapshotFrom<typeof restaurantMachine>;

export type RestaurantStatus = 'loading' | 'loaded' | 'notFound' | 'failed';

function statusOf(snapshot: RestaurantSnapshot): RestaurantStatus {
  if (snapshot.matches('loaded')) return 'loaded';
  if (snapshot.matches({ failed: 'notFound' })) return 'notFound';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

/** The page's links and texts made from the restaurant: address (a map link), phone, home page, widget. */
export interface RestaurantPage {
  address: string;
  /** A map search (or the brand's own map link); null when it is no web address. */
  mapHref: string | null;
  phoneHref: string | null;
  homePage: { href: string; label: string } | null;
  /** The booking widget's address in the app's language, when the restaurant has a usable one. */
  widgetUrl: string | null;
  /** The header map's one marker. */
  markers: Restaurant[];
}

function pageOf(restaurant: Restaurant, language: string): RestaurantPage {
  const homePage = webHref(restaurant.restaurantUrl);
  const widget = webHref(restaurant.restaurantWidgetUrl);
  return {
    address: streetAddress(restaurant),
    mapHref: webHref(restaurantMapLink(restaurant)),
    phoneHref: restaurant.phone ? telHref(restaurant.phone) : null,
    homePage: homePage ? { href: homePage, label: new URL(homePage, 'http://relative.invalid').hostname.replace(/^www\./, '') } : null,
    widgetUrl: widget ? widgetUrlInLanguage(widget, language) : null,
    markers: [restaurant],
  };
}

/**
 * Made once per restaurant (the machine keeps the same object): the same values on every
 * snapshot, so opening the booking dialog does not make the header map's markers again.
 */
const pages = new WeakMap<Restaurant, { language: string; page: RestaurantPage }>();
function cachedPageOf(restaurant: Restaurant, language: string): RestaurantPage {
  const cached = pages.get(restaurant);
  if (cached?.language === language) return cached.page;
  const page = pageOf(restaurant, language);
  pages.set(restaurant, { language, page });
  return page;
}

export function connectRestaurant(snapshot: RestaurantSnapshot, ref: RestaurantRef) {
  const { restaurant, errorCode, settings, library, language } = snapshot.context;
  const mapShown = snapshot.matches({ loaded: { header: 'map' } });
  const bookingOpen = snapshot.matches({ loaded: { booking: 'open' } });
  const page = restaurant ? cachedPageOf(restaurant, language) : null;
  return {
    status: statusOf(snapshot),
    restaurant,
    errorCode,
    page,
    /** The header's map, once the library is there (else the plain header): both kept by the machine, so the same on every snapshot. */
    mapShown: mapShown && library !== null && settings !== null,
    library,
    settings,
    /** The restaurant takes bookings here: its button shows (and stays while its dialog is open). */
    canBook: page?.widgetUrl != null && (bookingOpen || snapshot.can({ type: 'restaurant.bookingOpened' })),
    bookingOpen,
    retry: () => ref.send({ type: 'restaurant.retry' }),
    openBooking: () => ref.send({ type: 'restaurant.bookingOpened' }),
    closeBooking: () => ref.send({ type: 'restaurant.bookingClosed' }),
  };
}
