import { describe, expect, it } from 'vitest';
import { instantAtWallClock, wallClockIn } from '../../domain/zonedClock.ts';

describe('wall clocks of a time zone', () => {
  it('reads what Stockholm and Oslo clocks show, whatever the runtime zone', () => {
    expect(wallClockIn('Europe/Stockholm', Date.parse('2026-06-11T16:00:00Z'))).toEqual({ year: 2026, month: 6, day: 11, hour: 18, minute: 0, second: 0 });
    expect(wallClockIn('Europe/Oslo', Date.parse('2026-12-31T23:30:00Z'))).toMatchObject({ year: 2027, month: 1, day: 1, hour: 0, minute: 30 });
  });

  it('finds the instant of a wall-clock time in summer, in winter and across the clock changes', () => {
    const at = (y: number, mo: number, d: number, h: number, mi: number) => new Date(instantAtWallClock('Europe/Stockholm', Date.UTC(y, mo - 1, d, h, mi))).toISOString();
    expect(at(2026, 6, 11, 18, 0)).toBe('2026-06-11T16:00:00.000Z');
    expect(at(2026, 1, 15, 18, 0)).toBe('2026-01-15T17:00:00.000Z');
    // 29 March 2026: 02:00 jumps to 03:00; 03:30 is already summer time, 02:30 lands an hour later.
    expect(at(2026, 3, 29, 3, 30)).toBe('2026-03-29T01:30:00.000Z');
    expect(at(2026, 3, 29, 2, 30)).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: the evening after the change is winter time.
    expect(at(2026, 10, 25, 18, 0)).toBe('2026-10-25T17:00:00.000Z');
  });
});
