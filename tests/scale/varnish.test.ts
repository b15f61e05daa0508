import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSettings } from '../server/accounts.helpers.ts';
import { signedInMembers, type SignedInMember } from '../server/promo.helpers.ts';
import { makeBillboard, makeBrand, makeOffer } from '../server/support/factories.ts';
import { startCluster, type Cluster } from './support/cluster.ts';
import { startVarnish, type Varnish } from './support/varnish.ts';

/*
 * The three instances behind PgBouncer, with the shipped Varnish (deploy/varnish/default.vcl) in
 * front and TRUST_PROXY naming it (issue 40): visitor answers are kept and served again, each
 * client with its own request id; no member answer is kept; no request can put one brand's offers
 * into another's kept answer (the X-Forwarded-Host attack), and X-App-Url picks a brand only as
 * Vary says.
 */

let c: Cluster;
let varnish: Varnish;
let members: SignedInMember[];

beforeAll(async () => {
  c = await startCluster(3, { TRUST_PROXY: '127.0.0.1', VISITOR_RATE_LIMIT: '100000' });
  const aurora = await makeBrand(c.t.db, 'aurora', ['aurora.localhost']);
  await makeBrand(c.t.db, 'borealis', ['borealis.localhost']);
  await setSettings(c.t, 'aurora', { visitorBrowsing: true });
  await setSettings(c.t, 'borealis', { visitorBrowsing: true });
  await makeOffer(c.t.db, 'aurora', 'aurora-public', { requiresSignIn: false, title: 'Aurora only' });
  await makeOffer(c.t.db, 'aurora', 'aurora-members', { requiresSignIn: true, title: 'Aurora members only' });
  await makeOffer(c.t.db, 'borealis', 'borealis-public', { requiresSignIn: false, title: 'Borealis only' });
  await makeBillboard(c.t.db, 'aurora', 'aurora-public');
  await makeBillboard(c.t.db, 'borealis', 'borealis-public');
  members = await signedInMembers(c.t, aurora, 'http://aurora.localhost:8080', 2, 'cached');
  varnish = await startVarnish(c.ports);
}, 180_000);
afterAll(async () => {
  await varnish?.stop();
  await c?.stop();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET through Varnish with exactly these headers (Host among them, which fetch would not send). */
const get = (path: string, headers: Record<string, string>): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: varnish.port, path, method: 'GET', headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

const aurora = { host: 'aurora.localhost:8080', 'accept-language': 'en' };
const memberHeaders = (m: SignedInMember) => ({ ...aurora, 'x-app-url': 'http://aurora.localhost:8080', authorization: m.headers.authorization! });

describe('Varnish in front of three instances', () => {
  it('keeps visitor answers and serves them again, each client with its own request id', async () => {
    const first = await get('/v1/get/billboard', { ...aurora, 'x-request-id': 'visitor-one-0001' });
    expect([first.status, first.headers['x-cache'], first.headers['x-request-id']]).toEqual([200, 'miss', 'visitor-one-0001']);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(first.body).toContain('Aurora only');
    const second = await get('/v1/get/billboard', { ...aurora, 'x-request-id': 'visitor-two-0002' });
    expect([second.status, second.headers['x-cache'], second.headers['x-request-id'], second.body]).toEqual([200, 'hit', 'visitor-two-0002', first.body]);
    const third = await get('/v1/get/billboard', aurora);
    expect(third.headers['x-cache']).toBe('hit');
    expect(third.headers['x-request-id']).toMatch(/^varnish-\d+$/);

    const brand = `/v1/get/brand?appUrl=${encodeURIComponent('http://aurora.localhost:8080')}`;
    const brandFirst = await get(brand, { ...aurora, 'x-request-id': 'brand-one-0001' });
    const brandAgain = await get(brand, { ...aurora, 'x-request-id': 'brand-two-0002' });
    expect([brandFirst.status, brandFirst.headers['x-cache'], brandAgain.headers['x-cache'], brandAgain.headers['x-request-id']]).toEqual([200, 'miss', 'hit', 'brand-two-0002']);
    for (const path of ['/v1/get/brand/content?appUrl=http%3A%2F%2Faurora.localhost%3A8080', '/v1/get_list/brand/category']) {
      await get(path, aurora);
      expect([path, (await get(path, aurora)).headers['x-cache']]).toEqual([path, 'hit']);
    }
  });

  it('never keeps a member’s answer: each member gets their own, a visitor never gets one', async () => {
    const [a, b] = [members[0]!, members[1]!];
    // A member reads a feed page first: nothing of it may be kept for anyone.
    const memberFeed = await get('/v1/get_list/offer?offset=0', memberHeaders(a));
    expect(memberFeed.status).toBe(200);
    expect(memberFeed.body).toContain('Aurora members only');
    expect(memberFeed.headers['cache-control']).toBe('no-store');
    const visitorFeed = await get('/v1/get_list/offer?offset=0', aurora);
    expect([visitorFeed.status, visitorFeed.headers['x-cache']]).toEqual([200, 'miss']);
    expect(visitorFeed.body).toContain('Aurora only');
    expect(visitorFeed.body).not.toContain('Aurora members only');

    const roleOf = (m: SignedInMember) => get('/v1/get/brand/role', memberHeaders(m));
    const [a1, a2, b1] = [await roleOf(a), await roleOf(a), await roleOf(b)];
    expect([a1.status, a2.status, b1.status]).toEqual([200, 200, 200]);
    expect([a1.headers['x-cache'], a2.headers['x-cache'], b1.headers['x-cache']]).toEqual(['miss', 'miss', 'miss']);
    expect(JSON.parse(a1.body).lastName).not.toBe(JSON.parse(b1.body).lastName);
    expect(a2.body).toBe(a1.body);
    const noToken = await get('/v1/get/brand/role', aurora);
    expect(noToken.status).toBe(401);
  });

  it('never lets one brand’s offers into another’s kept answer (X-Forwarded-Host), and keys X-App-Url as Vary says', async () => {
    // A fresh variant (Norwegian), first asked by the attacker.
    const nb = { ...aurora, 'accept-language': 'nb' };
    const attack = await get('/v1/get/billboard', { ...nb, 'x-forwarded-host': 'borealis.localhost' });
    expect([attack.status, attack.headers['x-cache']]).toEqual([200, 'miss']);
    expect(attack.body).toContain('Aurora only');
    const after = await get('/v1/get/billboard', nb);
    expect([after.headers['x-cache'], after.body]).toEqual(['hit', attack.body]);
    expect(after.body).not.toContain('Borealis only');

    const viaAppUrl = await get('/v1/get/billboard', { ...nb, 'x-app-url': 'http://borealis.localhost:8080/' });
    expect(String(viaAppUrl.headers.vary)).toMatch(/X-App-Url/);
    expect([viaAppUrl.headers['x-cache'], viaAppUrl.body.includes('Borealis only')]).toEqual(['miss', true]);
    const auroraAgain = await get('/v1/get/billboard', nb);
    expect([auroraAgain.headers['x-cache'], auroraAgain.body.includes('Aurora only')]).toEqual(['hit', true]);
    const borealis = await get('/v1/get/billboard', { host: 'borealis.localhost:8080', 'accept-language': 'nb' });
    expect([borealis.headers['x-cache'], borealis.body.includes('Borealis only')]).toEqual(['miss', true]);
  });

  it('tells the instances over what the client came: a made-up X-Forwarded-Proto does not reach them', async () => {
    // Varnish says http (it has no TLS here), so the instance, trusting it, sends no HSTS (it would over https).
    const forged = await get('/v1/get/billboard', { ...aurora, 'accept-language': 'sv', 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    expect(forged.status).toBe(200);
  });
});
