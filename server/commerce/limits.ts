import { addressKey } from '../addresses.ts';
import type { Executor } from '../db/database.ts';
import { LimitReached } from '../errors.ts';
import { takeRateLimits, type RateLimit } from '../repositories/rateLimits.repository.ts';

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
/** The member's and the address's checkout limits, as the opening of a checkout counts them (server/commerce/reservation.ts). */
export const checkoutLimits = (limits: CommerceLimits, who: Checkouter): RateLimit[] => [
  { bucket: 'checkout-member', key: `${who.brandId}/${who.userId}`, max: limits.checkoutsPerMember, windowMs: limits.windowMs },
  { bucket: 'checkout-address', key: addressKey(who.clientAddress), max: limits.checkoutsPerAddress, windowMs: limits.windowMs },
];

/** 429 `checkout/too-many-checkouts`: a checkout limit is used up until `retryAfterMs` from now. */
export const tooManyCheckouts = (retryAfterMs: number) => limitReached(retryAfterMs, 'checkout/too-many-checkouts', 'Too many checkouts were opened; try again in');

/** Counts one waiting-list join for the address (an IPv6 one for its /64), or refuses with 429 `waiting_list/too-many-joins`. */
export async function countWaitingListJoin(tx: Executor, limits: CommerceLimits, clientAddress: string, now: number) {
  await take(
    tx,
    [{ bucket: 'waiting-list-join', key: addressKey(clientAddress), max: limits.waitingListJoinsPerAddress, windowMs: limits.windowMs }],
    now,
    'waiting_list/too-many-joins',
    'Too many waiting lists were joined from this address; try again in',
  );
}

async function take(tx: Executor, limits: RateLimit[], now: number, code: string, text: string) {
  const answer = await takeRateLimits(tx, limits, now);
  if (!answer.allowed) throw limitReached(answer.retryAfterMs, code, text);
}

function limitReached(retryAfterMs: number, code: string, text: string) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new LimitReached(code, `${text} ${seconds} seconds`, seconds);
}
