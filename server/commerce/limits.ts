import type { Executor } from '../db/database.ts';
import { LimitReached } from '../errors.ts';
import { releaseRateLimits, takeRateLimits, type RateLimit } from '../repositories/rateLimits.repository.ts';

/**
 * How often one member and one client address may hold stock (docs/checkout.md, "Who may hold
 * stock"): counted in the database in the same transaction that admits the request, so the
 * limits hold across instances and under parallel requests.
 */
export interface CommerceLimits {
  /** Checkouts one member may open per window. */
  checkoutsPerMember: number;
  /** Checkouts one client address may open per window (all members behind it together). */
  checkoutsPerAddress: number;
  /** Waiting-list joins one client address may make per window. */
  waitingListJoinsPerAddress: number;
  windowMs: number;
}

export const defaultCommerceLimits: CommerceLimits = {
  checkoutsPerMember: 10,
  checkoutsPerAddress: 30,
  waitingListJoinsPerAddress: 10,
  windowMs: 15 * 60_000,
};

type Checkouter = { brandId: string; userId: string; clientAddress: string };
const checkoutKeys = (who: Checkouter) => [
  { bucket: 'checkout-member', key: `${who.brandId}/${who.userId}` },
  { bucket: 'checkout-address', key: who.clientAddress },
];

/** Counts one checkout for the member and the address, or refuses with 429 `checkout/too-many-checkouts`. */
export async function countCheckout(tx: Executor, limits: CommerceLimits, who: Checkouter, now: number) {
  const [member, address] = checkoutKeys(who);
  await take(
    tx,
    [
      { ...member!, max: limits.checkoutsPerMember, windowMs: limits.windowMs },
      { ...address!, max: limits.checkoutsPerAddress, windowMs: limits.windowMs },
    ],
    now,
    'checkout/too-many-checkouts',
    'Too many checkouts were opened; try again in',
  );
}

/** Gives back the count of a checkout that held nothing (sold out, past the cap): a retry in a rush is not punished. */
export const uncountCheckout = (db: Executor, who: Checkouter, countedAt: number) => releaseRateLimits(db, checkoutKeys(who), countedAt);

/** Counts one waiting-list join for the address, or refuses with 429 `waiting_list/too-many-joins`. */
export async function countWaitingListJoin(tx: Executor, limits: CommerceLimits, clientAddress: string, now: number) {
  await take(
    tx,
    [{ bucket: 'waiting-list-join', key: clientAddress, max: limits.waitingListJoinsPerAddress, windowMs: limits.windowMs }],
    now,
    'waiting_list/too-many-joins',
    'Too many waiting lists were joined from this address; try again in',
  );
}

async function take(tx: Executor, limits: RateLimit[], now: number, code: string, text: string) {
  const answer = await takeRateLimits(tx, limits, now);
  if (answer.allowed) return;
  const seconds = Math.max(1, Math.ceil(answer.retryAfterMs / 1000));
  throw new LimitReached(code, `${text} ${seconds} seconds`, seconds);
}
