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
import type { App, RouteDeps } from './types.ts';

const apiError = ({ status, code, message }: { status: number; code: string; message: string }) => new ApiError(status, code, message);

/** After requireMember: the brand's guide is on (spec 6), else none of its calls answers. */
async function requireRestaurantGuide(request: FastifyRequest) {
  if (!request.member.brand.settings.restaurant) throw apiError(RESTAURANT_ERRORS.disabled);
}

export async function restaurantRoutes(app: App, { restaurants, requireMember }: RouteDeps) {
  const preHandler = [requireMember, requireRestaurantGuide];

  app.get(
    '/v1/get_list/restaurant',
    { preHandler, schema: { querystring: RestaurantListQuery, response: { 200: RestaurantList, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand } = request.member;
      return { list: await restaurants.list(brand.id, request.query.limit ?? RESTAURANT_LIST_LIMIT, textLanguages(request, brand)) };
    },
  );

  app.get(
    '/v1/get/restaurant',
    { preHandler, schema: { querystring: RestaurantQuery, response: { 200: Restaurant, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand } = request.member;
      const restaurant = await restaurants.find(brand.id, request.query.id, textLanguages(request, brand));
      if (!restaurant) throw apiError(RESTAURANT_ERRORS.notFound);
      return restaurant;
    },
  );

  app.get(
    '/v1/get/brand/role/restaurant_maps_settings',
    { preHandler, schema: { response: { 200: RestaurantMapSettings, '4xx': ApiErrorBody } } },
    async (request): Promise<RestaurantMapSettings> => restaurants.mapSettings(request.member.brand.id, request.member.role.brandRoleId),
  );
}
