import type { Database } from '../../db/database.ts';
import {
  clearRateLimits,
  pruneRateLimits,
  releaseRateLimits,
  takeRateLimit,
  takeRateLimits,
  type RateLimit,
} from '../../repositories/rateLimits.repository.ts';

export interface LoginLimits {
  /** Failed sign-ins allowed per account (tenant + e-mail) from one client address within the window. */
  perAccountAndAddress: number;
  /**
   * Failed sign-ins allowed per account from all addresses together: a ceiling well above the
   * per-address one, which slows a guesser spread over many addresses without letting one
   * stranger lock the member out.
   */
  perAccount: number;
  /** Failed sign-ins allowed per client address (any account) within the window. */
  perAddress: number;
  windowMs: number;
  /** Reset-mail requests allowed per client address within `writeWindowMs`. */
  resetMailsPerAddress: number;
  writeWindowMs: number;
}

export const defaultLoginLimits: LoginLimits = {
  perAccountAndAddress: 5,
  perAccount: 50,
  perAddress: 30,
  windowMs: 15 * 60_000,
  resetMailsPerAddress: 20,
  writeWindowMs: 60 * 60_000,
};

/** Unauthenticated requests that write (a mail), limited per client address. */
export type AddressWrite = 'oob';

export type AttemptOutcome = 'succeeded' | 'failed' | 'blocked';

export interface LoginLimiter {
  /**
   * Runs `attempt` (true = right password) unless the account, the address or the pair has used
   * up its failures; a wrong password stays counted. Each attempt is counted before the password
   * is checked, in one atomic step, so parallel guesses never get more checks than the limits.
   */
  attempt(keys: { tenantId: string; email: string; address: string }, attempt: () => Promise<boolean>): Promise<AttemptOutcome>;
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
/** Buckets of sign-in failures; pair buckets are per account, so a reset can clear them. */
const signInBuckets = { prefix: 'signin-', account: 'signin-account', address: 'signin-address', pair: (account: string) => `signin-pair:${account}` };
const reauthBucket = 'reauth';

export function createLoginLimiter(db: Database, now: () => number, limits: LoginLimits = defaultLoginLimits): LoginLimiter {
  const window = limits.windowMs;

  async function counted(counts: RateLimit[], attempt: () => Promise<boolean>): Promise<AttemptOutcome> {
    const at = now();
    const answer = await db.transaction((tx) => takeRateLimits(tx, counts, at));
    if (!answer.allowed) return 'blocked';
    let right: boolean;
    try {
      right = await attempt();
    } catch (error) {
      await releaseRateLimits(db, counts, at);
      throw error;
    }
    if (right) {
      await releaseRateLimits(db, counts, at);
      return 'succeeded';
    }
    await pruneRateLimits(db, counts[0]!.bucket.startsWith(reauthBucket) ? reauthBucket : signInBuckets.prefix, window, at).catch(() => undefined);
    return 'failed';
  }

  return {
    attempt({ tenantId, email, address }, attempt) {
      const account = accountKey(tenantId, email);
      return counted(
        [
          { bucket: signInBuckets.pair(account), key: address, max: limits.perAccountAndAddress, windowMs: window },
          { bucket: signInBuckets.account, key: account, max: limits.perAccount, windowMs: window },
          { bucket: signInBuckets.address, key: address, max: limits.perAddress, windowMs: window },
        ],
        attempt,
      );
    },

    reauthenticate({ uid }, attempt) {
      return counted([{ bucket: reauthBucket, key: uid, max: limits.perAccountAndAddress, windowMs: window }], attempt);
    },

    async clearAccount({ tenantId, email, uid }) {
      const account = accountKey(tenantId, email);
      await db.transaction(async (tx) => {
        await clearRateLimits(tx, signInBuckets.account, [account]);
        await clearRateLimits(tx, signInBuckets.pair(account));
        await clearRateLimits(tx, reauthBucket, [uid]);
      });
    },

    async allowWrite(write, address) {
      const limit = { bucket: `identity-${write}`, key: address, max: limits.resetMailsPerAddress, windowMs: limits.writeWindowMs };
      const at = now();
      const answer = await db.transaction((tx) => takeRateLimit(tx, limit, at));
      await pruneRateLimits(db, limit.bucket, limit.windowMs, at).catch(() => undefined);
      return answer.allowed;
    },
  };
}
