import type { User } from '../../contract/user.ts';
import type { ApiClient } from './client.ts';

/** The create-account payload (spec 3): ssn in ssn mode, else name and contact fields. */
export interface CreateUserRequest {
  brandId: string;
  signInType: 'password';
  email: string;
  password?: string;
  termsAccepted: boolean;
  ssn?: string;
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  careOf?: string;
  street?: string;
  zipCode?: string;
  city?: string;
}

export interface CreateUserResult {
  user: User;
  /** The password the server generated when none was chosen; null when the member chose one. */
  tempPassword: string | null;
}

export const createUser = (api: ApiClient, request: CreateUserRequest) =>
  api.send<CreateUserResult>('POST', '/v1/create/user', request);

/** Mails a reset link to the account; the link points at this app's URL. */
export const requestPasswordReset = (api: ApiClient, email: string) =>
  api.send<Record<string, never>>('POST', '/v1/password_reset/user', { email, appUrl: api.appUrl });

/** Sets a new password with the token from the reset link. */
export const updatePassword = (api: ApiClient, verificationId: string, password: string) =>
  api.send<Record<string, never>>('PUT', '/v1/password_update/user', { verificationId, password });
