import rateLimit from '@fastify/rate-limit';
import { ApiError } from '../errors.ts';
import type { App } from '../routes/types.ts';

/** Unauthenticated writes (account creation, reset mails) allowed per client address and window. */
export interface AccountRateLimits {
  createPerWindow: number;
  resetPerWindow: number;
  windowMs: number;
}

export const defaultAccountRateLimits: AccountRateLimits = { createPerWindow: 40, resetPerWindow: 10, windowMs: 15 * 60_000 };

/**
 * @fastify/rate-limit for the routes that ask for it (`config.rateLimit`), keyed by the client
 * address Fastify trusts (see trustProxy); the answer is the spec's 429 auth/too-many-attempts.
 * Counts live in this process's memory.
 */
export async function registerRateLimit(app: App): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(context.statusCode, 'auth/too-many-attempts', `Too many attempts from this address; try again in ${context.after}`),
  });
}
