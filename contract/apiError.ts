/**
 * Every failed API call, in the spec's shape {status, code, message} (section 8): thrown by the
 * server's routes and answered by its error handler, and made from every answer of 400 or more
 * by the app's API client.
 */
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

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
