import type { FastifyRequest } from 'fastify';
import { ApiErrorBody } from '../../contract/common.ts';
import {
  RESTAURANT_ERRORS,
  RESTAURANT_LIST_LIMIT,
  Restaurant,
  RestaurantList,
  RestaurantListQuery,
  RestaurantMapSettings,
  RestaurantQuery,
} from '../../contract/restaurant.ts';
import { ApiError } from '../errors.ts';
import { textLanguages } from '../language.ts';
import {
  findRestaurantMapSettings,
  findVisibleRestaurant,
  listVisibleRestaurants,
  toRestaurant,
  visibleRestaurantBounds,
} from '../repositories/restaurants.repository.ts';
import { viewOfBounds, worldView } from '../restaurants/mapView.ts';
import type { App, RouteDeps } from './types.ts';

const apiError = ({ status, code, message }: { status: number; code: string; message: string }) => new ApiError(status, code, message);

/** After requireMember: the brand's guide is on (spec 6), else none of its calls answers. */
async function requireRestaurantGuide(request: FastifyRequest) {
  if (!request.member.brand.settings.restaurant) throw apiError(RESTAURANT_ERRORS.disabled);
}

export async function restaurantRoutes(app: App, { db, requireMember, googleMaps }: RouteDeps) {
  const preHandler = [requireMember, requireRestaurantGuide];

  app.get(
    '/v1/get_list/restaurant',
    { preHandler, schema: { querystring: RestaurantListQuery, response: { 200: RestaurantList, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand } = request.member;
      const languages = textLanguages(request, brand);
      const rows = await listVisibleRestaurants(db, brand.id, request.query.limit ?? RESTAURANT_LIST_LIMIT);
      return { list: rows.map((row) => toRestaurant(row, languages)) };
    },
  );

  app.get(
    '/v1/get/restaurant',
    { preHandler, schema: { querystring: RestaurantQuery, response: { 200: Restaurant, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand } = request.member;
      const row = await findVisibleRestaurant(db, brand.id, request.query.id);
      if (!row) throw apiError(RESTAURANT_ERRORS.notFound);
      return toRestaurant(row, textLanguages(request, brand));
    },
  );

  app.get(
    '/v1/get/brand/role/restaurant_maps_settings',
    { preHandler, schema: { response: { 200: RestaurantMapSettings, '4xx': ApiErrorBody } } },
    async (request): Promise<RestaurantMapSettings> => {
      const { brand, role } = request.member;
      const row = await findRestaurantMapSettings(db, brand.id, role.brandRoleId);
      // A map id belongs to the key's Cloud project: the deployment's id only goes with the deployment's key.
      const apiKey = row?.apiKey ?? googleMaps.apiKey;
      const mapId = row?.mapId ?? (row?.apiKey ? null : googleMaps.mapId);
      if (row) {
        const { centerLat, centerLng, zoom, zoomControl, mapTypeControl, streetViewControl, fullscreenControl } = row;
        return { apiKey, mapId, center_lat: centerLat, center_lng: centerLng, zoom, zoomControl, mapTypeControl, streetViewControl, fullscreenControl };
      }
      // A brand that set no view: its restaurants, all in sight, with the table's default controls.
      const bounds = await visibleRestaurantBounds(db, brand.id);
      const view = bounds ? viewOfBounds(bounds) : worldView;
      return { apiKey, mapId, ...view, zoomControl: true, mapTypeControl: false, streetViewControl: false, fullscreenControl: false };
    },
  );
}
