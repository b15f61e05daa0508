import { ApiError } from '../contract/apiError.ts';

export { ApiError };

export const unauthenticated = (code = 'auth/unauthenticated', message = 'A valid ID token is required') =>
  new ApiError(401, code, message);
export const notFound = (code: string, message: string) => new ApiError(404, code, message);
export const badRequest = (code: string, message: string) => new ApiError(400, code, message);
