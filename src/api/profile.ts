import type { User } from '../../contract/user.ts';
import type { UpdateUserBody } from '../../contract/account.ts';
import type { ApiClient } from './client.ts';

/** PUT /v1/update/user: only the changed fields; e-mail and password need the current password. */
export const updateUser = (api: ApiClient, body: UpdateUserBody) => api.send<User>('PUT', '/v1/update/user', body);

/** DELETE /v1/delete/user: the account, its data and its role in the brand (answers 204). */
export const deleteUser = (api: ApiClient) => api.send<object>('DELETE', '/v1/delete/user');
