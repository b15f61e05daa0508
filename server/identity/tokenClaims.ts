import { errors, jwtVerify, UnsecuredJWT, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { ApiError } from '../errors.ts';

/** The `iss` of Firebase ID tokens (real and embedded alike). */
export const idTokenIssuer = (projectId: string) => `https://securetoken.google.com/${projectId}`;

export interface ClaimCheckOptions {
  projectId: string;
  /**
   * The keys the token may be signed with (a local or remote JWK set), or 'unsigned' for the
   * Firebase Auth Emulator's tokens (alg "none"), which the Admin SDKs accept in emulator mode only.
   */
  keys: JWTVerifyGetKey | 'unsigned';
  /** Milliseconds since epoch; defaults to Date.now. */
  now?: () => number;
  /** Tokens without `firebase.tenant` are refused (every brand signs in within a tenant). */
  requireTenant?: boolean;
  /** Allowed lead of the issuer's clock over ours, for auth_time (0 for the embedded provider). */
  clockToleranceSeconds?: number;
}

/** The claims of a well-formed, correctly signed, unexpired ID token. */
export interface IdTokenClaims {
  uid: string;
  tenantId: string | null;
  email: string | null;
  emailVerified: boolean;
  /** Seconds since epoch. */
  authTime: number;
  /** Seconds since epoch. */
  issuedAt: number;
  /** Seconds since epoch. */
  expiresAt: number;
  signInProvider: string | null;
  /** The embedded provider's revocation counter the token was issued under (absent in Firebase's tokens). */
  tokenGeneration: number | null;
}

export const invalidIdToken = (detail = 'The ID token is invalid') => new ApiError(401, 'auth/invalid-id-token', detail);
export const expiredIdToken = () => new ApiError(401, 'auth/id-token-expired', 'The ID token has expired');

/**
 * Verifies signature (RS256 only), iss, aud, exp, sub, auth_time and tenant.
 * Throws ApiError 401 auth/id-token-expired or auth/invalid-id-token; key-set outages
 * throw 503 auth/provider-unavailable so callers do not sign users out for them.
 */
export async function verifyIdTokenClaims(idToken: string, options: ClaimCheckOptions): Promise<IdTokenClaims> {
  const nowMs = (options.now ?? Date.now)();
  if (typeof idToken !== 'string' || idToken.length === 0 || idToken.length > 8192) throw invalidIdToken();
  let payload: JWTPayload;
  const expected = {
    issuer: idTokenIssuer(options.projectId),
    audience: options.projectId,
    currentDate: new Date(nowMs),
    requiredClaims: ['exp', 'iat', 'sub'],
  };
  try {
    ({ payload } =
      options.keys === 'unsigned'
        ? UnsecuredJWT.decode(idToken, expected)
        : await jwtVerify(idToken, options.keys, { ...expected, algorithms: ['RS256'] }));
  } catch (error) {
    throw verificationFailure(error);
  }
  const latestAuthTime = Math.floor(nowMs / 1000) + (options.clockToleranceSeconds ?? 0);
  return readClaims(payload, latestAuthTime, options.requireTenant ?? false);
}

/** The refusal, with a message that names its reason (the server logs it; it holds nothing of the token). */
function verificationFailure(error: unknown): ApiError {
  if (error instanceof errors.JWTExpired) return expiredIdToken();
  if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
    return new ApiError(503, 'auth/provider-unavailable', 'The identity provider keys could not be loaded');
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return invalidIdToken('The ID token signature does not verify');
  if (error instanceof errors.JWKSNoMatchingKey) return invalidIdToken('The ID token is signed with an unknown key');
  if (error instanceof errors.JOSEAlgNotAllowed) return invalidIdToken('The ID token is signed with an algorithm not allowed');
  if (error instanceof errors.JWTClaimValidationFailed) return invalidIdToken(`The ID token has a wrong "${error.claim}" claim`);
  return invalidIdToken('The ID token is malformed');
}

function readClaims(payload: JWTPayload, latestAuthTime: number, requireTenant: boolean): IdTokenClaims {
  const { sub, iat } = payload;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 128) throw invalidIdToken('The ID token has no valid subject');
  if (payload.user_id !== undefined && payload.user_id !== sub) throw invalidIdToken('The ID token user_id differs from sub');
  const authTime = payload.auth_time;
  if (typeof authTime !== 'number' || !Number.isFinite(authTime)) throw invalidIdToken('The ID token has no auth_time');
  if (authTime > latestAuthTime) throw invalidIdToken('The ID token auth_time is in the future');
  if (typeof iat !== 'number') throw invalidIdToken();
  const firebase = isRecord(payload.firebase) ? payload.firebase : {};
  const tenant = typeof firebase.tenant === 'string' && firebase.tenant.length > 0 ? firebase.tenant : null;
  if (requireTenant && tenant === null) throw invalidIdToken('The ID token has no tenant');
  return {
    uid: sub,
    tenantId: tenant,
    email: typeof payload.email === 'string' ? payload.email : null,
    emailVerified: payload.email_verified === true,
    authTime,
    issuedAt: iat,
    expiresAt: payload.exp as number,
    signInProvider: typeof firebase.sign_in_provider === 'string' ? firebase.sign_in_provider : null,
    tokenGeneration: Number.isSafeInteger(payload.token_generation) ? (payload.token_generation as number) : null,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
