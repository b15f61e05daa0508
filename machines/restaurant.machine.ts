import { assign, fromPromise, setup } from 'xstate';
import { callErrorOf, errorCodeParams, notProvided } from './errorCode.ts';
import { retryWhenOnline } from './retryWhenOnline.ts';
import type { Restaurant, RestaurantMapSettings } from '../contract/restaurant.ts';
import { mapsLibraryMachine, type MapsLibrary } from './mapsLibrary.machine.ts';

export interface RestaurantInput {
  id: string;
  /** The app's language: the restaurant's texts, the map's labels and the booking widget's. */
  language: string;
}

export interface RestaurantContext extends RestaurantInput {
  restaurant: Restaurant | null;
  errorCode: string | null;
  /** The map header's settings and library, once both are there. */
  settings: RestaurantMapSettings | null;
  library: MapsLibrary | null;
}

export type RestaurantEvent =
  | { type: 'restaurant.retry' }
  | { type: 'restaurant.bookingOpened' }
  | { type: 'restaurant.bookingClosed' };

/**
 * One restaurant at /more/restaurant/s/:id (spec 2.3): loading, then its page, or the full-page
 * error (an unknown id is "not found", anything else can be retried). The page's header is the
 * map at zoom 15 when the brand has a maps key and the library loads (retried as spec 9 says) while
 * /more is the active stack; else a plain header. The booking dialog holds the restaurant's widget.
 */
export const restaurantMachine = setup({
  types: {
    context: {} as RestaurantContext,
    events: {} as RestaurantEvent,
    input: {} as RestaurantInput,
  },
  actors: {
    /** GET /v1/get/restaurant?id= (from the cached list while it holds it). */
    loadRestaurant: fromPromise<Restaurant, RestaurantInput>(async () => notProvided('loadRestaurant')),
    /** Sends the retry when the browser is back online (provided by the wiring). */
    retryWhenOnline,
    /** The role's map settings, through their cache. */
    loadMapSettings: fromPromise<RestaurantMapSettings>(async () => notProvided('loadMapSettings')),
    /** The maps library once /more is the active stack, with spec 9's retries. */
    mapsLibrary: mapsLibraryMachine,
  },
  guards: {
    isNotFound: (_, { code }: { code: string }) => code === 'restaurant/not-found',
    hasNoKey: ({ context }) => !context.settings?.apiKey,
    takesBookings: ({ context }) => context.restaurant?.restaurantWidgetUrl != null,
  },
}).createMachine({
  id: 'restaurant',
  context: ({ input }) => ({ ...input, restaurant: null, errorCode: null, settings: null, library: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ errorCode: null }),
      invoke: {
        src: 'loadRestaurant',
        input: ({ context }) => ({ id: context.id, language: context.language }),
        onDone: { target: 'loaded', actions: assign({ restaurant: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'isNotFound', params: errorCodeParams }, target: 'failed.notFound' },
          { target: 'failed.other', actions: assign({ errorCode: ({ event }) => callErrorOf(event.error).code }) },
        ],
      },
    },
    failed: {
      initial: 'other',
      states: {
        /** Spec 8: the full-page error; no retry brings an unknown restaurant. */
        notFound: {},
        // Tried again on request, and by itself once the browser is back online.
        other: {
          invoke: { src: 'retryWhenOnline', input: { retry: { type: 'restaurant.retry' } } },
          on: { 'restaurant.retry': '#restaurant.loading' },
        },
      },
    },
    loaded: {
      type: 'parallel',
      states: {
        header: {
          initial: 'loadingSettings',
          states: {
            loadingSettings: {
              invoke: {
                src: 'loadMapSettings',
                onDone: { target: 'deciding', actions: assign({ settings: ({ event }) => event.output }) },
                onError: 'plain',
              },
            },
            deciding: { always: [{ guard: 'hasNoKey', target: 'plain' }, { target: 'loadingMap' }] },
            /** Spec 2.1, 9: waits for /more to be the active stack, then loads, retrying. */
            loadingMap: {
              invoke: {
                src: 'mapsLibrary',
                input: ({ context }) => ({ apiKey: context.settings!.apiKey!, language: context.language }),
                onDone: [
                  { guard: ({ event }) => event.output.library !== null, target: 'map', actions: assign({ library: ({ event }) => event.output.library }) },
                  // The page is useful without its map: a plain header, no error.
                  { target: 'plain' },
                ],
              },
            },
            map: {},
            /** No key, no settings or no library: the header without a map. */
            plain: {},
          },
        },
        booking: {
          initial: 'closed',
          states: {
            closed: { on: { 'restaurant.bookingOpened': { guard: 'takesBookings', target: 'open' } } },
            /** The dialog with the restaurant's booking widget. */
            open: { on: { 'restaurant.bookingClosed': 'closed' } },
          },
        },
      },
    },
  },
});
