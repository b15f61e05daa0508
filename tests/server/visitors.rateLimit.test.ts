import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisitorLimiter } from '../../server/plugins/visitorContext.ts';
import { freshAddress, setSettings } from './accounts.helpers.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember, makeOffer } from './support/factories.ts';

/** Signed-out reads per client address: 5 a minute here, refilled one every 12 s, counted in the instance's memory. */
const clock = { ms: Date.now(), now: () => clock.ms, advance: (ms: number) => void (clock.ms += ms) };

let t: TestApp;
let memberHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, visitorRateLimit: { perMinute: 5 } });
  const aurora = await makeBrand(t.db, 'aurora', ['localhost']);
  await setSettings(t, 'aurora', { visitorBrowsing: true });
  await makeOffer(t.db, 'aurora', 'open', { requiresSignIn: false });
  await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test' });
  memberHeaders = { 'x-app-url': 'http://localhost:8080', authorization: `Bearer ${await t.idTokenFor('aurora-tenant', 'member@aurora.test')}` };
}, 60_000);
afterAll(() => t.close());

const read = (address: string, headers: Record<string, string> = { 'x-app-url': 'http://localhost:8080' }, url = '/v1/get_list/offer') =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: address });

describe('the visitor rate limit', () => {
  it('refuses the request over the limit with 429, Retry-After and the error shape, until the bucket refills', async () => {
    const address = freshAddress();
    const urls = ['/v1/get_list/offer', '/v1/get/billboard', '/v1/get_list/brand/category', '/v1/get/offer?id=open', '/v1/get_list/offer?type=live'];
    // Every public route draws on one allowance; the billboard's 404 counts as a read too.
    for (const url of urls) expect((await read(address, undefined, url)).statusCode, url).toBeLessThan(429);
    const refused = await read(address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 429, code: 'too_many_requests', message: 'Too many requests from this address; try again in 12 seconds' });
    expect(refused.headers['retry-after']).toBe('12');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await read(freshAddress())).statusCode).toBe(200);
    clock.advance(11_000);
    expect((await read(address)).statusCode).toBe(429);
    clock.advance(1_000);
    expect((await read(address)).statusCode).toBe(200);
    expect((await read(address)).statusCode).toBe(429);
  });

  it('does not count or refuse members, from the same address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 12; i++) expect((await read(address, memberHeaders)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await read(address)).statusCode).toBe(200);
    expect((await read(address)).statusCode).toBe(429);
    expect((await read(address, memberHeaders)).statusCode).toBe(200);
  });

  it('counts an IPv6 client for its /64: five addresses of one /64 share one allowance, another /64 has its own', async () => {
    const prefix = `2001:db8:${(clock.ms % 0xffff).toString(16)}:7`;
    for (let i = 1; i <= 5; i++) expect((await read(`${prefix}::${i}`)).statusCode).toBe(200);
    expect((await read(`${prefix}::6`)).statusCode).toBe(429);
    expect((await read(`${prefix}:ffff:ffff:ffff:ffff`)).statusCode).toBe(429);
    expect((await read(`2001:db8:${(clock.ms % 0xffff).toString(16)}:8::1`)).statusCode).toBe(200);
  });

  it('lets no more than the limit through when the requests come all at once', async () => {
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 30 }, () => read(address)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });

  it('counts before the brand is looked up, so made-up app URLs do not get around it', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) expect((await read(address, { 'x-app-url': `http://made-up-${i}.example` })).statusCode).toBe(401);
    expect((await read(address, { 'x-app-url': 'http://made-up-x.example' })).statusCode).toBe(429);
    expect((await read(address)).statusCode).toBe(429);
  });
});

describe('the per-instance buckets', () => {
  it('keep at most maxAddresses, forgetting the least recently seen first', () => {
    const limiter = createVisitorLimiter({ perMinute: 1 }, () => 0, 2);
    limiter.take('a');
    limiter.take('b');
    expect(() => limiter.take('a')).toThrow(/Too many requests/);
    // A third address drops the least recently seen bucket, b's; a's refusal just now kept it.
    limiter.take('c');
    expect(() => limiter.take('a')).toThrow(/Too many requests/);
    limiter.take('b');
  });
});
