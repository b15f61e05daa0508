import { ApiError } from '../../errors.ts';

const codeOf = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);

/**
 * The identity provider refused an operation because it is set up wrongly (a brand's tenant id
 * that does not exist, a service account without the needed role): the operator's to fix, so it
 * is logged with the provider's code (`providerCode`, never personal data) and answered as a
 * configuration error, not as an outage members should wait out.
 */
export class IdentityConfigurationError extends ApiError {
  constructor(readonly providerCode: string) {
    super(503, 'auth/provider-misconfigured', 'Sign-in is not set up correctly for this brand. Please contact customer service.');
    this.name = 'IdentityConfigurationError';
  }
}

/** The provider failed in a way it did not explain (network, quota): logged with its code, answered 503. */
export class IdentityProviderUnavailable extends ApiError {
  constructor(readonly providerCode: string) {
    super(503, 'auth/provider-unavailable', 'The identity provider could not be reached');
    this.name = 'IdentityProviderUnavailable';
  }
}

/** firebase-admin's codes for a project, tenant or service account set up wrongly. */
const configurationFailures = new Set([
  'auth/tenant-not-found',
  'auth/invalid-tenant-id',
  'auth/insufficient-permission',
  'auth/invalid-credential',
  'auth/project-not-found',
  'auth/configuration-not-found',
  'auth/operation-not-allowed',
  'auth/invalid-provider-id',
  'app/invalid-credential',
]);

/** Token failures firebase-admin reports with the same codes the API answers. */
const sameCodeFailures = new Set(['auth/id-token-expired', 'auth/id-token-revoked', 'auth/user-disabled', 'auth/user-not-found']);
/** Why the token is refused, for the log (the member is told only that it is invalid). */
const invalidTokenReasons: Record<string, string> = {
  'auth/argument-error': 'The ID token is malformed',
  'auth/invalid-argument': 'The ID token is malformed',
  'auth/invalid-id-token': 'The ID token is invalid',
  'auth/mismatching-tenant-id': 'The ID token is of another tenant',
  // Checking a token, a tenant that does not exist is the token's claim, not our configuration.
  'auth/invalid-tenant-id': 'The ID token names a tenant that does not exist',
  'auth/tenant-not-found': 'The ID token names a tenant that does not exist',
};

const unexplained = (error: unknown) => {
  const code = codeOf(error);
  return new IdentityProviderUnavailable(typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown');
};

/** An error of verifyIdToken as the API's 401 with its reason (or 503 when Firebase itself failed). */
export function verificationError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = codeOf(error);
  if (typeof code === 'string' && sameCodeFailures.has(code)) return new ApiError(401, code, (error as Error).message);
  if (typeof code === 'string' && code in invalidTokenReasons) return new ApiError(401, 'auth/invalid-id-token', invalidTokenReasons[code]!);
  if (typeof code === 'string' && configurationFailures.has(code)) return new IdentityConfigurationError(code);
  return unexplained(error);
}

/** An error of an account operation as the API's 400/404/409, a configuration error, or 503. */
export function accountError(error: unknown): ApiError {
  const code = codeOf(error);
  switch (code) {
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
      if (typeof code === 'string' && configurationFailures.has(code)) return new IdentityConfigurationError(code);
      return unexplained(error);
  }
}

export const isUserNotFound = (error: unknown) => codeOf(error) === 'auth/user-not-found';
