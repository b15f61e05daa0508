import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { rateLimitEvents } from '../db/schema/rateLimits.ts';
import { integerArray, textArray } from './sqlArrays.ts';

export interface RateLimit {
  /** What is counted (e.g. `create-user`); each bucket has its own allowance. */
  bucket: string;
  /** Whose requests are counted (e.g. the client address). */
  key: string;
  /** Requests allowed within any `windowMs` (a sliding window). */
  max: number;
  windowMs: number;
}

export type RateLimitAnswer = { allowed: true } | { allowed: false; retryAfterMs: number; refusedBy: RateLimit };

/**
 * Counts one request against every limit in `limits`, or against none when any allowance is used
 * up. Must run inside the caller's transaction: the advisory locks (one per bucket and key, taken
 * in a fixed order) are held until it ends, so requests arriving together on any instance are
 * counted one after another and never pass more than the limit.
 */
export async function takeRateLimits(tx: Executor, limits: RateLimit[], nowMs: number): Promise<RateLimitAnswer> {
  if (limits.length === 0) return { allowed: true };
  const { ordered, arrays } = rateLimitArguments(limits);
  // One round trip (`klubb_take_rate_limits`, migration 0024): locks, counts and the insert.
  const result = await tx.execute(sql`
    SELECT allowed, refused_index, retry_after_ms FROM klubb_take_rate_limits(${arrays}, ${new Date(nowMs)}::timestamptz)`);
  const row = (result as unknown as { rows: { allowed: boolean; refused_index: number | null; retry_after_ms: string | number | null }[] }).rows[0]!;
  if (row.allowed) return { allowed: true };
  return refusedBy(ordered, row.refused_index!, row.retry_after_ms);
}

/**
 * The limits as the database functions take them (buckets, keys, maxes, windows: four arrays),
 * in the fixed order their locks are taken in; `ordered` names what a refused index points at.
 */
export function rateLimitArguments(limits: readonly RateLimit[]) {
  const ordered = [...limits].sort((a, b) => lockName(a).localeCompare(lockName(b)));
  const arrays = sql`${textArray(ordered.map((l) => l.bucket))}::text[], ${textArray(ordered.map((l) => l.key))}::text[],
      ${integerArray(ordered.map((l) => l.max))}::bigint[], ${integerArray(ordered.map((l) => l.windowMs))}::bigint[]`;
  return { ordered, arrays };
}

/** The refusal a database function answered: the limit at `index` (1-based) of `ordered`. */
export const refusedBy = (ordered: readonly RateLimit[], index: number, retryAfterMs: string | number | null): RateLimitAnswer => ({
  allowed: false,
  retryAfterMs: Math.max(0, Number(retryAfterMs)),
  refusedBy: ordered[index - 1]!,
});

/** One limit; see takeRateLimits. */
export const takeRateLimit = (tx: Executor, limit: RateLimit, nowMs: number) => takeRateLimits(tx, [limit], nowMs);

/**
 * How many requests `bucket` counted for `key` within `windowMs` before `nowMs` (at most `cap`:
 * counting stops there) and when the newest was. A read without locks: a caller that decides a
 * limit from it still counts through takeRateLimits, which alone decides under the lock.
 */
export async function recentRateLimitCount(
  db: Executor,
  limit: Pick<RateLimit, 'bucket' | 'key' | 'windowMs'>,
  nowMs: number,
  cap: number,
): Promise<{ count: number; newestMs: number | null }> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS count, max(x.at) AS newest FROM (
      SELECT ${rateLimitEvents.at} AS at FROM ${rateLimitEvents}
      WHERE ${rateLimitEvents.bucket} = ${limit.bucket} AND ${rateLimitEvents.key} = ${limit.key}
        AND ${rateLimitEvents.at} > ${new Date(nowMs - limit.windowMs)}
      ORDER BY ${rateLimitEvents.at} DESC LIMIT ${cap}
    ) x`);
  const row = (result as unknown as { rows: { count: number | string; newest: Date | string | null }[] }).rows[0];
  const newest = row?.newest ?? null;
  return { count: Number(row?.count ?? 0), newestMs: newest === null ? null : new Date(newest).getTime() };
}

/** Gives back what takeRateLimits counted at `nowMs` (the attempt turned out not to count, e.g. a right password). */
export async function releaseRateLimits(db: Executor, limits: Pick<RateLimit, 'bucket' | 'key'>[], nowMs: number): Promise<void> {
  const at = new Date(nowMs);
  for (const { bucket, key } of limits) {
    // Rows of one bucket, key and time are alike: removing any one of them gives back one count.
    await db.execute(sql`
      DELETE FROM ${rateLimitEvents} WHERE ctid = (
        SELECT ctid FROM ${rateLimitEvents}
        WHERE ${rateLimitEvents.bucket} = ${bucket} AND ${rateLimitEvents.key} = ${key} AND ${rateLimitEvents.at} = ${at}
        LIMIT 1
      )`);
  }
}

/** Forgets what was counted in `bucket` (for these keys, or all of it), e.g. an account's failed sign-ins after a reset. */
export async function clearRateLimits(db: Executor, bucket: string, keys?: string[]): Promise<void> {
  if (keys?.length === 0) return;
  const ofKeys = keys ? inArray(rateLimitEvents.key, keys) : undefined;
  await db.delete(rateLimitEvents).where(and(eq(rateLimitEvents.bucket, bucket), ofKeys));
}

/** Deletes the rows of buckets starting with `bucketPrefix` that left the window; the count ignores them anyway. */
export async function pruneRateLimits(db: Executor, bucketPrefix: string, windowMs: number, nowMs: number): Promise<void> {
  await db
    .delete(rateLimitEvents)
    .where(and(sql`starts_with(${rateLimitEvents.bucket}, ${bucketPrefix})`, lte(rateLimitEvents.at, new Date(nowMs - windowMs))));
}

const lockName = (limit: Pick<RateLimit, 'bucket' | 'key'>) => `${limit.bucket}:${limit.key}`;
