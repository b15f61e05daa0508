import { describe, expect, it } from 'vitest';
import { heldWithin, holdAllowance, holdWindowMs, minimumHoldMs } from '../../domain/holdCeiling.ts';

const minute = 60_000;
const now = Date.UTC(2026, 10, 28, 18, 0);
const ceiling = 45 * minute;
const checkout = 31 * minute;

describe('the hold ceiling', () => {
  it('counts only what lies inside the 6 hours before the moment', () => {
    const intervals = [
      { from: now - holdWindowMs - 10 * minute, to: now - holdWindowMs + 5 * minute }, // 5 minutes inside
      { from: now - 60 * minute, to: now - 29 * minute }, // 31 minutes
    ];
    expect(heldWithin(intervals, now)).toBe(36 * minute);
  });

  it('gives a first checkout its full time', () => {
    expect(holdAllowance([], ceiling, now, checkout)).toEqual({ holdMs: checkout, againAt: null });
  });

  it('cuts a checkout to what is left of the ceiling', () => {
    const past = [{ from: now - 40 * minute, to: now - 9 * minute }]; // 31 held
    expect(holdAllowance(past, ceiling, now, checkout)).toEqual({ holdMs: 14 * minute, againAt: null });
  });

  it('refuses below the minimum, and says when enough has aged out of the window', () => {
    const past = [
      { from: now - 5 * 60 * minute, to: now - 5 * 60 * minute + 31 * minute },
      { from: now - 40 * minute, to: now - 29 * minute }, // 31 + 11 = 42 held: 3 minutes left
    ];
    const allowance = holdAllowance(past, ceiling, now, checkout);
    expect(allowance.holdMs).toBe(0);
    // The first hold leaves the window from 18:00 − 5 h + 6 h = 19:00 on; 2 more minutes of it must go.
    expect(allowance.againAt).toBe(now + 60 * minute + 2 * minute);
    expect(heldWithin(past, allowance.againAt!)).toBe(ceiling - minimumHoldMs);
  });
});
