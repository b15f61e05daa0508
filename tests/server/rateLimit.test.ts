import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitEvents } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { appUrl, auroraSignUp, call, freshAddress, makeAccountBrands } from './accounts.helpers.ts';

/** The account-creation and reset-mail limits, counted in the database that all instances share. */
const windowMs = 15 * 60_000;
const clock = { ms: Date.now(), now: () => clock.ms, advance: (ms: number) => void (clock.ms += ms) };
const limits = { createPerWindow: 3, resetPerWindow: 4, windowMs };

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp({ now: clock.now, accountRateLimits: limits });
  second = await createTestApp({ now: clock.now, accountRateLimits: limits, database: first.database });
  await makeAccountBrands(first);
}, 60_000);
afterAll(async () => {
  await second.close();
  await first.close();
});

const create = (t: TestApp, address: string) => call(t, { method: 'POST', url: '/v1/create/user', body: auroraSignUp({ termsAccepted: false }), address });
const reset = (t: TestApp, address: string) =>
  call(t, { method: 'POST', url: '/v1/password_reset/user', body: { email: 'ghost@example.com', appUrl: appUrl.aurora }, address });
const eventsOf = async (bucket: string, key: string) =>
  (await first.db.select().from(rateLimitEvents).where(and(eq(rateLimitEvents.bucket, bucket), eq(rateLimitEvents.key, key)))).length;

describe('account rate limits across instances', () => {
  it('share one allowance per address between two instances on the same database', async () => {
    const address = freshAddress();
    expect((await create(first, address)).status).toBe(400);
    expect((await create(second, address)).status).toBe(400);
    expect((await create(first, address)).status).toBe(400);
    for (const t of [second, first]) {
      const refused = await create(t, address);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ status: 429, code: 'auth/too-many-attempts', message: expect.any(String) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Refused requests are not counted, other addresses and the other bucket have their own allowance.
    expect(await eventsOf('create-user', address)).toBe(3);
    expect((await create(second, freshAddress())).status).toBe(400);
    expect((await reset(second, address)).status).toBe(404);
  });

  it('count an IPv6 client for its /64: many addresses of one /64 share one allowance, other /64s have their own (issue 40)', async () => {
    const answers = [];
    for (let i = 1; i <= 5; i++) answers.push((await create(i % 2 ? first : second, `2001:db8:77:1:${i}::${i}`)).status);
    expect(answers).toEqual([400, 400, 400, 429, 429]);
    expect(await eventsOf('create-user', '2001:db8:77:1::/64')).toBe(3);
    expect((await create(first, '2001:db8:77:2::1')).status).toBe(400);
    expect((await create(second, '2001:db8:78:1::1')).status).toBe(400);
    // An IPv4-mapped address counts as its IPv4 one.
    const v4 = freshAddress();
    for (let i = 0; i < 3; i++) expect((await create(first, i % 2 ? `::ffff:${v4}` : v4)).status).toBe(400);
    expect((await create(second, `::ffff:${v4}`)).status).toBe(429);
  });

  it('let requests through again as the window slides past them, and prune what left it', async () => {
    const address = freshAddress();
    for (let i = 0; i < 4; i++) {
      expect((await reset(i % 2 ? first : second, address)).status).toBe(404);
      clock.advance(60_000);
    }
    expect((await reset(first, address)).status).toBe(429);
    // The first request leaves the window a minute before the others.
    clock.advance(windowMs - 4 * 60_000 + 1);
    expect((await reset(second, address)).status).toBe(404);
    expect((await reset(first, address)).status).toBe(429);
    clock.advance(60_000);
    expect((await reset(first, address)).status).toBe(404);
    expect(await eventsOf('reset-mail', address)).toBe(4);
    clock.advance(windowMs);
    expect((await reset(second, freshAddress())).status).toBe(404);
    expect(await eventsOf('reset-mail', address)).toBe(0);
  });

  it('let exactly the allowed number through when requests arrive together at both instances', async () => {
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => create(i % 2 ? first : second, address)));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(limits.createPerWindow);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10 - limits.createPerWindow);
    expect(await eventsOf('create-user', address)).toBe(limits.createPerWindow);
  });

  it('count the connecting address, not an X-Forwarded-For the client made up (no trusted proxy)', async () => {
    const address = freshAddress();
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const response = await first.app.inject({
        method: 'POST',
        url: '/v1/create/user',
        remoteAddress: address,
        headers: { 'x-app-url': appUrl.aurora, 'content-type': 'application/json', 'x-forwarded-for': `10.99.0.${i}` },
        payload: JSON.stringify(auroraSignUp({ termsAccepted: false })),
      });
      answers.push(response.statusCode);
    }
    expect(answers).toEqual([400, 400, 400, 429]);
  });
});
