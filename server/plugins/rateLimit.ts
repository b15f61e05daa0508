import type { onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '../db/database.ts';
import { addressKey } from '../addresses.ts';
import { ApiError } from '../errors.ts';
import { pruneRateLimits, takeRateLimit } from '../repositories/rateLimits.repository.ts';

/** Unauthenticated writes (account creation, reset mails) allowed per client address and window. */
export interface AccountRateLimits {
  createPerWindow: number;
  resetPerWindow: number;
  windowMs: number;
}

export const defaultAccountRateLimits: AccountRateLimits = { createPerWindow: 40, resetPerWindow: 10, windowMs: 15 * 60_000 };

/**
 * An onRequest hook that counts the request in the database (shared by every instance) against
 * `max` per `windowMs` of the client address Fastify trusts (see trustProxy; an IPv6 address counts
 * for its /64, `addressKey`). Counted before the
 * body is read, so refused and invalid requests count too; over the limit the answer is the
 * spec's 429 auth/too-many-attempts.
 */
export function rateLimited(
  deps: { db: Database; now?: () => number },
  limit: { bucket: string; max: number; windowMs: number },
): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const nowMs = deps.now?.() ?? Date.now();
    const answer = await deps.db.transaction((tx) => takeRateLimit(tx, { ...limit, key: addressKey(request.ip) }, nowMs));
    // Outside the counting transaction: best effort, so a slow delete never holds the lock.
    await pruneRateLimits(deps.db, limit.bucket, limit.windowMs, nowMs).catch(() => undefined);
    if (answer.allowed) return;
    const seconds = Math.max(1, Math.ceil(answer.retryAfterMs / 1000));
    reply.header('retry-after', String(seconds));
    throw new ApiError(429, 'auth/too-many-attempts', `Too many attempts from this address; try again in ${seconds} seconds`);
  };
}
