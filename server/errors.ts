/** An error the API answers with the spec's shape {status, code, message}. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const unauthenticated = (code = 'auth/unauthenticated', message = 'A valid ID token is required') =>
  new ApiError(401, code, message);
export const notFound = (code: string, message: string) => new ApiError(404, code, message);
export const badRequest = (code: string, message: string) => new ApiError(400, code, message);
