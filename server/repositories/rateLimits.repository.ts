import { and, count, eq, gt, lte, min, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { rateLimitEvents } from '../db/schema/rateLimits.ts';

export interface RateLimit {
  /** What is counted (e.g. `create-user`); each bucket has its own allowance. */
  bucket: string;
  /** Whose requests are counted (e.g. the client address). */
  key: string;
  /** Requests allowed within any `windowMs` (a sliding window). */
  max: number;
  windowMs: number;
}

export type RateLimitAnswer = { allowed: true } | { allowed: false; retryAfterMs: number };

/** The advisory-lock class of rate-limit keys (the two-number lock space; migrations use the one-number one). */
const lockClass = 4_711_002;

/**
 * Counts one request against `limit` unless its allowance is used up (then nothing is counted).
 * Count and insert run in one transaction under an advisory lock per bucket and key, so requests
 * arriving together on any instance cannot all pass at the limit.
 */
export async function takeRateLimit(db: Database, limit: RateLimit, nowMs: number): Promise<RateLimitAnswer> {
  const at = new Date(nowMs);
  const since = new Date(nowMs - limit.windowMs);
  const answer = await db.transaction(async (tx): Promise<RateLimitAnswer> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockClass}::int, hashtext(${`${limit.bucket}:${limit.key}`}))`);
    const [row] = await tx
      .select({ rows: count(), oldest: min(rateLimitEvents.at) })
      .from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.bucket, limit.bucket), eq(rateLimitEvents.key, limit.key), gt(rateLimitEvents.at, since)));
    if ((row?.rows ?? 0) >= limit.max) {
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : nowMs;
      return { allowed: false, retryAfterMs: Math.max(0, oldest + limit.windowMs - nowMs) };
    }
    await tx.insert(rateLimitEvents).values({ bucket: limit.bucket, key: limit.key, at });
    return { allowed: true };
  });
  // Outside the lock: rows of any key that left the window. Best effort; the count ignores them anyway.
  await db
    .delete(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, limit.bucket), lte(rateLimitEvents.at, since)))
    .catch(() => undefined);
  return answer;
}
