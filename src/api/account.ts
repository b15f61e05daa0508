import type { CreateUserReply, CreateUserRequest } from '../../contract/account.ts';
import type { ApiClient } from './client.ts';

/** Creates the account (spec 3): ssn in ssn mode, else name and contact fields. */
export const createUser = (api: ApiClient, request: CreateUserRequest) =>
  api.send<CreateUserReply>('POST', '/v1/create/user', request);

/** Mails a reset link to the account; the link points at this app's URL. */
export const requestPasswordReset = (api: ApiClient, email: string) =>
  api.send<Record<string, never>>('POST', '/v1/password_reset/user', { email, appUrl: api.appUrl });

/** Sets a new password with the token from the reset link. */
export const updatePassword = (api: ApiClient, verificationId: string, password: string) =>
  api.send<Record<string, never>>('PUT', '/v1/password_update/user', { verificationId, password });
