import type { Restaurant, RestaurantMapSettings } from '../../contract/restaurant.ts';
import type { ApiClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/apiError.ts';

/** Three restaurants around Stockholm's centre, not in name order by distance from Slussen. */
export function restaurant(overrides: Partial<Restaurant> & Pick<Restaurant, 'id' | 'name'>): Restaurant {
  return {
    address: 'Götgatan 1',
    postalCode: '116 46',
    city: 'Stockholm',
    country: 'Sverige',
    lat: 59.32,
    lng: 18.07,
    phone: '+46 8 555 010 00',
    mapsUrl: null,
    shortDescription: 'Seasonal Nordic plates by the water.',
    restaurantUrl: 'https://www.example.com/',
    restaurantWidgetUrl: '/booking/aurora/r-1',
    ...overrides,
  };
}

export const restaurants: Restaurant[] = [
  // ~6 km north of Slussen.
  restaurant({ id: 'r-1', name: 'Aster', address: 'Sankt Eriksgatan 48', postalCode: '112 34', lat: 59.3800, lng: 18.0400 }),
  // ~0.2 km from Slussen.
  restaurant({ id: 'r-2', name: 'Mälarterrassen', address: 'Södermalmstorg 4', postalCode: '116 45', lat: 59.3195, lng: 18.0720, phone: '', restaurantUrl: null, restaurantWidgetUrl: null }),
  // ~2 km east.
  restaurant({ id: 'r-3', name: 'Björkhagen Bistro', address: 'Strandvägen 7', postalCode: '114 56', lat: 59.3320, lng: 18.1050, mapsUrl: 'https://maps.example.com/bjorkhagen' }),
];

/** Where the member stands in the distance tests: Slussen. */
export const slussen = { lat: 59.3196, lng: 18.0717 };

export function mapSettings(overrides: Partial<RestaurantMapSettings> = {}): RestaurantMapSettings {
  return {
    apiKey: 'test-key',
    mapId: 'test-map-id',
    center_lat: 59.3293,
    center_lng: 18.0686,
    zoom: 12,
    zoomControl: true,
    mapTypeControl: false,
    streetViewControl: false,
    fullscreenControl: true,
    ...overrides,
  };
}

/** The three restaurant calls over a fake API; `server` changes what they answer, `calls` keeps what was asked. */
export function restaurantApi(settings: RestaurantMapSettings = mapSettings()) {
  const server = { down: false, settings, list: restaurants };
  const calls: string[] = [];
  const api: ApiClient = {
    appUrl: 'http://localhost',
    baseUrl: '',
    get: async <T,>(path: string, query?: Record<string, unknown>): Promise<T> => {
      calls.push(query ? `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : path);
      if (server.down) throw new ApiError(500, 'internal_error', 'down');
      if (path === '/v1/get_list/restaurant') return { list: server.list } as T;
      if (path === '/v1/get/brand/role/restaurant_maps_settings') return server.settings as T;
      if (path === '/v1/get/restaurant') {
        const found = server.list.find((r) => r.id === query?.id);
        if (!found) throw new ApiError(404, 'restaurant/not-found', 'Restaurant not found');
        return found as T;
      }
      throw new Error(`not served: ${path}`);
    },
    send: async () => {
      throw new Error('not used');
    },
  };
  return { api, server, calls };
}

interface FakeMapOptions {
  center: { lat: number; lng: number };
  zoom: number;
  mapId?: string;
  [flag: string]: unknown;
}

/**
 * A stand-in for the Maps JavaScript API, installed as `google.maps.importLibrary` before the
 * loader runs (the loader then loads no script). It records maps and markers; an advanced
 * marker's content is put in its map's element, where a click taps it, as on the real map.
 */
export function installGoogleMapsStub() {
  const world = {
    /** 'up' answers, 'down' fails every import, 'hold' keeps them pending until `release`. */
    mode: 'up' as 'up' | 'down' | 'hold',
    /** The maps library asked for, once per load attempt. */
    attempts: 0,
    /** Loads that fail before the mode applies: a flaky network. */
    failures: 0,
    maps: [] as FakeMap[],
    markers: [] as (FakeAdvancedMarker | FakeMarker)[],
    held: [] as { resolve: () => void; reject: (error: Error) => void }[],
    /** Ends the held imports: answered ('up') or failed ('down'), and later ones the same. */
    release(mode: 'up' | 'down') {
      world.mode = mode;
      for (const held of world.held.splice(0)) (mode === 'up' ? held.resolve() : held.reject(new Error('The Google Maps JavaScript API could not load.')));
    },
    /** The markers still on a map. */
    shown: () => world.markers.filter((marker) => marker.onMap()),
  };

  class FakeMap {
    zoom: number;
    center: { lat: number; lng: number };
    constructor(
      public element: HTMLElement,
      public options: FakeMapOptions,
    ) {
      this.zoom = options.zoom;
      this.center = options.center;
      world.maps.push(this);
    }
    panTo(center: { lat: number; lng: number }) {
      this.center = center;
    }
    setZoom(zoom: number) {
      this.zoom = zoom;
    }
    getZoom() {
      return this.zoom;
    }
  }

  class FakeAdvancedMarker extends EventTarget {
    private onTheMap: FakeMap | null = null;
    position: { lat: number; lng: number };
    title: string;
    content: HTMLElement;
    gmpClickable: boolean;
    constructor(options: { map: FakeMap; position: { lat: number; lng: number }; title: string; content: HTMLElement; gmpClickable: boolean }) {
      super();
      this.position = options.position;
      this.title = options.title;
      this.content = options.content;
      this.gmpClickable = options.gmpClickable;
      this.content.title = options.title;
      this.content.addEventListener('click', () => this.gmpClickable && this.dispatchEvent(new Event('gmp-click')));
      this.map = options.map;
      world.markers.push(this);
    }
    get map() {
      return this.onTheMap;
    }
    /** On a map its content is in the map's element; taken off, it is gone from the page. */
    set map(map: FakeMap | null) {
      this.onTheMap = map;
      if (map) map.element.append(this.content);
      else this.content.remove();
    }
    onMap() {
      return this.map !== null;
    }
    tap() {
      this.content.click();
    }
  }

  class FakeSize {
    constructor(
      public width: number,
      public height: number,
    ) {}
  }

  class FakeMarker {
    private listeners: (() => void)[] = [];
    map: FakeMap | null;
    constructor(public options: { map: FakeMap; position: { lat: number; lng: number }; title: string; clickable: boolean; icon: { url: string; scaledSize: FakeSize } }) {
      this.map = options.map;
      world.markers.push(this);
    }
    get title() {
      return this.options.title;
    }
    get position() {
      return this.options.position;
    }
    addListener(name: string, listener: () => void) {
      if (name === 'click') this.listeners.push(listener);
      return { remove: () => void (this.listeners = this.listeners.filter((l) => l !== listener)) };
    }
    setMap(map: FakeMap | null) {
      this.map = map;
    }
    onMap() {
      return this.map !== null;
    }
    tap() {
      if (this.options.clickable) this.listeners.forEach((listener) => listener());
    }
  }

  const libraries: Record<string, unknown> = {
    core: { Size: FakeSize },
    maps: { Map: FakeMap },
    marker: { AdvancedMarkerElement: FakeAdvancedMarker, Marker: FakeMarker },
  };

  const importLibrary = async (name: string) => {
    if (name === 'maps') world.attempts += 1;
    if (name === 'maps' && world.failures > 0) {
      world.failures -= 1;
      throw new Error('The Google Maps JavaScript API could not load.');
    }
    if (world.mode === 'hold') await new Promise<void>((resolve, reject) => world.held.push({ resolve, reject }));
    else if (world.mode === 'down') throw new Error('The Google Maps JavaScript API could not load.');
    return libraries[name];
  };

  (globalThis as { google?: unknown }).google = { maps: { importLibrary } };
  return world;
}

export type GoogleMapsWorld = ReturnType<typeof installGoogleMapsStub>;
export type { FakeMapOptions };

export const failingApi = () => new ApiError(500, 'internal_error', 'down');
