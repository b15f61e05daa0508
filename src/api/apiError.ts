import { ApiError, apiErrorFactsOf } from '../../contract/apiError.ts';

export { ApiError, isApiError, type ApiErrorFacts } from '../../contract/apiError.ts';

/** A network failure: the spec's status 600, code failed_to_fetch. */
export const failedToFetch = () => new ApiError(600, 'failed_to_fetch', 'Network Error');

/** Any answer of status 400 or more becomes an ApiError, whatever its body looks like. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: keep the status and use a generic code.
  }
  const fields = (body ?? {}) as { code?: unknown; message?: unknown };
  return new ApiError(
    response.status,
    typeof fields.code === 'string' ? fields.code : `http_${response.status}`,
    typeof fields.message === 'string' ? fields.message : response.statusText,
    apiErrorFactsOf(body),
  );
}
