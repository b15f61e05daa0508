import { defaultHoldCeilingMinutes, holdAllowance } from '../../domain/holdCeiling.ts';
import { ApiError } from '../errors.ts';
import type { HoldInterval } from '../repositories/checkoutFacts.repository.ts';

/** The hold ceiling at checkout (docs/checkout.md, "Holds cannot be hoarded"; the rule: domain/holdCeiling.ts). */

const holdLimitReached = (ceilingMinutes: number, againAt: number) =>
  new ApiError(
    409,
    'checkout/hold-limit-reached',
    `You have held this item for ${ceilingMinutes} minutes in the last 6 hours without buying it; you can hold it again at ${new Date(againAt).toISOString()}`,
    { holdAgainAt: againAt, holdLimitMinutes: ceilingMinutes },
  );

/**
 * How long the member's new checkout may hold each of the variants (the hold ceiling,
 * domain/holdCeiling.ts): the shortest allowance of its lines, and when the member may hold
 * again once it runs out. Refuses when a line has less than `minimumHoldMs` left.
 */
export function holdTimeFor(
  /** Per variant, the member's holds of the window (holdWindowMs) that did not end in a purchase. */
  past: ReadonlyMap<string, HoldInterval[]>,
  brandCeilingMinutes: number | undefined,
  variantIds: readonly string[],
  at: number,
  wantedMs: number,
) {
  const ceilingMinutes = brandCeilingMinutes ?? defaultHoldCeilingMinutes;
  const ceilingMs = ceilingMinutes * 60_000;
  let holdMs = wantedMs;
  for (const id of variantIds) {
    const allowance = holdAllowance(past.get(id) ?? [], ceilingMs, at, wantedMs);
    if (allowance.againAt !== null) throw holdLimitReached(ceilingMinutes, allowance.againAt);
    holdMs = Math.min(holdMs, allowance.holdMs);
  }
  if (holdMs >= wantedMs) return { holdMs, holdAgainAt: null };
  // Cut short by the ceiling: when this hold runs out, the member is told when they may hold again.
  const until = at + holdMs;
  const againAt = Math.max(
    ...variantIds.map((id) => holdAllowance([...(past.get(id) ?? []), { from: at, to: until }], ceilingMs, until, wantedMs).againAt ?? until),
  );
  return { holdMs, holdAgainAt: againAt };
}

