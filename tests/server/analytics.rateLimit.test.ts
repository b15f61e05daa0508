import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBrand } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { encode, event, sendBeacon, storedEvents } from './analytics.helpers.ts';

/** 5 requests per client address and minute here, refilled one every 12 s, counted in the instance's memory. */
const clock = { ms: Date.parse('2026-11-20T10:00:00Z'), now: () => clock.ms, advance: (ms: number) => void (clock.ms += ms) };

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, analytics: { perMinute: 5 } });
  await makeBrand(t.db, 'aurora', ['aurora.localhost']);
}, 60_000);
afterAll(() => t.close());

describe('the analytics rate limit', () => {
  it('lets no more than the limit through when one address sends all at once, and stores only theirs', async () => {
    const before = (await storedEvents(t)).length;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => sendBeacon(t, encode(event('page_view', { pathName: `/${i}` })), { address: '10.30.0.1' })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toEqual({ status: 429, code: 'too_many_requests', message: 'Too many requests from this address; try again in 12 seconds' });
    expect(refused.headers['retry-after']).toBe('12');
    expect((await storedEvents(t)).length - before).toBe(5);
    // Another address has its own allowance.
    expect((await sendBeacon(t, encode(event('page_view')), { address: '10.30.0.2' })).statusCode).toBe(200);
  });

  it('counts garbage and bodies over the limit too (before the body is read), and allows again as the bucket refills', async () => {
    const address = '10.30.0.3';
    for (let i = 0; i < 4; i++) expect((await sendBeacon(t, 'not base64!', { address })).statusCode).toBe(400);
    expect((await sendBeacon(t, 'A'.repeat(70_000), { address })).statusCode).toBe(413);
    expect((await sendBeacon(t, encode(event('page_view')), { address })).statusCode).toBe(429);
    clock.advance(11_000);
    expect((await sendBeacon(t, encode(event('page_view')), { address })).statusCode).toBe(429);
    clock.advance(1_000);
    expect((await sendBeacon(t, encode(event('page_view')), { address })).statusCode).toBe(200);
    expect((await sendBeacon(t, encode(event('page_view')), { address })).statusCode).toBe(429);
  });
});
