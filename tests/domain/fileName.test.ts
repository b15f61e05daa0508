import { describe, expect, it } from 'vitest';
import { calendarFileName } from '../../domain/fileName.ts';

describe('calendar file names', () => {
  it.each([
    ['Mørketid: Göteborg, 16 December', 'mørketid-göteborg-16-december.ics'],
    ['Ålesund – Ærlig talt «live»', 'ålesund-ærlig-talt-live.ics'],
    // Decomposed letters (o + combining diaeresis) are composed first, not split at the mark.
    ['Go\u0308teborg', 'göteborg.ics'],
    ['Kon-Tiki!', 'kon-tiki.ics'],
    ['  ', 'event.ics'],
  ])('keeps the letters of %j', (title, name) => {
    expect(calendarFileName(title)).toBe(name);
  });

  it('cuts a long title at a word', () => {
    const name = calendarFileName(`Linnea Åberg ${'på turné '.repeat(20)}`);
    expect(name.length).toBeLessThanOrEqual(84);
    expect(name).toMatch(/^linnea-åberg-(på-turné-)*(på|på-turné)\.ics$/);
  });
});
