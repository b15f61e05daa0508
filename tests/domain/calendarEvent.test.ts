import { describe, expect, it } from 'vitest';
import { calendarTemplateUrl, calshowUrl, nativeCalendarEvent, templateDate, type CalendarEvent } from '../../domain/calendarEvent.ts';
import { calendarFileText } from '../../domain/calendarFile.ts';

// 19:00 in Stockholm on a winter evening (CET, UTC+1) and a summer one (CEST, UTC+2).
const winter: CalendarEvent = {
  title: 'Mørketid live',
  description: 'Doors open at 18:30.',
  location: 'Konserthuset, Hötorget 8, 111 57 Stockholm',
  start: Date.parse('2026-12-09T19:00:00+01:00'),
  end: Date.parse('2026-12-09T22:00:00+01:00'),
};
const summer: CalendarEvent = { ...winter, start: Date.parse('2026-06-09T19:00:00+02:00'), end: Date.parse('2026-06-09T22:00:00+02:00') };

describe('add to calendar', () => {
  it('writes template dates as yyyymmddThhmm00 in UTC, across the change to summer time', () => {
    expect(templateDate(winter.start)).toBe('20261209T180000Z');
    expect(templateDate(summer.start)).toBe('20260609T170000Z');
  });

  it('links to a web calendar template with title, both times, details and place', () => {
    const url = new URL(calendarTemplateUrl(winter));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Mørketid live',
      dates: '20261209T180000Z/20261209T210000Z',
      details: 'Doors open at 18:30.',
      location: 'Konserthuset, Hötorget 8, 111 57 Stockholm',
    });
  });

  it("opens Apple's calendar at the event (seconds since 2001-01-01)", () => {
    expect(calshowUrl({ ...winter, start: Date.UTC(2001, 0, 1, 0, 1) })).toBe('calshow:60');
    expect(calshowUrl(winter)).toBe(`calshow:${(Date.parse('2026-12-09T18:00:00Z') - Date.UTC(2001, 0, 1)) / 1000}`);
  });

  it('gives the native bridge start and end in seconds', () => {
    expect(nativeCalendarEvent(winter)).toEqual({
      title: 'Mørketid live',
      description: 'Doors open at 18:30.',
      startDate: Date.parse('2026-12-09T18:00:00Z') / 1000,
      endDate: Date.parse('2026-12-09T21:00:00Z') / 1000,
    });
  });

  it('writes one ICS event with its title, place and UTC times, published and confirmed', () => {
    const ics = calendarFileText(summer, { uid: 'ticket-1@klubb', productId: 'klubb/Nordlys' })!;
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain('PRODID:klubb/Nordlys');
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain('STATUS:CONFIRMED');
    expect(ics).toContain('UID:ticket-1@klubb');
    expect(ics).toContain('SUMMARY:Mørketid live');
    expect(ics).toContain('DTSTART:20260609T170000Z');
    expect(ics).toContain('DTEND:20260609T200000Z');
    expect(ics.replace(/\r\n[ \t]/g, '')).toContain('LOCATION:Konserthuset\\, Hötorget 8\\, 111 57 Stockholm');
  });

  it('leaves out an empty place, and gives null for an event ics refuses', () => {
    const ics = calendarFileText({ ...summer, location: '' }, { uid: 'ticket-1@klubb', productId: 'klubb/ics' })!;
    expect(ics).toContain('SUMMARY:Mørketid live');
    expect(ics).not.toContain('LOCATION');
    expect(calendarFileText({ ...summer, start: Number.NaN }, { uid: 'ticket-1@klubb', productId: 'klubb/ics' })).toBeNull();
  });
});
