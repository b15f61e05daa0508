/**
 * What some refusals tell beside their code, in the same body (`{status, code, message, …}`):
 * `checkout/hold-limit-reached` carries when the member may hold the units again (ms since
 * epoch) and the brand's ceiling in minutes.
 */
export interface ApiErrorFacts {
  holdAgainAt?: number;
  holdLimitMinutes?: number;
}

/** The names of the facts an error body may carry, for readers of a body of unknown shape. */
export const apiErrorFactNames = ['holdAgainAt', 'holdLimitMinutes'] as const satisfies readonly (keyof ApiErrorFacts)[];

/**
 * Every failed API call, in the spec's shape {status, code, message} (section 8): thrown by the
 * server's routes and answered by its error handler, and made from every answer of 400 or more
 * by the app's API client. `facts` are the few refusals' extra fields (ApiErrorFacts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly facts: ApiErrorFacts = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The facts of a parsed body: only the known names, only finite numbers. */
export function apiErrorFactsOf(body: unknown): ApiErrorFacts {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const facts: ApiErrorFacts = {};
  for (const name of apiErrorFactNames) {
    const value = fields[name];
    if (typeof value === 'number' && Number.isFinite(value)) facts[name] = value;
  }
  return facts;
}
