import { ApiError } from '../contract/apiError.ts';

export { ApiError };

export const unauthenticated = (code = 'auth/unauthenticated', message = 'A valid ID token is required') =>
  new ApiError(401, code, message);
export const notFound = (code: string, message: string) => new ApiError(404, code, message);
export const badRequest = (code: string, message: string) => new ApiError(400, code, message);

/** 429: a limit counted in the database was reached; the answer says when to retry (Retry-After). */
export class LimitReached extends ApiError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, message);
  }
}
