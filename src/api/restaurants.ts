import { RESTAURANT_LIST_LIMIT, type Restaurant, type RestaurantList, type RestaurantMapSettings } from '../../contract/restaurant.ts';
import type { ApiClient } from './client.ts';
import { mediaUrl } from './mediaUrls.ts';

export type { Restaurant, RestaurantMapSettings };

/** Our own booking widget is a root-relative path on the API's origin: it points there. */
const withWidgetBase = (apiBase: string, restaurant: Restaurant): Restaurant =>
  restaurant.restaurantWidgetUrl === null ? restaurant : { ...restaurant, restaurantWidgetUrl: mediaUrl(apiBase, restaurant.restaurantWidgetUrl) };

/** GET /v1/get_list/restaurant?limit=100 (spec 7, 9): the brand's restaurants, texts in the app's language. */
export async function getRestaurants(api: ApiClient): Promise<Restaurant[]> {
  const { list } = await api.get<RestaurantList>('/v1/get_list/restaurant', { limit: RESTAURANT_LIST_LIMIT });
  return list.map((restaurant) => withWidgetBase(api.baseUrl, restaurant));
}

/** GET /v1/get/restaurant?id=: one restaurant; 404 `restaurant/not-found` for an id the brand does not show. */
export async function getRestaurant(api: ApiClient, id: string): Promise<Restaurant> {
  return withWidgetBase(api.baseUrl, await api.get<Restaurant>('/v1/get/restaurant', { id }));
}

/** GET /v1/get/brand/role/restaurant_maps_settings (spec 6, 7): how the map opens for the member's role. */
export const getRestaurantMapSettings = (api: ApiClient): Promise<RestaurantMapSettings> =>
  api.get<RestaurantMapSettings>('/v1/get/brand/role/restaurant_maps_settings');
