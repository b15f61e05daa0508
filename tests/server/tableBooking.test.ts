import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { analyticsEvents, brands, tableBookings } from '../../server/db/schema/index.ts';
import { sessionIdPattern } from '../../contract/analyticsEvents.ts';
import { dateIn, instantOf, knownTimeZone } from '../../server/booking/seatings.ts';
import { tableBookingUid } from '../../server/mail/tableBookingMail.ts';
import { setSettings } from './accounts.helpers.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import {
  axeViolations,
  bookingSettings,
  bookingsOf,
  cancelPathIn,
  getPage,
  guest,
  makeBookingBrands,
  makeRestaurant,
  mailsTo,
  parseHtml,
  postForm,
  textsOf,
} from './tableBooking.helpers.ts';

/*
 * Our own table-booking widget (docs/table-booking.md) on PGlite, or on PostgreSQL with
 * TEST_DATABASE_URL: the day's seatings in the brand's zone, the form's errors, booking with the
 * confirmation mail and its calendar file, the cancel link, who may frame the page, and what is
 * not found. The clock is fixed; each test sets the instant it is about.
 */

/** Wednesday 10 June 2026, 12:00 in Stockholm and Oslo (10:00 UTC). */
const wednesdayNoon = Date.parse('2026-06-10T10:00:00Z');
let clock = wednesdayNoon;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  await makeBookingBrands(t);
  await makeRestaurant(t, 'aurora', 'tyge');
  await makeRestaurant(t, 'aurora', 'small', { booking: bookingSettings({ coversPerSeating: 4, maxPartySize: 4 }) });
  await makeRestaurant(t, 'aurora', 'hidden', { visible: false });
  await makeRestaurant(t, 'aurora', 'walk-in', { booking: null });
  await makeRestaurant(t, 'borealis', 'fjord', { name: 'Fjordkanten' });
}, 60_000);
afterAll(() => t?.close());
beforeEach(() => {
  clock = wednesdayNoon;
});

const book = (url: string, fields: Record<string, string>, options?: Parameters<typeof postForm>[3]) => postForm(t, url, fields, options);
const radios = (doc: Document) =>
  [...doc.querySelectorAll<HTMLInputElement>('input[name=time]')].map((r) => `${r.value}${r.disabled ? ' full' : ''}`);

describe("the brand's calendar", () => {
  it('turns a seating into the instant its zone shows it, also on the days clocks change', () => {
    const utc = (date: string, clock: string, zone: string) => new Date(instantOf(date, clock, zone)).toISOString();
    expect(utc('2026-03-28', '18:00', 'Europe/Stockholm')).toBe('2026-03-28T17:00:00.000Z');
    expect(utc('2026-03-29', '18:00', 'Europe/Stockholm')).toBe('2026-03-29T16:00:00.000Z');
    expect(utc('2026-10-25', '18:00', 'Europe/Oslo')).toBe('2026-10-25T17:00:00.000Z');
    expect(utc('2026-11-01', '18:00', 'America/New_York')).toBe('2026-11-01T23:00:00.000Z');
    expect(dateIn('Europe/Stockholm', Date.parse('2026-06-10T22:30:00Z'))).toBe('2026-06-11');
    expect(knownTimeZone('Mars/Olympus_Mons')).toBe('Europe/Stockholm');
  });
});

describe('the page', () => {
  it("shows the days and the seatings of the day in the brand's zone", async () => {
    // 00:30 on Thursday in Stockholm, still Wednesday in UTC (whose seatings would all have passed).
    clock = Date.parse('2026-06-10T22:30:00Z');
    const response = await getPage(t, '/booking/aurora/tyge?lang=en');
    expect(response.statusCode).toBe(200);
    const doc = parseHtml(response.body);
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.querySelector('h1')!.textContent).toBe('Book a table at Restaurant tyge');
    // Days with seatings among the 14 from today: Thursday 11 to Wednesday 24 June.
    const days = [...doc.querySelectorAll<HTMLOptionElement>('#date option')];
    expect(days.map((o) => o.value)).toEqual(['2026-06-11', '2026-06-12', '2026-06-13', '2026-06-17', '2026-06-18', '2026-06-19', '2026-06-20', '2026-06-24']);
    expect(days.find((o) => o.selected)!.textContent).toContain('Thursday');
    expect(radios(doc)).toEqual(['18:00']);
    expect(textsOf(doc, '#party option')).toEqual(['1 guest', '2 guests', '3 guests', '4 guests', '5 guests', '6 guests', '7 guests', '8 guests']);
  });

  it("leaves out today's past seatings and shows those without room for the party as full", async () => {
    const at = (iso: string) => new Date(iso);
    await t.db.insert(tableBookings).values([
      { brandId: 'aurora', restaurantId: 'tyge', seatingAt: at('2026-06-10T16:00:00Z'), partySize: 8, guestName: 'A', guestEmail: 'a@example.se', guestPhone: '+46701111111', language: 'sv', cancelTokenHash: 'h1' },
      { brandId: 'aurora', restaurantId: 'tyge', seatingAt: at('2026-06-10T16:00:00Z'), partySize: 8, guestName: 'B', guestEmail: 'b@example.se', guestPhone: '+46701111112', language: 'sv', cancelTokenHash: 'h2' },
      { brandId: 'aurora', restaurantId: 'tyge', seatingAt: at('2026-06-10T16:00:00Z'), partySize: 4, guestName: 'C', guestEmail: 'c@example.se', guestPhone: '+46701111113', language: 'sv', cancelTokenHash: 'h3' },
      { brandId: 'aurora', restaurantId: 'tyge', seatingAt: at('2026-06-10T18:30:00Z'), partySize: 8, guestName: 'D', guestEmail: 'd@example.se', guestPhone: '+46701111114', language: 'sv', cancelTokenHash: 'h4' },
      { brandId: 'aurora', restaurantId: 'tyge', seatingAt: at('2026-06-10T18:30:00Z'), partySize: 8, guestName: 'E', guestEmail: 'e@example.se', guestPhone: '+46701111115', language: 'sv', cancelTokenHash: 'h5', cancelledAt: at('2026-06-09T10:00:00Z') },
    ]);
    try {
      // 11:30 has passed at noon; 18:00 holds 20 of 20; 20:30 has 12 left (a cancelled booking takes none).
      const two = parseHtml((await getPage(t, '/booking/aurora/tyge?lang=en&date=2026-06-10&party=2')).body);
      expect(radios(two)).toEqual(['18:00 full', '20:30']);
      expect(textsOf(two, '.slot')).toEqual(['18:00 (full)', '20:30']);
      clock = Date.parse('2026-06-10T18:00:00Z');
      const late = parseHtml((await getPage(t, '/booking/aurora/tyge?lang=en&date=2026-06-10&party=8')).body);
      expect(radios(late)).toEqual(['20:30']);
      clock = Date.parse('2026-06-10T18:31:00Z');
      const over = parseHtml((await getPage(t, '/booking/aurora/tyge?lang=en&date=2026-06-10&party=2')).body);
      expect(radios(over)).toEqual([]);
      expect(textsOf(over, '.notice')).toEqual(['There are no free times left on this day. Choose another date.']);
    } finally {
      await t.db.delete(tableBookings);
    }
  });

  it("speaks the language asked for, else the brand's default", async () => {
    const heading = async (url: string, brand?: 'borealis') => {
      const doc = parseHtml((await getPage(t, url, brand)).body);
      return `${doc.documentElement.lang}: ${doc.querySelector('h1')!.textContent}`;
    };
    expect(await heading('/booking/aurora/tyge')).toBe('sv: Boka bord på Restaurant tyge');
    expect(await heading('/booking/aurora/tyge?lang=nb')).toBe('nb: Bestill bord hos Restaurant tyge');
    expect(await heading('/booking/borealis/fjord', 'borealis')).toBe('nb: Bestill bord hos Fjordkanten');
    expect(await heading('/booking/borealis/fjord?lang=xx', 'borealis')).toBe('nb: Bestill bord hos Fjordkanten');
    expect(await heading('/booking/borealis/fjord?lang=sv', 'borealis')).toBe('sv: Boka bord på Fjordkanten');
  });

  it('refuses a day outside the bookable ones and a party too large, in the summary and at the fields', async () => {
    const response = await getPage(t, '/booking/aurora/tyge?lang=en&date=2026-06-09&party=9');
    expect(response.statusCode).toBe(400);
    const doc = parseHtml(response.body);
    expect(textsOf(doc, '.error-summary li')).toEqual(['Choose a date within the next 14 days', 'Choose from 1 to 8 guests']);
    expect(doc.querySelector('#date')!.getAttribute('aria-invalid')).toBe('true');
    expect(doc.querySelector('form.book')).toBeNull();
  });

  it('has no axe findings, with and without errors', async () => {
    expect(await axeViolations((await getPage(t, '/booking/aurora/tyge?lang=en')).body)).toEqual([]);
    const withErrors = await book('/booking/aurora/tyge?lang=sv', { date: '2026-06-10', party: '2', time: '', name: '', email: 'x', phone: '1' });
    expect(await axeViolations(withErrors.body)).toEqual([]);
  });

  it('serves its stylesheet, which the page links', async () => {
    const css = await getPage(t, '/booking/booking.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('.error-summary');
    expect(parseHtml((await getPage(t, '/booking/aurora/tyge')).body).querySelector('link[rel=stylesheet]')!.getAttribute('href')).toBe('/booking/booking.css?brand=aurora');
  });

  it("is in the brand's colours, as the dialog that frames it: each brand's pages link a stylesheet with its theme, whose rules read it", async () => {
    const [aurora] = await t.db.select().from(brands).where(eq(brands.id, 'aurora'));
    const dark = { ...aurora!.theme.light, colors: { ...aurora!.theme.light.colors, primary: '#a3e635', onPrimary: '#0b1a12', background: '#0b1a12', surface: '#12261a', text: '#ecfccb' } };
    await t.db.update(brands).set({ theme: { light: dark } }).where(eq(brands.id, 'borealis'));
    const themeOf = async (page: string) => {
      const href = parseHtml((await getPage(t, page)).body).querySelector('link[rel=stylesheet]')!.getAttribute('href')!;
      return (await getPage(t, href)).body;
    };
    const light = aurora!.theme.light.colors;
    for (const [page, colors] of [['/booking/aurora/tyge?lang=en', light], ['/booking/borealis/fjord?lang=nb', dark.colors]] as const) {
      const css = await themeOf(page);
      for (const name of ['primary', 'onPrimary', 'background', 'text'] as const) expect(css).toContain(`--klubb-color-${name}:${colors[name]}`);
    }
    // Not found and cancel pages of a brand are in its colours too.
    expect(await themeOf('/booking/borealis/nowhere')).toContain('--klubb-color-background:#0b1a12');
    // No colour of the widget's own: every one in its rules is a fallback of a brand variable.
    const rules = (await getPage(t, '/booking/booking.css')).body.replace(/\/\*[\s\S]*?\*\//g, '');
    const colours = rules.match(/#[0-9a-f]{3,8}\b|rgb\(|hsl\(|\b(white|black)\b/gi) ?? [];
    const fallbacks = rules.match(/var\(--klubb-[a-zA-Z-]+,#[0-9a-f]{3,8}\)/gi) ?? [];
    expect(colours.length).toBeGreaterThan(0);
    expect(fallbacks).toHaveLength(colours.length);
    // A brand id that is no brand gets the neutral colours, not an error.
    const neutral = await getPage(t, '/booking/booking.css?brand=nobody');
    expect(neutral.statusCode).toBe(200);
    expect(neutral.body).not.toContain('--klubb-color-primary:');
  });
});

describe('the form', () => {
  it('lists every error in the summary, each linked to its field, and books nothing', async () => {
    const response = await book('/booking/aurora/tyge?lang=en', {
      date: '2026-06-10', party: '2', time: '19:00', name: 'Greta\nGarbo', email: 'greta@', phone: '12',
    });
    expect(response.statusCode).toBe(400);
    const doc = parseHtml(response.body);
    const links = [...doc.querySelectorAll<HTMLAnchorElement>('.error-summary a')];
    expect(links.map((a) => a.textContent)).toEqual([
      'That time cannot be booked. Choose another time',
      'Enter your name on one line, at most 200 characters',
      'Enter an e-mail address like name@example.com',
      'Enter a phone number with country code, like +46 70 123 45 67',
    ]);
    // Each link leads to a field on the page, and each field is told of its error.
    for (const link of links) expect(doc.getElementById(link.getAttribute('href')!.slice(1)), link.href).not.toBeNull();
    for (const id of ['name', 'email', 'phone']) {
      const field = doc.getElementById(id)!;
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toContain(`${id}-error`);
    }
    // What was typed stays.
    expect((doc.getElementById('email') as HTMLInputElement).value).toBe('greta@');
    expect(await bookingsOf(t, 'tyge')).toEqual([]);
  });

  it('asks for each missing detail and escapes what it shows again', async () => {
    const response = await book('/booking/aurora/tyge?lang=sv', { date: '2026-06-10', party: '2', name: '<script>alert(1)</script>', email: '', phone: ' ' });
    const doc = parseHtml(response.body);
    expect(textsOf(doc, '.error-summary a')).toEqual(['Välj en tid', 'Skriv din e-postadress', 'Skriv ditt telefonnummer']);
    expect(doc.querySelector('script')).toBeNull();
    expect((doc.getElementById('name') as HTMLInputElement).value).toBe('<script>alert(1)</script>');
  });

  it('refuses a form sent from another origin (or a sandboxed frame) and books nothing', async () => {
    const fields = { date: '2026-06-10', party: '2', time: '18:00', ...guest };
    for (const origin of ['http://evil.example', 'null', 'http://borealis.localhost:8080']) {
      const response = await book('/booking/aurora/tyge?lang=en', fields, { origin });
      expect(response.statusCode, origin).toBe(403);
      expect(textsOf(parseHtml(response.body), '.error-summary li')[0]).toContain('could not be sent from here');
    }
    expect(await bookingsOf(t, 'tyge')).toEqual([]);
  });
});

describe('booking', () => {
  it('books in Swedish: the confirmation, the booking, and the mail with its calendar file and cancel link', async () => {
    const response = await book('/booking/aurora/tyge', { date: '2026-06-10', party: '2', time: '18:00', ...guest });
    expect(response.statusCode).toBe(200);
    const doc = parseHtml(response.body);
    expect(doc.querySelector('h1')!.textContent).toBe('Ditt bord är bokat');
    expect(textsOf(doc, '.summary dd')).toEqual(['Restaurant tyge', 'Sankt Eriksgatan 48, 112 34 Stockholm', 'onsdag 10 juni kl. 18:00', '2 gäster']);

    const [booking] = await bookingsOf(t, 'tyge');
    expect(booking).toMatchObject({
      brandId: 'aurora', seatingAt: new Date('2026-06-10T16:00:00Z'), partySize: 2, guestName: 'Greta Garbo',
      guestEmail: 'greta@example.se', guestPhone: '+46701234567', language: 'sv', cancelledAt: null,
    });
    const [mail] = await mailsTo(t, guest.email);
    expect(mail!.subject).toBe('Ditt bord på Restaurant tyge');
    expect(mail!.text).toContain('Datum och tid: onsdag 10 juni kl. 18:00');
    expect(mail!.text).toContain('Adress: Sankt Eriksgatan 48, 112 34 Stockholm');
    expect(mail!.text).toContain('Gäster: 2');
    // The link goes back to the host the guest booked on; only the token's hash is stored.
    expect(mail!.text).toMatch(/Avboka så att bordet går till någon annan:\nhttp:\/\/aurora\.localhost:8080\/booking\/cancel\/[A-Za-z0-9_-]{43}\n/);
    const token = cancelPathIn(mail!.text).split('/').at(-1)!;
    expect(booking!.cancelTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(mail!.html).toContain(`href="http://aurora.localhost:8080/booking/cancel/${token}"`);
    const [ics] = mail!.attachments;
    expect(ics).toMatchObject({ filename: 'bord-på-restaurant-tyge.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
    expect(ics!.content).toContain('METHOD:PUBLISH');
    expect(ics!.content).toContain('DTSTART:20260610T160000Z');
    expect(ics!.content).toContain('DTEND:20260610T180000Z');
    expect(ics!.content).toContain('LOCATION:Restaurant tyge\\, Sankt Eriksgatan 48\\, 112 34 Stockholm');
    expect(ics!.content).toContain('SUMMARY:Bord på Restaurant tyge');
  });

  it("gives the calendar file a UID of its own, not the serial id that repeats on a reseeded or another deployment's database", async () => {
    // A second database, as after a reseed or on another deployment: its first booking has id 1 as well.
    const other = await createTestApp({ now: () => clock });
    try {
      await makeBookingBrands(other);
      await makeRestaurant(other, 'aurora', 'tyge');
      const uidsOf = async (app: TestApp, email: string) => {
        expect((await postForm(app, '/booking/aurora/tyge', { date: '2026-06-11', party: '2', time: '18:00', ...guest, email })).statusCode).toBe(200);
        const mails = await mailsTo(app, email);
        return mails.map((mail) => /^UID:(.+)$/m.exec(mail.attachments[0]!.content)![1]!.trim());
      };
      const [here] = await uidsOf(t, 'uid-here@example.se');
      const [there] = await uidsOf(other, 'uid-there@example.se');
      const [firstThere] = await bookingsOf(other, 'tyge');
      expect(firstThere!.id).toBe(1);
      expect(there).not.toBe('table-booking-1@klubb');
      expect(here).toMatch(/^table-booking-[0-9a-f]{32}@klubb$/);
      expect(there).toMatch(/^table-booking-[0-9a-f]{32}@klubb$/);
      expect(here).not.toBe(there);
      // Stable: the booking's stored row gives the same UID again.
      const booked = (await bookingsOf(t, 'tyge')).find((b) => b.guestEmail === 'uid-here@example.se')!;
      expect(tableBookingUid(booked.cancelTokenHash)).toBe(here);
    } finally {
      await other.close();
    }
  });

  it('books in Norwegian at the other brand, in its zone', async () => {
    const email = 'ola@example.no';
    const response = await book('/booking/borealis/fjord', { date: '2026-06-12', party: '4', time: '21:00', name: 'Ola Nordmann', email, phone: '+47 912 34 567' }, { brand: 'borealis' });
    expect(parseHtml(response.body).querySelector('h1')!.textContent).toBe('Bordet ditt er bestilt');
    const [mail] = await mailsTo(t, email);
    expect(mail!.subject).toBe('Bordet ditt hos Fjordkanten');
    expect(mail!.text).toContain('Dato og tid: fredag 12. juni kl. 21:00');
    expect(mail!.text).toContain('Gjester: 4');
    expect(mail!.text).toMatch(/Avbestill, så går bordet til noen andre:\nhttp:\/\/borealis\.localhost:8080\/booking\/cancel\//);
    expect(mail!.attachments[0]!.content).toContain('DTSTART:20260612T190000Z');
    expect(mail!.attachments[0]!.content).toContain('SUMMARY:Bord hos Fjordkanten');
  });

  it("records booking_made for the brand's analytics, with no guest data, unless the brand turned analytics off", async () => {
    const eventsOf = async (brandId: string) =>
      (await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.brandId, brandId))).filter((e) => e.eventName === 'booking_made');
    const before = (await eventsOf('aurora')).length;
    expect((await book('/booking/aurora/tyge', { date: '2026-06-11', party: '3', time: '18:00', ...guest, email: 'analytics@example.se' })).statusCode).toBe(200);
    const recorded = await eventsOf('aurora');
    expect(recorded).toHaveLength(before + 1);
    const event = recorded.at(-1)!;
    expect(event).toMatchObject({ eventType: 'interaction', path: '/more/restaurant/s/tyge', userId: null, offerId: null, details: { restaurantId: 'tyge', partySize: 3, source: 'booking widget' } });
    expect(event.sessionId).toMatch(new RegExp(sessionIdPattern));
    expect(JSON.stringify(event)).not.toMatch(/analytics@example|Garbo|\+46/);
    // A refused booking records nothing.
    expect((await book('/booking/aurora/tyge', { date: '2026-06-11', party: '99', time: '18:00', ...guest })).statusCode).toBe(400);
    expect(await eventsOf('aurora')).toHaveLength(before + 1);

    const borealisBefore = (await eventsOf('borealis')).length;
    await setSettings(t, 'borealis', { analyticsDisabled: true });
    try {
      const response = await book('/booking/borealis/fjord', { date: '2026-06-12', party: '2', time: '18:00', name: 'Kari Nordmann', email: 'kari@example.no', phone: '+47 912 34 568' }, { brand: 'borealis' });
      expect(response.statusCode).toBe(200);
      expect(await eventsOf('borealis')).toHaveLength(borealisBefore);
    } finally {
      await setSettings(t, 'borealis', { analyticsDisabled: false });
    }
  });

  it("points the cancel link at the brand's own host when the request named another", async () => {
    const email = 'forged@example.se';
    await book('/booking/aurora/tyge?lang=en', { date: '2026-06-11', party: '1', time: '18:00', name: 'F', email, phone: '+46701234567' }, { host: 'evil.example', origin: null });
    const [mail] = await mailsTo(t, email);
    // The brand's configured origin of its first host (a local host: the app's port), never the forged Host.
    expect(mail!.text).toContain('http://aurora.localhost:8080/booking/cancel/');
    expect(mail!.text).not.toContain('evil.example');
  });
});

describe('the cancel link', () => {
  const bookSmall = async (email: string, party: string, time = '17:00') => {
    const response = await book('/booking/aurora/small?lang=en', { date: '2026-06-13', party, time, name: 'Guest', email, phone: '+46701234567' });
    return { response, mails: await mailsTo(t, email) };
  };

  it('shows the booking on GET without cancelling; POST cancels once, frees the covers, and says so the second time', async () => {
    const { mails } = await bookSmall('four@example.se', '4');
    const full = await bookSmall('late@example.se', '1');
    expect(full.response.statusCode).toBe(409);
    expect(textsOf(parseHtml(full.response.body), '.error-summary a')).toEqual(['There is no longer room for your party at 17:00. Nothing was booked; choose another time.']);
    expect(full.mails).toEqual([]);

    const path = cancelPathIn(mails[0]!.text);
    for (let i = 0; i < 2; i++) {
      const page = await getPage(t, path);
      expect(page.statusCode).toBe(200);
      const doc = parseHtml(page.body);
      expect(doc.documentElement.lang).toBe('en');
      expect(textsOf(doc, '.summary dd')).toEqual(['Restaurant small', 'Sankt Eriksgatan 48, 112 34 Stockholm', 'Saturday, 13 June at 17:00', '4 guests']);
      expect(doc.querySelector(`form[method=post][action="${path}"] button`)!.textContent).toBe('Cancel the booking');
    }
    expect((await bookingsOf(t, 'small'))[0]!.cancelledAt).toBeNull();

    const cancel = () => t.app.inject({ method: 'POST', url: path, headers: { host: 'aurora.localhost:8080', origin: 'http://aurora.localhost:8080' } });
    const first = parseHtml((await cancel()).body);
    expect(first.querySelector('h1')!.textContent).toBe('Your booking is cancelled');
    expect((await bookingsOf(t, 'small'))[0]!.cancelledAt).toEqual(new Date(clock));
    const second = parseHtml((await cancel()).body);
    expect(textsOf(second, '.notice')).toEqual(['This booking was already cancelled.']);
    expect(second.querySelector('form')).toBeNull();

    // The four covers are free again.
    expect((await bookSmall('again@example.se', '4')).response.statusCode).toBe(200);
  });

  it('answers the not-found page for an unknown or malformed token', async () => {
    for (const path of [`/booking/cancel/${'A'.repeat(43)}`, '/booking/cancel/short', '/booking/cancel/%00']) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({ method, url: path, headers: { host: 'aurora.localhost:8080' } });
        expect(response.statusCode, `${method} ${path}`).toBe(404);
        expect(parseHtml(response.body).querySelector('h1')!.textContent).toBe('Page not found');
      }
    }
  });

  it('no longer cancels once the seating has begun', async () => {
    const { mails } = await bookSmall('past@example.se', '1', '19:30');
    const path = cancelPathIn(mails[0]!.text);
    clock = Date.parse('2026-06-13T17:30:00Z');
    const response = await t.app.inject({ method: 'POST', url: path, headers: { host: 'aurora.localhost:8080' } });
    expect(textsOf(parseHtml(response.body), '.notice')).toEqual(['The time of this booking has passed, so it can no longer be cancelled here.']);
    expect((await bookingsOf(t, 'small')).find((b) => b.guestEmail === 'past@example.se')!.cancelledAt).toBeNull();
  });

  it('never writes the token to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
    const logged = await createTestApp({ database: t.database, now: () => clock, logger: { level: 'info', stream } });
    try {
      const email = 'logged@example.se';
      await postForm(logged, '/booking/aurora/tyge?lang=en', { date: '2026-06-11', party: '1', time: '18:00', name: 'L', email, phone: '+46701234567' });
      const path = cancelPathIn((await mailsTo(t, email))[0]!.text);
      await logged.app.inject({ method: 'GET', url: path });
      await logged.app.inject({ method: 'POST', url: path });
      const token = path.split('/').at(-1)!;
      expect(lines.join('')).toContain('/booking/cancel/[redacted]');
      expect(lines.join('')).not.toContain(token);
    } finally {
      await logged.close();
    }
  });
});

describe('who may see the widget', () => {
  it("lets only the brand's own hosts frame it", async () => {
    const aurora = await getPage(t, '/booking/aurora/tyge');
    expect(aurora.headers['x-frame-options']).toBeUndefined();
    expect(aurora.headers['content-security-policy']).toContain(
      'frame-ancestors http://aurora.localhost:* https://aurora.localhost:* http://localhost:* https://localhost:*',
    );
    expect(aurora.headers['content-security-policy']).not.toContain('borealis');
    expect(/frame-ancestors [^;]*/.exec(String(aurora.headers['content-security-policy']))![0]).not.toContain("'self'");
    const borealis = await getPage(t, '/booking/borealis/fjord', 'borealis');
    expect(borealis.headers['content-security-policy']).toMatch(/frame-ancestors http:\/\/borealis\.localhost:\* https:\/\/borealis\.localhost:\*$/);
    // A browser sends its origin with the form only under a referrer policy that allows it to
    // the same origin (no-referrer makes it "null", which the form refuses).
    expect(aurora.headers['referrer-policy']).toBe('same-origin');
    expect(parseHtml(aurora.body).querySelector('meta[name=referrer]')).toBeNull();
    // The cancel page is opened from mail, never framed.
    const cancelPage = await getPage(t, `/booking/cancel/${'A'.repeat(43)}`);
    expect(cancelPage.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it("lets the app frame another provider's widget named in its frame sources", async () => {
    const app = (await getPage(t, '/v1/health')).headers['content-security-policy'];
    expect(app).not.toContain('https://book.provider.example');
    const configured = await createTestApp({ database: t.database, frameSources: ['https://book.provider.example'] });
    try {
      const policy = String((await configured.app.inject({ method: 'GET', url: '/v1/health' })).headers['content-security-policy']);
      expect(/frame-src [^;]*/.exec(policy)![0]).toContain('https://book.provider.example');
    } finally {
      await configured.close();
    }
  });

  it('answers the not-found page for an unknown, hidden, other-brand or non-booking restaurant, and a brand without the guide', async () => {
    const paths = [
      '/booking/nobody/tyge',
      '/booking/aurora/nothing',
      '/booking/aurora/hidden',
      '/booking/aurora/walk-in',
      '/booking/borealis/tyge',
      '/booking/aurora/fjord',
      '/booking/aurora/tyge/more',
      '/booking/',
    ];
    for (const path of paths) {
      for (const method of ['GET', 'POST'] as const) {
        const response = method === 'GET' ? await getPage(t, `${path}?lang=en`) : await book(`${path}?lang=en`, { date: '2026-06-10', party: '2', time: '18:00', ...guest });
        expect(response.statusCode, `${method} ${path}`).toBe(404);
        expect(response.headers['content-type']).toContain('text/html');
        expect(parseHtml(response.body).querySelector('h1')!.textContent).toBe('Page not found');
      }
    }
    await setSettings(t, 'borealis', { restaurant: false });
    try {
      expect((await getPage(t, '/booking/borealis/fjord', 'borealis')).statusCode).toBe(404);
    } finally {
      await setSettings(t, 'borealis', { restaurant: true });
    }
    expect(await bookingsOf(t, 'hidden')).toEqual([]);
  });

  it('never answers 5xx to garbage in the path, the query or the form', async () => {
    const before = (await bookingsOf(t, 'tyge')).length;
    const hostile = ['', ' ', 'x'.repeat(5000), '%00', '\u0000', '../../etc/passwd', "' OR '1'='1", '<script>', '😀', '%ZZ', '-1', '1e9', '2026-02-30', '9999-12-31', '07:61'];
    const encode = (value: string) => {
      try {
        return encodeURIComponent(value);
      } catch {
        return value;
      }
    };
    for (const value of hostile) {
      const v = encode(value);
      for (const url of [`/booking/${v}/tyge`, `/booking/aurora/${v}`, `/booking/aurora/tyge?lang=${v}&date=${v}&party=${v}`, `/booking/aurora/tyge?date=${v}&date=2026-06-11&party=2&party=3`, `/booking/cancel/${v}`]) {
        const response = await getPage(t, url);
        expect(response.statusCode, url).toBeLessThan(500);
      }
      const fields = { date: value, party: value, time: value, name: value, email: value, phone: value };
      expect((await book('/booking/aurora/tyge', fields)).statusCode, value).toBeLessThan(500);
      expect((await book('/booking/aurora/tyge', { ...fields, date: '2026-06-11', party: '2', time: '18:00' })).statusCode, value).toBeLessThan(500);
    }
    const raw = (payload: string, type: string) =>
      t.app.inject({ method: 'POST', url: '/booking/aurora/tyge', headers: { host: 'aurora.localhost:8080', 'content-type': type }, payload });
    for (const [payload, type] of [
      ['{"date":["2026-06-11"],"party":{"$gt":1}}', 'application/json'],
      ['{', 'application/json'],
      ['date=2026-06-11&date=2026-06-12&party=2&time=18:00&name=a&name=b', 'application/x-www-form-urlencoded'],
      ['%%%', 'application/x-www-form-urlencoded'],
      ['x'.repeat(20_000), 'application/x-www-form-urlencoded'],
      ['plain', 'text/plain'],
    ] as const) {
      expect((await raw(payload, type)).statusCode, payload.slice(0, 40)).toBeLessThan(500);
    }
    expect(await bookingsOf(t, 'tyge')).toHaveLength(before);
  });
});
