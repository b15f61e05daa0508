import { Type, type Static } from 'typebox';

/**
 * A partner restaurant in the brand's guide (spec 3). Texts come in the member's language.
 * The address link is `mapsUrl` when the brand set one, else a map search built from name, city
 * and country (`domain/restaurantMapLink.ts`).
 */
export const Restaurant = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** Street and number, as on the door: "Sankt Eriksgatan 48". */
  address: Type.String(),
  postalCode: Type.String(),
  city: Type.String(),
  /** The country's name in the member's language: "Sverige", "Norway". */
  country: Type.String(),
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lng: Type.Number({ minimum: -180, maximum: 180 }),
  /** As dialled, with country code; '' when the restaurant has none. */
  phone: Type.String(),
  mapsUrl: Type.Union([Type.String(), Type.Null()]),
  shortDescription: Type.String(),
  /** The restaurant's home page; null when it has none. */
  restaurantUrl: Type.Union([Type.String(), Type.Null()]),
  /** The booking widget shown in the booking dialog; null when the restaurant takes no bookings here. */
  restaurantWidgetUrl: Type.Union([Type.String(), Type.Null()]),
});
export type Restaurant = Static<typeof Restaurant>;

/** Spec 9: the list call asks for at most 100. */
export const RESTAURANT_LIST_LIMIT = 100;

/** GET /v1/get_list/restaurant?limit=100 */
export const RestaurantListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RESTAURANT_LIST_LIMIT })),
});
export const RestaurantList = Type.Object({ list: Type.Array(Restaurant) });
export type RestaurantList = Static<typeof RestaurantList>;

/** GET /v1/get/restaurant?id= */
export const RestaurantQuery = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

/**
 * GET /v1/get/brand/role/restaurant_maps_settings: how the guide's map opens for the member's
 * role (a role may have its own, else the brand's). Flag names are the Maps JS API's MapOptions.
 */
export const RestaurantMapSettings = Type.Object({
  /** The brand's Google Maps browser key; null when it has none (the guide shows the list only). */
  apiKey: Type.Union([Type.String(), Type.Null()]),
  /** Map id for vector maps and advanced markers; null: the markers fall back to the default style. */
  mapId: Type.Union([Type.String(), Type.Null()]),
  center_lat: Type.Number({ minimum: -90, maximum: 90 }),
  center_lng: Type.Number({ minimum: -180, maximum: 180 }),
  zoom: Type.Integer({ minimum: 1, maximum: 22 }),
  zoomControl: Type.Boolean(),
  mapTypeControl: Type.Boolean(),
  streetViewControl: Type.Boolean(),
  fullscreenControl: Type.Boolean(),
});
export type RestaurantMapSettings = Static<typeof RestaurantMapSettings>;

/**
 * The three restaurant calls answer 404 `restaurant/disabled` ("This brand has no restaurant
 * guide") when the brand's `restaurant` setting is off, and GET /v1/get/restaurant answers 404
 * `restaurant/not-found` ("Restaurant not found") for an id the member's brand does not show.
 */
export const RESTAURANT_ERRORS = {
  disabled: { status: 404, code: 'restaurant/disabled', message: 'This brand has no restaurant guide' },
  notFound: { status: 404, code: 'restaurant/not-found', message: 'Restaurant not found' },
} as const;

/**
 * Our own booking widget lives at `/booking/{brandId}/{restaurantId}` on the API's origin; the
 * app opens any widget URL with `lang` set to the app's language (`widgetUrlInLanguage`), so the
 * widget and the guest's confirmation mail speak it.
 */
export const BOOKING_WIDGET_PATH_PREFIX = '/booking/';
