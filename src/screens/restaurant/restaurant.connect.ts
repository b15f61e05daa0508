import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { restaurantMachine } from '../../../machines/restaurant.machine.ts';

export type RestaurantRef = ActorRefFrom<typeof restaurantMachine>;
type RestaurantSnapshot = SnapshotFrom<typeof restaurantMachine>;

export type RestaurantStatus = 'loading' | 'loaded' | 'notFound' | 'failed';

function statusOf(snapshot: RestaurantSnapshot): RestaurantStatus {
  if (snapshot.matches('loaded')) return 'loaded';
  if (snapshot.matches({ failed: 'notFound' })) return 'notFound';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

export function connectRestaurant(snapshot: RestaurantSnapshot, ref: RestaurantRef) {
  const { restaurant, errorCode, settings, library } = snapshot.context;
  const mapShown = snapshot.matches({ loaded: { header: 'map' } });
  const bookingOpen = snapshot.matches({ loaded: { booking: 'open' } });
  return {
    status: statusOf(snapshot),
    restaurant,
    errorCode,
    /** The header's map, once the library is there; else the plain header. */
    map: mapShown && library && settings ? { library, settings } : null,
    /** The restaurant takes bookings here: its button shows (and stays while its dialog is open). */
    canBook: bookingOpen || snapshot.can({ type: 'restaurant.bookingOpened' }),
    bookingOpen,
    retry: () => ref.send({ type: 'restaurant.retry' }),
    openBooking: () => ref.send({ type: 'restaurant.bookingOpened' }),
    closeBooking: () => ref.send({ type: 'restaurant.bookingClosed' }),
  };
}
