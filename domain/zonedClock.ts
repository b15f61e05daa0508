/** Wall clocks of an IANA time zone, whatever the runtime's own zone. */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** What the zone's clocks show at `instant` (ms). */
export function wallClockIn(timeZone: string, instant: number): WallClock {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** How far the zone's clocks are ahead of UTC at `instant` (ms). */
function offsetAt(timeZone: string, instant: number): number {
  const c = wallClockIn(timeZone, instant);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant the zone's clocks show the wall-clock time written as UTC milliseconds
 * (`Date.UTC(year, month - 1, day, hour, minute)`). Two passes find the offset in force then, also
 * on the days clocks change; a time the spring change skips lands an hour later.
 */
export function instantAtWallClock(timeZone: string, wallClockAsUtc: number): number {
  const guess = wallClockAsUtc - offsetAt(timeZone, wallClockAsUtc);
  return wallClockAsUtc - offsetAt(timeZone, guess);
}
