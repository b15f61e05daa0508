import type { CategoryUpdateBody, FavouriteCategories, User } from '../../contract/user.ts';
import type { ApiClient } from './client.ts';

export type { User };

export const getUser = (api: ApiClient) => api.get<User>('/v1/get/user');

/** PUT /v1/update/user/category: the member's favourite categories, the whole list each time. */
export const updateFavouriteCategories = (api: ApiClient, body: CategoryUpdateBody) =>
  api.send<FavouriteCategories>('PUT', '/v1/update/user/category', body);
