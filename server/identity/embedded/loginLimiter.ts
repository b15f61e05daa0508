import { addressKey } from '../../addresses.ts';
import type { Database } from '../../db/database.ts';
import {
  clearRateLimits,
  pruneRateLimits,
  recentRateLimitCount,
  releaseRateLimits,
  takeRateLimit,
  takeRateLimits,
  type RateLimit,
} from '../../repositories/rateLimits.repository.ts';

export interface LoginLimits {
  /**
   * Failed sign-ins to one account (tenant + e-mail) from one client address (an IPv6 /64) before
   * its next attempts there wait as the account's do (below); also the current-password checks a
   * signed-in member may fail within `windowMs`.
   */
  perAccountAndAddress: number;
  /** Failed sign-ins allowed per client address (an IPv6 /64; any account) within `windowMs`. */
  perAddress: number;
  windowMs: number;
  /**
   * Failed sign-ins to one account, from all devices without a device token of it together, before
   * each further attempt waits (`throttleBaseMs`, doubling with every failure, at most
   * `throttleCeilingMs`). A wait, never a lock: a stranger spread over many addresses slows the
   * account's untrusted sign-ins down to one per ceiling, and a device the member signed in on
   * before is not counted here at all.
   */
  accountFreeFailures: number;
  /** Failed sign-ins with one device token before its attempts wait the same way (a stolen device token buys no more guesses). */
  deviceFreeFailures: number;
  throttleBaseMs: number;
  throttleCeilingMs: number;
  /** Failures older than this no longer make anyone wait. */
  throttleHistoryMs: number;
  /** Reset-mail requests allowed per client address within `writeWindowMs`. */
  resetMailsPerAddress: number;
  writeWindowMs: number;
}

export const defaultLoginLimits: LoginLimits = {
  perAccountAndAddress: 5,
  perAddress: 30,
  windowMs: 15 * 60_000,
  accountFreeFailures: 10,
  deviceFreeFailures: 5,
  throttleBaseMs: 1_000,
  throttleCeilingMs: 5 * 60_000,
  throttleHistoryMs: 24 * 60 * 60_000,
  resetMailsPerAddress: 20,
  writeWindowMs: 60 * 60_000,
};

/** Unauthenticated requests that write (a mail), limited per client address. */
export type AddressWrite = 'oob';

export type AttemptOutcome = 'succeeded' | 'failed' | 'blocked';
/** What an attempt came to; a blocked one says when the limit that refused it lets the next one through. */
export type AttemptResult = { outcome: 'succeeded' | 'failed' } | { outcome: 'blocked'; retryAfterMs: number };

export interface SignInKeys {
  tenantId: string;
  email: string;
  address: string;
  /**
   * The stored hash of a device token the caller found valid for this very account (deviceTokens.ts),
   * or null. With one, only that device's own failures count: strangers' failures on the account
   * or from the address never refuse it.
   */
  trustedDevice?: string | null;
}

export interface LoginLimiter {
  /**
   * Runs `attempt` (true = right password) unless a limit of the sign-in refuses it; a wrong
   * password stays counted, a right one is given back. Each attempt is counted before the
   * password is checked, in one atomic step, so parallel guesses never get more checks than the
   * limits. Without a trusted device: per account and address, per address, and the account's
   * growing wait; with one: that device's growing wait only.
   */
  attempt(keys: SignInKeys, attempt: () => Promise<boolean>): Promise<AttemptResult>;
  /**
   * The current-password check of a signed-in member (changing e-mail or password). Counted on
   * its own, per account (`perAccountAndAddress` failures from any address: only a holder of the
   * member's token can fail it), so failed sign-ins by strangers never refuse it.
   */
  reauthenticate(keys: { uid: string }, attempt: () => Promise<boolean>): Promise<AttemptOutcome>;
  /** Forgets the account's failed sign-ins (its password was reset or changed by its owner). */
  clearAccount(keys: { tenantId: string; email: string; uid: string }): Promise<void>;
  /** Counts one `write` from `address`; false (and not counted) when its allowance is used up. */
  allowWrite(write: AddressWrite, address: string): Promise<boolean>;
}

const accountKey = (tenantId: string, email: string) => `${tenantId}:${email}`;
/** Sign-in failures per address within `windowMs`. */
const signInBuckets = { prefix: 'signin-', address: 'signin-address' };
/**
 * Buckets of the growing waits, kept `throttleHistoryMs` (their own prefix: pruned on their own
 * window); pair buckets are per account, so a reset can clear them.
 */
const throttleBuckets = {
  prefix: 'throttle-signin-',
  account: 'throttle-signin-account',
  device: 'throttle-signin-device',
  pair: (account: string) => `throttle-signin-pair:${account}`,
};
const reauthBucket = 'reauth';

export function createLoginLimiter(db: Database, now: () => number, limits: LoginLimits = defaultLoginLimits): LoginLimiter {
  const window = limits.windowMs;
  // Past this many failures the wait is at its ceiling: no need to count further.
  const doublings = Math.ceil(Math.log2(Math.max(1, limits.throttleCeilingMs / Math.max(1, limits.throttleBaseMs))));

  /**
   * The growing wait as one limit takeRateLimits counts atomically: below `free` failures within the
   * history, at most `free` of them; past it, at most one attempt within the wait that the failures
   * so far call for (base × 2^(failures − free), at most the ceiling), so the next attempt is due
   * that long after the last one. The failures are read before the lock; any counted meanwhile
   * lies within every wait, so a stale read never lets more through.
   */
  async function throttle(bucket: string, key: string, free: number, at: number): Promise<RateLimit> {
    const history = limits.throttleHistoryMs;
    const { count } = await recentRateLimitCount(db, { bucket, key, windowMs: history }, at, free + doublings + 1);
    if (count < free) return { bucket, key, max: free, windowMs: history };
    const wait = Math.min(limits.throttleCeilingMs, limits.throttleBaseMs * 2 ** (count - free));
    return { bucket, key, max: 1, windowMs: wait };
  }

  async function counted(counts: RateLimit[], at: number, attempt: () => Promise<boolean>): Promise<AttemptResult> {
    const answer = await db.transaction((tx) => takeRateLimits(tx, counts, at));
    if (!answer.allowed) {
      // A wait still in its free failures was filled by attempts counted together: the next is due after the first wait.
      const filledTogether = answer.refusedBy.bucket.startsWith(throttleBuckets.prefix) && answer.refusedBy.max > 1;
      return { outcome: 'blocked', retryAfterMs: filledTogether ? limits.throttleBaseMs : answer.retryAfterMs };
    }
    let right: boolean;
    try {
      right = await attempt();
    } catch (error) {
      await releaseRateLimits(db, counts, at);
      throw error;
    }
    if (right) {
      await releaseRateLimits(db, counts, at);
      return { outcome: 'succeeded' };
    }
    await prune(counts, at).catch(() => undefined);
    return { outcome: 'failed' };
  }

  async function prune(counts: RateLimit[], at: number) {
    if (counts.some((c) => c.bucket === reauthBucket)) return pruneRateLimits(db, reauthBucket, window, at);
    await pruneRateLimits(db, signInBuckets.prefix, window, at);
    await pruneRateLimits(db, throttleBuckets.prefix, limits.throttleHistoryMs, at);
  }

  return {
    async attempt({ tenantId, email, address, trustedDevice }, attempt) {
      const at = now();
      if (trustedDevice) {
        return counted([await throttle(throttleBuckets.device, trustedDevice, limits.deviceFreeFailures, at)], at, attempt);
      }
      const account = accountKey(tenantId, email);
      const from = addressKey(address);
      const waits = await Promise.all([
        throttle(throttleBuckets.pair(account), from, limits.perAccountAndAddress, at),
        throttle(throttleBuckets.account, account, limits.accountFreeFailures, at),
      ]);
      return counted([...waits, { bucket: signInBuckets.address, key: from, max: limits.perAddress, windowMs: window }], at, attempt);
    },

    async reauthenticate({ uid }, attempt) {
      const result = await counted([{ bucket: reauthBucket, key: uid, max: limits.perAccountAndAddress, windowMs: window }], now(), attempt);
      return result.outcome;
    },

    async clearAccount({ tenantId, email, uid }) {
      const account = accountKey(tenantId, email);
      await db.transaction(async (tx) => {
        await clearRateLimits(tx, throttleBuckets.account, [account]);
        await clearRateLimits(tx, throttleBuckets.pair(account));
        await clearRateLimits(tx, reauthBucket, [uid]);
      });
    },

    async allowWrite(write, address) {
      const limit = { bucket: `identity-${write}`, key: addressKey(address), max: limits.resetMailsPerAddress, windowMs: limits.writeWindowMs };
      const at = now();
      const answer = await db.transaction((tx) => takeRateLimit(tx, limit, at));
      await pruneRateLimits(db, limit.bucket, limit.windowMs, at).catch(() => undefined);
      return answer.allowed;
    },
  };
}
