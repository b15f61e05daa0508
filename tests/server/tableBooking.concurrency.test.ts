import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableBookings } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { bookingSettings, bookingsOf, makeBookingBrands, makeRestaurant, mailsTo, parseHtml, postForm, textsOf } from './tableBooking.helpers.ts';

/*
 * A seating's covers under parallel bookings, on PGlite or (with TEST_DATABASE_URL) PostgreSQL,
 * where the requests really run at once: 100 guests from 100 addresses ask for the last 4
 * covers. And the per-address limit of bookings (lowered to 3 here).
 */

const clock = Date.parse('2026-06-10T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, tableBookingLimits: { bookingsPerAddress: 3, windowMs: 15 * 60_000 } });
  await makeBookingBrands(t);
  await makeRestaurant(t, 'aurora', 'last', { booking: bookingSettings({ coversPerSeating: 20 }) });
  await makeRestaurant(t, 'aurora', 'roomy', { booking: bookingSettings({ coversPerSeating: 500 }) });
  await makeRestaurant(t, 'aurora', 'tiny', { booking: bookingSettings({ coversPerSeating: 2 }) });
}, 60_000);
afterAll(() => t?.close());

const fields = (i: number) => ({ date: '2026-06-11', party: '1', time: '18:00', name: `Guest ${i}`, email: `guest${i}@example.se`, phone: '+46701234567' });

describe('the last covers of a seating', () => {
  it('go to exactly as many guests as there are covers; the rest are told it is full and nothing is booked for them', async () => {
    // 16 of Thursday 18:00's 20 covers are taken.
    const seatingAt = new Date('2026-06-11T16:00:00Z');
    const taken = { brandId: 'aurora', restaurantId: 'last', seatingAt, partySize: 8, guestName: 'Early', guestPhone: '+46700000000', language: 'sv' };
    await t.db.insert(tableBookings).values([
      { ...taken, guestEmail: 'early1@example.se', cancelTokenHash: 'early-1' },
      { ...taken, guestEmail: 'early2@example.se', cancelTokenHash: 'early-2' },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => postForm(t, '/booking/aurora/last?lang=en', fields(i), { address: `10.77.${Math.floor(i / 200)}.${(i % 200) + 1}` })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 409)).toHaveLength(96);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(textsOf(parseHtml(answer.body), '.error-summary a')).toEqual(['There is no longer room for your party at 18:00. Nothing was booked; choose another time.']);
    }
    const booked = (await bookingsOf(t, 'last')).filter((b) => b.seatingAt.getTime() === seatingAt.getTime() && b.cancelledAt === null);
    expect(booked.reduce((sum, b) => sum + b.partySize, 0)).toBe(20);
    // A confirmation for each of the four, none for the others.
    const winners = answers.flatMap((a, i) => (a.statusCode === 200 ? [i] : []));
    for (const i of winners) expect(await mailsTo(t, `guest${i}@example.se`)).toHaveLength(1);
    const loser = answers.findIndex((a) => a.statusCode === 409);
    expect(await mailsTo(t, `guest${loser}@example.se`)).toEqual([]);
  }, 60_000);
});

describe('bookings per address', () => {
  it('allows three from one address in the window, then says when to try again and books nothing', async () => {
    const address = '10.78.0.1';
    const bookRoomy = (i: number) => postForm(t, '/booking/aurora/roomy?lang=en', { ...fields(1000 + i), date: '2026-06-12', time: '21:00' }, { address });
    for (let i = 0; i < 3; i++) expect((await bookRoomy(i)).statusCode).toBe(200);
    const refused = await bookRoomy(3);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(textsOf(parseHtml(refused.body), '.error-summary li')).toEqual(['Too many bookings were made from this network. Try again in 15 minutes.']);
    expect(await bookingsOf(t, 'roomy')).toHaveLength(3);
    // Another address is not held back.
    expect((await postForm(t, '/booking/aurora/roomy?lang=en', { ...fields(2000), date: '2026-06-12', time: '21:00' }, { address: '10.78.0.2' })).statusCode).toBe(200);
  });
});

describe('bookings per guest e-mail', () => {
  it('allows five a day to one address however written, from any network, then refuses and books nothing', async () => {
    const bookAs = (email: string, i: number) =>
      postForm(t, '/booking/aurora/roomy?lang=en', { ...fields(3000 + i), email, date: '2026-06-13', time: '17:00' }, { address: `10.79.0.${i + 1}` });
    for (let i = 0; i < 5; i++) expect((await bookAs(i % 2 ? 'Victim@Example.se' : 'victim@example.se', i)).statusCode).toBe(200);
    const refused = await bookAs('VICTIM@example.se', 5);
    expect(refused.statusCode).toBe(429);
    expect(textsOf(parseHtml(refused.body), '.error-summary li')).toEqual([
      'This e-mail address has made as many bookings as it may today. Try again tomorrow, or call the restaurant.',
    ]);
    const mails = await Promise.all(['victim@example.se', 'Victim@Example.se', 'VICTIM@example.se'].map((to) => mailsTo(t, to)));
    expect(mails.flat()).toHaveLength(5);
  });
});

describe('a booking refused as full', () => {
  it('does not count against the address or the guest: they can still book elsewhere', async () => {
    const address = '10.80.0.1';
    expect((await postForm(t, '/booking/aurora/tiny?lang=en', { ...fields(4000), date: '2026-06-12', party: '2' }, { address: '10.80.0.99' })).statusCode).toBe(200);
    const full = { ...fields(4001), date: '2026-06-12', party: '2' };
    for (let i = 0; i < 4; i++) expect((await postForm(t, '/booking/aurora/tiny?lang=en', full, { address })).statusCode).toBe(409);
    // The address's allowance (3 here) is whole.
    const others = [['2026-06-12', '21:00'], ['2026-06-13', '17:00'], ['2026-06-13', '19:30']];
    for (const [date, time] of others) expect((await postForm(t, '/booking/aurora/tiny?lang=en', { ...full, date: date!, time: time! }, { address })).statusCode).toBe(200);
  });
});
