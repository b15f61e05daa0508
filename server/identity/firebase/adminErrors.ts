import { ApiError } from '../../errors.ts';

const codeOf = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);

/** Token failures firebase-admin reports with the same codes the API answers. */
const sameCodeFailures = new Set(['auth/id-token-expired', 'auth/id-token-revoked', 'auth/user-disabled', 'auth/user-not-found']);
const invalidTokenFailures = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/invalid-id-token',
  'auth/mismatching-tenant-id',
  'auth/invalid-tenant-id',
  'auth/tenant-not-found',
]);

const unavailable = () => new ApiError(503, 'auth/provider-unavailable', 'The identity provider could not be reached');

/** An error of verifyIdToken as the API's 401 (or 503 when Firebase itself failed). */
export function verificationError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = codeOf(error);
  if (typeof code === 'string' && sameCodeFailures.has(code)) return new ApiError(401, code, (error as Error).message);
  if (typeof code === 'string' && invalidTokenFailures.has(code)) return new ApiError(401, 'auth/invalid-id-token', 'The ID token is invalid');
  return unavailable();
}

/** An error of account creation as the API's 400/409 (or 503). */
export function accountError(error: unknown): ApiError {
  switch (codeOf(error)) {
    case 'auth/email-already-exists':
      return new ApiError(409, 'auth/email-already-exists', 'The e-mail address is already in use by another account');
    case 'auth/uid-already-exists':
      return new ApiError(409, 'auth/uid-already-exists', 'The uid is already in use by another account');
    case 'auth/invalid-email':
      return new ApiError(400, 'auth/invalid-email', 'The e-mail address is not valid');
    case 'auth/invalid-password':
      return new ApiError(400, 'auth/invalid-password', 'The password must be at least 6 characters long');
    case 'auth/user-not-found':
      return new ApiError(404, 'auth/user-not-found', 'There is no account with this uid in the tenant');
    default:
      return unavailable();
  }
}

export const isUserNotFound = (error: unknown) => codeOf(error) === 'auth/user-not-found';
