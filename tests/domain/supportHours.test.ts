import { afterEach, describe, expect, it } from 'vitest';
import type { SupportHours } from '../../contract/brandContent.ts';
import { closingAt, isOpenAt, nextOpening, wallClockIn, weekdayName, weekGroups } from '../../src/domain/supportHours.ts';

/** Spec 9: weekdays 09:00-19:00, Saturdays 09:00-15:00, Sundays closed, in Stockholm. */
const spec: SupportHours = {
  timeZone: 'Europe/Stockholm',
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '19:00' })).concat({ day: 6, opens: '09:00', closes: '15:00' }),
  note: 'Other hours on event nights.',
};
/** Open on Sundays too, to see the clock change (Europe's changes fall on Sundays). */
const sundays: SupportHours = { ...spec, weekly: [{ day: 7, opens: '09:00', closes: '15:00' }] };

const at = (iso: string) => Date.parse(iso);
const deviceZone = process.env.TZ;
afterEach(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

describe('support hours in the brand’s time zone', () => {
  it('is open on a weekday from 09:00 up to, not including, 19:00 Stockholm time (CET in winter)', () => {
    // Wednesday 2026-12-02; Stockholm is UTC+1.
    expect(isOpenAt(spec, at('2026-12-02T07:59:00Z'))).toBe(false);
    expect(isOpenAt(spec, at('2026-12-02T08:00:00Z'))).toBe(true);
    expect(isOpenAt(spec, at('2026-12-02T17:59:00Z'))).toBe(true);
    expect(isOpenAt(spec, at('2026-12-02T18:00:00Z'))).toBe(false);
    expect(closingAt(spec, at('2026-12-02T12:00:00Z'))).toBe('19:00');
  });

  it('closes at 15:00 on Saturdays and stays closed on Sundays', () => {
    expect(isOpenAt(spec, at('2026-12-05T13:59:00Z'))).toBe(true);
    expect(isOpenAt(spec, at('2026-12-05T14:00:00Z'))).toBe(false);
    expect(isOpenAt(spec, at('2026-12-06T11:00:00Z'))).toBe(false);
  });

  it('follows summer time (UTC+2): 07:30 UTC is 09:30 in Stockholm in July', () => {
    expect(isOpenAt(spec, at('2026-07-01T07:30:00Z'))).toBe(true);
    expect(isOpenAt(spec, at('2026-07-01T06:59:00Z'))).toBe(false);
  });

  it('on the day clocks go forward (29 March 2026) uses the new offset from 03:00', () => {
    // 07:30 UTC is 09:30 CEST: open. A fixed winter offset would say 08:30, closed.
    expect(isOpenAt(sundays, at('2026-03-29T07:30:00Z'))).toBe(true);
    expect(isOpenAt(sundays, at('2026-03-29T06:59:00Z'))).toBe(false);
    expect(wallClockIn('Europe/Stockholm', at('2026-03-29T00:59:00Z'))).toEqual({ day: 7, minutes: 1 * 60 + 59 });
    expect(wallClockIn('Europe/Stockholm', at('2026-03-29T01:00:00Z'))).toEqual({ day: 7, minutes: 3 * 60 });
  });

  it('on the day clocks go back (25 October 2026) uses winter time again', () => {
    // 07:30 UTC is 08:30 CET: closed. A fixed summer offset would say 09:30, open.
    expect(isOpenAt(sundays, at('2026-10-25T07:30:00Z'))).toBe(false);
    expect(isOpenAt(sundays, at('2026-10-25T08:00:00Z'))).toBe(true);
    expect(isOpenAt(sundays, at('2026-10-25T13:59:00Z'))).toBe(true);
    expect(isOpenAt(sundays, at('2026-10-25T14:00:00Z'))).toBe(false);
  });

  it('answers the same on a device in another zone (New York, Tokyo)', () => {
    // Friday 18:30 in Stockholm is Friday 12:30 in New York and Saturday 02:30 in Tokyo.
    const friday = at('2026-12-04T17:30:00Z');
    for (const [zone, deviceHour] of [['America/New_York', 12], ['Asia/Tokyo', 2], ['UTC', 17]] as const) {
      process.env.TZ = zone;
      // The device's own clock reads the other zone's time.
      expect(new Date(friday).getHours()).toBe(deviceHour);
      expect(isOpenAt(spec, friday)).toBe(true);
      expect(nextOpening(spec, friday)).toEqual({ daysAhead: 1, day: 6, opens: '09:00' });
    }
  });

  it('tells the next opening: later today, tomorrow, or after the weekend', () => {
    // Wednesday 07:00 Stockholm: today at 09:00.
    expect(nextOpening(spec, at('2026-12-02T06:00:00Z'))).toEqual({ daysAhead: 0, day: 3, opens: '09:00' });
    // Wednesday 20:00: Thursday at 09:00.
    expect(nextOpening(spec, at('2026-12-02T19:00:00Z'))).toEqual({ daysAhead: 1, day: 4, opens: '09:00' });
    // Saturday 16:00: Monday at 09:00, two days ahead.
    expect(nextOpening(spec, at('2026-12-05T15:00:00Z'))).toEqual({ daysAhead: 2, day: 1, opens: '09:00' });
    // Only Sundays, asked on a Sunday after closing: the same weekday next week.
    expect(nextOpening(sundays, at('2026-12-06T15:00:00Z'))).toEqual({ daysAhead: 7, day: 7, opens: '09:00' });
    expect(nextOpening({ ...spec, weekly: [] }, at('2026-12-06T15:00:00Z'))).toBeNull();
  });

  it('groups consecutive days with the same hours, closed days included', () => {
    expect(weekGroups(spec)).toEqual([
      { from: 1, to: 5, ranges: [{ opens: '09:00', closes: '19:00' }] },
      { from: 6, to: 6, ranges: [{ opens: '09:00', closes: '15:00' }] },
      { from: 7, to: 7, ranges: [] },
    ]);
    const split: SupportHours = { ...spec, weekly: [{ day: 1, opens: '09:00', closes: '12:00' }, { day: 3, opens: '09:00', closes: '12:00' }] };
    expect(weekGroups(split).map((g) => [g.from, g.to, g.ranges.length])).toEqual([[1, 1, 1], [2, 2, 0], [3, 3, 1], [4, 7, 0]]);
  });

  it('names the weekdays in the member’s language', () => {
    expect(weekdayName(1, 'en')).toBe('Monday');
    expect(weekdayName(7, 'sv')).toBe('söndag');
    expect(weekdayName(6, 'nb')).toBe('lørdag');
  });
});
