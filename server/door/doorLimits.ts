import type { Database } from '../db/database.ts';
import { LimitReached } from '../errors.ts';
import { pruneRateLimits, takeRateLimit } from '../repositories/rateLimits.repository.ts';
import { doorTooManyRequests } from '../../contract/door.ts';

/**
 * What one door account may send (docs/door.md, "Limits"): far more than a busy door does (a scan
 * every few seconds, a sync every 10 s), so only a broken or hostile client meets them.
 */
export interface DoorLimits {
  checkInsPerMinute: number;
  syncsPerMinute: number;
  /** Devices whose double entries an evening keeps; later devices' are answered but not kept. */
  doubleEntryDevicesPerEvening: number;
}

export const defaultDoorLimits: DoorLimits = { checkInsPerMinute: 600, syncsPerMinute: 60, doubleEntryDevicesPerEvening: 50 };

/** An offline check-in's `at` is believed from the evening's start minus this... */
export const offlineAtBeforeStartMs = 24 * 3_600_000;
/** ...to the server's now plus this (a device clock a little fast). */
export const offlineAtAheadMs = 5 * 60_000;

const minute = 60_000;

/** Counts one door request of the user in the database (atomically across instances), or throws 429 `door/too-many-requests`. */
export async function countDoorRequest(
  db: Database,
  limits: DoorLimits,
  kind: 'check-in' | 'sync',
  staff: { brandId: string; userId: string },
  nowMs: number,
): Promise<void> {
  const bucket = `door-${kind}`;
  const max = kind === 'check-in' ? limits.checkInsPerMinute : limits.syncsPerMinute;
  const answer = await db.transaction((tx) => takeRateLimit(tx, { bucket, key: `${staff.brandId}/${staff.userId}`, max, windowMs: minute }, nowMs));
  // Outside the counting transaction: best effort, so a slow delete never holds the lock.
  await pruneRateLimits(db, bucket, minute, nowMs).catch(() => undefined);
  if (answer.allowed) return;
  const seconds = Math.max(1, Math.ceil(answer.retryAfterMs / 1000));
  throw new LimitReached(doorTooManyRequests.code, `Too many door ${kind === 'check-in' ? 'check-ins' : 'syncs'} from this account; try again in ${seconds} seconds`, seconds);
}
