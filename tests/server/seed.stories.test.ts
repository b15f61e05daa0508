import { describe, expect, it } from 'vitest';
import { languages } from '../../domain/language.ts';
import { demoContent } from '../../server/db/seed/index.ts';
import { generateCommerce } from '../../server/db/seed/commerce.ts';
import { generateDemoOffers } from '../../server/db/seed/offers.ts';

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const dated = new RegExp(`(${weekdays.join('|')}), (\\d{1,2}) (${months.join('|')})`, 'g');
const localParts = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);

// Seeded in winter, and a week before the spring clock change (events run past it).
describe.each([
  ['2026-11-25T12:00:00Z'],
  ['2027-03-21T23:30:00Z'],
])('the demo stories seeded at %s', (seededAt) => {
  const now = new Date(seededAt);
  describe.each(demoContent.map((c) => [c.brandId, c] as const))('%s', (brandId, content) => {
    const demo = generateDemoOffers(content, now);
    const { itemVariants } = generateCommerce(brandId, demo);
    const timeZone = content.locality.timeZone;
    const today = new Date(new Intl.DateTimeFormat('en-CA', { timeZone }).format(now));

    it('has every title, teaser, preamble and button label in en, sv and nb, titles unique in each', () => {
      for (const language of languages) {
        const titles = demo.rows.map((o) => o.localized!.title![language]);
        expect(titles.every((t) => typeof t === 'string' && t.length > 0)).toBe(true);
        expect(new Set(titles).size).toBe(titles.length);
        for (const o of demo.rows) {
          for (const field of ['teaserLine', 'preamble', 'callToActionLabel'] as const) expect(o.localized![field]![language], `${o.id} ${field}`).toMatch(/\S/);
        }
      }
      const translated = demo.rows.filter((o) => o.localized!.title!.sv !== o.localized!.title!.en && o.localized!.preamble!.nb !== o.localized!.preamble!.en);
      expect(translated.length / demo.rows.length).toBeGreaterThan(0.8);
      expect(demo.rows.every((o) => o.title === o.localized!.title!.en && o.preamble === o.localized!.preamble!.en)).toBe(true);
    });

    it('names only future evenings, on the weekday their date falls on', () => {
      let checked = 0;
      for (const o of demo.rows.filter((r) => r.type === 'live')) {
        for (const [, weekday, day, month] of `${o.teaserLine} ${o.preamble}`.matchAll(dated)) {
          const year = months.indexOf(month!) >= today.getUTCMonth() ? today.getUTCFullYear() : today.getUTCFullYear() + 1;
          const date = new Date(Date.UTC(year, months.indexOf(month!), Number(day)));
          expect(weekdays[date.getUTCDay()], `${o.id}: ${weekday} ${day} ${month}`).toBe(weekday);
          expect(date.getTime(), o.id).toBeGreaterThan(today.getTime());
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(demo.rows.filter((r) => r.type === 'live').length / 2);
    });

    it('tells the evenings its tickets sell: every city, the first venue, day and local time', () => {
      for (const o of demo.rows.filter((r) => r.itemVariantType === 'ticket')) {
        const variants = itemVariants.filter((v) => v.offerId === o.id).sort((a, b) => a.dateStart!.getTime() - b.dateStart!.getTime());
        expect(variants.length, o.id).toBeGreaterThan(0);
        const [first] = variants;
        const text = `${o.title} ${o.teaserLine} ${o.preamble}`;
        for (const v of variants) {
          expect(v.dateStart!.getTime(), v.id).toBeGreaterThan(now.getTime());
          for (const language of languages) expect(o.localized!.preamble![language], `${o.id} ${language}`).toContain(v.locationCity!);
          // Each evening's local day is named with its month: "9 and 10 December", "Friday, 9 December".
          const [day, month] = localParts(v.dateStart!.getTime(), timeZone).split(' ');
          expect(text, v.id).toMatch(new RegExp(`\\b${day}\\b[^.·]*?${month}`));
        }
        // The first evening's venue, as its ticket describes it ("Konserthuset, Stockholm. Doors open …").
        expect(o.preamble!.toLowerCase()).toContain(first!.description!.split(',')[0]!.toLowerCase());
        if (variants.every((v) => v.locationCity === first!.locationCity)) {
          expect(text, o.id).toContain(localParts(first!.dateStart!.getTime(), timeZone).slice(-5));
        }
      }
    });

    it('starts its evenings at the local hour its texts say, whatever the season', () => {
      const featured = itemVariants.filter((v) => v.offerId === `${brandId}-live-001`).map((v) => localParts(v.dateStart!.getTime(), timeZone).slice(-5));
      expect(featured).toEqual(['19:00', '19:00', '19:00', '20:00', '19:00']);
      const hours = new Set(itemVariants.filter((v) => v.dateStart).map((v) => localParts(v.dateStart!.getTime(), timeZone).slice(-5)));
      expect([...hours].every((h) => /^(1[7-9]|2[01]):(00|30)$/.test(h))).toBe(true);
    });

    it('shows pictures of what an offer is about: the topic, or the print of the garment it sells', () => {
      for (const o of demo.rows) {
        const picture = o.puffImage.jpeg.medium!.match(/\/(\d\d)-/)![1]!;
        const category = content.categories.find((c) => c.id === o.categoryId)!;
        if (o.itemVariantType === 'other') {
          const images = itemVariants.filter((v) => v.offerId === o.id).map((v) => v.images?.[0]?.jpeg.medium);
          expect(images.every((url) => url === o.puffImage.jpeg.medium), o.id).toBe(true);
        } else {
          expect(category.topics.map((t) => t.picture), o.id).toContain(picture);
        }
      }
    });
  });
});
