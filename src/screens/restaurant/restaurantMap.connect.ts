import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Restaurant } from '../../../contract/restaurant.ts';
import type { restaurantMapMachine } from '../../../machines/restaurantMap.machine.ts';
import { byDistance, byName, type LatLng } from '../../../domain/distance.ts';

export type RestaurantMapRef = ActorRefFrom<typeof restaurantMapMachine>;
type RestaurantMapSnapshot = SnapshotFrom<typeof restaurantMapMachine>;

export type RestaurantMapStatus = 'loading' | 'failed' | 'ready';

/** What the map area shows: loading (or waiting for /more), the map, the spec's failure, or no map for this brand. */
export type MapArea = 'loading' | 'shown' | 'failed' | 'unavailable';

/** A row of the list: the restaurant and, once the member's location is known, how far it is. */
export type ListedRestaurant = Restaurant & { distanceKm: number | null };

function statusOf(snapshot: RestaurantMapSnapshot): RestaurantMapStatus {
  if (snapshot.matches('ready')) return 'ready';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

function mapAreaOf(snapshot: RestaurantMapSnapshot): MapArea {
  if (snapshot.matches({ ready: { map: 'unavailable' } })) return 'unavailable';
  if (snapshot.matches({ ready: { map: 'shown' } })) return 'shown';
  if (snapshot.matches({ ready: { map: 'failed' } })) return 'failed';
  return 'loading';
}

/** The list's order (spec 2.3): by distance from the member when their location is known, else by name. */
export function listOrder(restaurants: Restaurant[], position: LatLng | null, language: string): ListedRestaurant[] {
  if (position) return byDistance(restaurants, position, language);
  return byName(restaurants, language).map((restaurant) => ({ ...restaurant, distanceKm: null }));
}

/** The list's rows, made again only when the restaurants, the position or the language change (the same array for the same snapshot values). */
const lists = new WeakMap<Restaurant[], { position: LatLng | null; language: string; rows: ListedRestaurant[] }>();
function cachedListOrder(restaurants: Restaurant[], position: LatLng | null, language: string): ListedRestaurant[] {
  const cached = lists.get(restaurants);
  if (cached && cached.position === position && cached.language === language) return cached.rows;
  const rows = listOrder(restaurants, position, language);
  lists.set(restaurants, { position, language, rows });
  return rows;
}

export function connectRestaurantMap(snapshot: RestaurantMapSnapshot, ref: RestaurantMapRef) {
  const { restaurants, selectedId, settings, library, errorCode, language } = snapshot.context;
  const located = snapshot.matches({ ready: { location: 'known' } });
  const position = located ? snapshot.context.position : null;
  return {
    status: statusOf(snapshot),
    errorCode,
    mapArea: mapAreaOf(snapshot),
    showingList: snapshot.matches({ ready: { view: 'list' } }),
    canShowMap: snapshot.can({ type: 'restaurantMap.showMap' }),
    /** The list's order is still being decided (the browser is asking for the location). */
    locating: snapshot.matches({ ready: { location: 'locating' } }),
    /** Where the member is, when they allowed it: the list is sorted by distance from here. */
    position,
    /** The list view's rows: by distance from the member when their location is known, else by name. */
    list: cachedListOrder(restaurants, position, language),
    infoOpen: snapshot.matches({ ready: { info: 'open' } }),
    /** What the info pop-up explains: the map and its markers, or (without a maps key) the only view there is, the list. */
    infoAbout: mapAreaOf(snapshot) === 'unavailable' ? ('list' as const) : ('map' as const),
    restaurants,
    settings,
    library,
    selected: restaurants.find((restaurant) => restaurant.id === selectedId) ?? null,
    retry: () => ref.send({ type: 'restaurantMap.retry' }),
    retryMap: () => ref.send({ type: 'restaurantMap.retryMap' }),
    select: (id: string) => ref.send({ type: 'restaurantMap.markerSelected', id }),
    closePanel: () => ref.send({ type: 'restaurantMap.panelClosed' }),
    showList: () => ref.send({ type: 'restaurantMap.showList' }),
    showMap: () => ref.send({ type: 'restaurantMap.showMap' }),
    openInfo: () => ref.send({ type: 'restaurantMap.infoOpened' }),
    closeInfo: () => ref.send({ type: 'restaurantMap.infoClosed' }),
  };
}

export type RestaurantMapView = ReturnType<typeof connectRestaurantMap>;
