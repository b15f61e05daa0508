import type { User } from '../../contract/user.ts';
import type { ApiClient } from './client.ts';

export type { User };

export const getUser = (api: ApiClient) => api.get<User>('/v1/get/user');
