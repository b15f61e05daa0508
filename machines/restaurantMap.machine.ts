import { assign, fromPromise, setup } from 'xstate';
import { callErrorOf, notProvided } from './errorCode.ts';
import { retryWhenOnline } from './retryWhenOnline.ts';
import { mapsLibraryMachine, type MapsLibrary } from './mapsLibrary.machine.ts';
import type { Restaurant, RestaurantMapSettings } from '../contract/restaurant.ts';
import type { LatLng } from '../domain/distance.ts';

/** The restaurants and how their map opens, loaded together: the guide shows nothing without both. */
export interface RestaurantGuide {
  restaurants: Restaurant[];
  settings: RestaurantMapSettings;
}

export interface RestaurantMapInput {
  /** The app's language: the restaurants' texts and the map's labels. */
  language: string;
  /** The member saw the info pop-up on this device before. */
  infoSeen: boolean;
}

export interface RestaurantMapContext {
  language: string;
  infoSeenBefore: boolean;
  restaurants: Restaurant[];
  settings: RestaurantMapSettings | null;
  /** Why the guide did not load; the full-page error tells the code's text. */
  errorCode: string | null;
  library: MapsLibrary | null;
  /** The restaurant whose marker the member tapped. */
  selectedId: string | null;
  /** Where the member is, once they allowed it: the list is sorted by distance from here. */
  position: LatLng | null;
}

export type RestaurantMapEvent =
  | { type: 'restaurantMap.retry' }
  | { type: 'restaurantMap.retryMap' }
  | { type: 'restaurantMap.markerSelected'; id: string }
  | { type: 'restaurantMap.panelClosed' }
  | { type: 'restaurantMap.showList' }
  | { type: 'restaurantMap.showMap' }
  | { type: 'restaurantMap.infoOpened' }
  | { type: 'restaurantMap.infoClosed' };

/**
 * The restaurant map at /more/restaurant (spec 2.3, 7, 8, 9): loads the restaurants and the
 * role's map settings (a failure is the full page's error, with a retry); with a maps key, loads
 * the maps library once /more is the active stack, retrying up to 3 times before telling the
 * member, and shows the markers and a tapped marker's panel (its link opens the restaurant's page).
 * Beside the map: the list view (sorted by distance when the member allows their location,
 * else by name) and the info pop-up, shown by itself only the first time. Without a key the
 * guide is the list, and says the map is not available.
 */
export const restaurantMapMachine = setup({
  types: {
    context: {} as RestaurantMapContext,
    events: {} as RestaurantMapEvent,
    input: {} as RestaurantMapInput,
  },
  actors: {
    /** The restaurants (GET /v1/get_list/restaurant) and the role's map settings, through their caches. */
    loadGuide: fromPromise<RestaurantGuide, { language: string }>(async () => notProvided('loadGuide')),
    /** Sends the retry when the browser is back online (provided by the wiring). */
    retryWhenOnline,
    /** The maps library once /more is the active stack, with spec 9's retries. */
    mapsLibrary: mapsLibraryMachine,
    /** Where the member is; fails when they refuse or the device cannot tell. */
    locate: fromPromise<LatLng>(async () => notProvided('locate')),
  },
  actions: {
    /** Remembers on this device that the member saw the info pop-up. */
    markInfoSeen: () => notProvided('markInfoSeen'),
  },
  guards: {
    hasNoKey: ({ context }) => !context.settings?.apiKey,
    hasKey: ({ context }) => Boolean(context.settings?.apiKey),
    wasInfoSeen: ({ context }) => context.infoSeenBefore,
    isListed: ({ context }, params: { id: string }) => context.restaurants.some((restaurant) => restaurant.id === params.id),
  },
}).createMachine({
  id: 'restaurantMap',
  context: ({ input }) => ({
    language: input.language,
    infoSeenBefore: input.infoSeen,
    restaurants: [],
    settings: null,
    errorCode: null,
    library: null,
    selectedId: null,
    position: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ errorCode: null }),
      invoke: {
        src: 'loadGuide',
        input: ({ context }) => ({ language: context.language }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ restaurants: event.output.restaurants, settings: event.output.settings })) },
        onError: { target: 'failed', actions: assign({ errorCode: ({ event }) => callErrorOf(event.error).code }) },
      },
    },
    /** Tried again on request, and by itself once the browser is back online. */
    failed: {
      invoke: { src: 'retryWhenOnline', input: { retry: { type: 'restaurantMap.retry' } } },
      on: { 'restaurantMap.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        map: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'hasNoKey', target: 'unavailable' }, { target: 'loadingLibrary' }] },
            /** The brand has no maps key: the list is the guide. */
            unavailable: {},
            /** Spec 2.1, 9: waits for /more to be the active stack, then loads, retrying. */
            loadingLibrary: {
              invoke: {
                src: 'mapsLibrary',
                input: ({ context }) => ({ apiKey: context.settings!.apiKey!, language: context.language }),
                onDone: [
                  { guard: ({ event }) => event.output.library !== null, target: 'shown', actions: assign({ library: ({ event }) => event.output.library }) },
                  { target: 'failed' },
                ],
              },
            },
            /** Spec 8: 'Faild to load Google maps', with a retry. */
            failed: {
              on: { 'restaurantMap.retryMap': 'loadingLibrary' },
            },
            shown: {
              initial: 'idle',
              on: {
                'restaurantMap.markerSelected': {
                  guard: { type: 'isListed', params: ({ event }) => event },
                  target: '.selected',
                  actions: assign({ selectedId: ({ event }) => event.id }),
                },
              },
              states: {
                idle: {},
                /** A marker's panel: name, address and the way to the restaurant's page. */
                selected: {
                  on: { 'restaurantMap.panelClosed': { target: 'idle', actions: assign({ selectedId: null }) } },
                },
              },
            },
          },
        },
        view: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'hasNoKey', target: 'list' }, { target: 'map' }] },
            map: { on: { 'restaurantMap.showList': 'list' } },
            list: { on: { 'restaurantMap.showMap': { guard: 'hasKey', target: 'map' } } },
          },
        },
        /** Asked the first time the list shows: the list is what the distance sorts. */
        location: {
          initial: 'unasked',
          states: {
            unasked: {
              always: { guard: 'hasNoKey', target: 'locating' },
              on: { 'restaurantMap.showList': 'locating' },
            },
            locating: {
              invoke: {
                src: 'locate',
                onDone: { target: 'known', actions: assign({ position: ({ event }) => event.output }) },
                onError: 'unknown',
              },
            },
            known: {},
            /** Refused, or the device cannot tell: by name. */
            unknown: {},
          },
        },
        info: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'wasInfoSeen', target: 'closed' }, { target: 'open' }] },
            /** Spec 2.3: shown by itself once: seen when it shows, closed or not. */
            open: { entry: 'markInfoSeen', on: { 'restaurantMap.infoClosed': 'closed' } },
            closed: { on: { 'restaurantMap.infoOpened': 'open' } },
          },
        },
      },
    },
  },
});
