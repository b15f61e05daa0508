/**
 * The hold ceiling (docs/checkout.md, "Holds that cannot be hoarded"): a member's checkouts may
 * hold units of one variant for at most a brand's number of minutes within any 6 hours in which
 * they did not buy it. A checkout opened near the ceiling holds only what is left of it; one opened
 * at the ceiling is refused until enough of the window has aged out.
 */

/** The rolling window the ceiling counts in. */
export const holdWindowMs = 6 * 3_600_000;
/** The brand's ceiling when it sets none (`checkoutHoldMinutes`). */
export const defaultHoldCeilingMinutes = 45;
/** A checkout is not opened for less than this: nobody pays in less. */
export const minimumHoldMs = 5 * 60_000;

/** A time a member's checkout held the variant: from its opening until it ended (or now). */
export interface HoldInterval {
  from: number;
  to: number;
}

/** How long the intervals overlap the window that ends at `at`. */
export function heldWithin(intervals: readonly HoldInterval[], at: number): number {
  const start = at - holdWindowMs;
  return intervals.reduce((sum, { from, to }) => sum + Math.max(0, Math.min(to, at) - Math.max(from, start)), 0);
}

export interface HoldAllowance {
  /** How long a checkout opened now may hold the variant (0: it may not). */
  holdMs: number;
  /** When the member may hold it again for at least `minimumHoldMs` (null when they may now). */
  againAt: number | null;
}

/**
 * What the ceiling allows a checkout opened at `now`, given the member's past holds (all ending
 * at or before `now`). Later the past holds age out of the window, so the allowance only grows:
 * `againAt` is the first second it reaches `minimumHoldMs`.
 */
export function holdAllowance(intervals: readonly HoldInterval[], ceilingMs: number, now: number, wantedMs: number): HoldAllowance {
  const left = (at: number) => ceilingMs - heldWithin(intervals, at);
  const holdMs = Math.max(0, Math.min(wantedMs, left(now)));
  if (holdMs >= minimumHoldMs) return { holdMs, againAt: null };
  let early = now;
  let late = now + holdWindowMs;
  while (late - early > 1) {
    const middle = Math.floor((early + late) / 2);
    if (left(middle) >= minimumHoldMs) late = middle;
    else early = middle;
  }
  return { holdMs: 0, againAt: Math.ceil(late / 1000) * 1000 };
}
