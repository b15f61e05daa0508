import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { identityLoginFailures } from '../../db/schema/identity.ts';

export interface LoginLimits {
  /** Failed sign-ins allowed per account (tenant + e-mail) within the window. */
  perAccount: number;
  /** Failed sign-ins allowed per client address within the window. */
  perAddress: number;
  windowMs: number;
}

export const defaultLoginLimits: LoginLimits = { perAccount: 5, perAddress: 30, windowMs: 15 * 60_000 };

export type AttemptOutcome = 'succeeded' | 'failed' | 'blocked';

export interface LoginLimiter {
  /** Runs `attempt` (true = right password) unless the account or address is locked; failures are recorded. */
  attempt(keys: { tenantId: string; email: string; address: string }, attempt: () => Promise<boolean>): Promise<AttemptOutcome>;
}

export function createLoginLimiter(db: Database, now: () => number, limits: LoginLimits = defaultLoginLimits): LoginLimiter {
  const lockedKeys = createKeyedQueue();

  async function failuresSince(key: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ failures: count() })
      .from(identityLoginFailures)
      .where(and(eq(identityLoginFailures.key, key), gte(identityLoginFailures.at, since)));
    return row?.failures ?? 0;
  }

  async function recordFailures(keys: string[], at: Date, since: Date) {
    await db.insert(identityLoginFailures).values(keys.map((key) => ({ key, at })));
    await db.delete(identityLoginFailures).where(lt(identityLoginFailures.at, since));
  }

  return {
    attempt({ tenantId, email, address }, attempt) {
      const accountKey = `acct:${tenantId}:${email}`;
      const addressKey = `ip:${address}`;
      // One attempt per account at a time: parallel guesses cannot all slip past the count.
      return lockedKeys.run(accountKey, async () => {
        const since = new Date(now() - limits.windowMs);
        const [accountFailures, addressFailures] = [await failuresSince(accountKey, since), await failuresSince(addressKey, since)];
        if (accountFailures >= limits.perAccount || addressFailures >= limits.perAddress) return 'blocked';
        if (await attempt()) return 'succeeded';
        await recordFailures([accountKey, addressKey], new Date(now()), since);
        return 'failed';
      });
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
