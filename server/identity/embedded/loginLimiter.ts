import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { identityLoginFailures } from '../../db/schema/identity.ts';
import { takeRateLimit } from '../../repositories/rateLimits.repository.ts';

export interface LoginLimits {
  /** Failed sign-ins allowed per account (tenant + e-mail) within the window. */
  perAccount: number;
  /** Failed sign-ins allowed per client address within the window. */
  perAddress: number;
  windowMs: number;
  /** Sign-up requests allowed per client address within `writeWindowMs`. */
  signUpsPerAddress: number;
  /** Reset-mail requests allowed per client address within `writeWindowMs`. */
  resetMailsPerAddress: number;
  writeWindowMs: number;
}

export const defaultLoginLimits: LoginLimits = {
  perAccount: 5,
  perAddress: 30,
  windowMs: 15 * 60_000,
  signUpsPerAddress: 20,
  resetMailsPerAddress: 20,
  writeWindowMs: 60 * 60_000,
};

/** Unauthenticated requests that write (an account, a mail), limited per client address. */
export type AddressWrite = 'signup' | 'oob';

export type AttemptOutcome = 'succeeded' | 'failed' | 'blocked';

export interface LoginLimiter {
  /** Runs `attempt` (true = right password) unless the account or address is locked; failures are recorded. */
  attempt(keys: { tenantId: string; email: string; address: string }, attempt: () => Promise<boolean>): Promise<AttemptOutcome>;
  /** Counts one `write` from `address` in the shared rate-limit table; false (and not counted) when its allowance is used up. */
  allowWrite(write: AddressWrite, address: string): Promise<boolean>;
}

export function createLoginLimiter(db: Database, now: () => number, limits: LoginLimits = defaultLoginLimits): LoginLimiter {
  const lockedKeys = createKeyedQueue();

  async function countSince(key: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ rows: count() })
      .from(identityLoginFailures)
      .where(and(eq(identityLoginFailures.key, key), gte(identityLoginFailures.at, since)));
    return row?.rows ?? 0;
  }

  async function record(keys: string[]) {
    await db.insert(identityLoginFailures).values(keys.map((key) => ({ key, at: new Date(now()) })));
    const oldest = new Date(now() - limits.windowMs);
    await db.delete(identityLoginFailures).where(lt(identityLoginFailures.at, oldest));
  }

  return {
    attempt({ tenantId, email, address }, attempt) {
      const accountKey = `acct:${tenantId}:${email}`;
      const addressKey = `ip:${address}`;
      // One attempt per account at a time: parallel guesses cannot all slip past the count.
      return lockedKeys.run(accountKey, async () => {
        const since = new Date(now() - limits.windowMs);
        const [accountFailures, addressFailures] = [await countSince(accountKey, since), await countSince(addressKey, since)];
        if (accountFailures >= limits.perAccount || addressFailures >= limits.perAddress) return 'blocked';
        if (await attempt()) return 'succeeded';
        await record([accountKey, addressKey]);
        return 'failed';
      });
    },

    async allowWrite(write, address) {
      const max = write === 'signup' ? limits.signUpsPerAddress : limits.resetMailsPerAddress;
      const answer = await takeRateLimit(db, { bucket: `identity-${write}`, key: address, max, windowMs: limits.writeWindowMs }, now());
      return answer.allowed;
    },
  };
}

/** Runs tasks with the same key one after another (within this process). */
function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(task, task);
      const tail = result.catch(() => undefined);
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
  };
}
