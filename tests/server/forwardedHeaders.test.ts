import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { waitingListEntries } from '../../server/db/schema/index.ts';
import { memberLinkOrigin } from '../../server/mail/mail.ts';
import { adminTokenHeader } from '../../server/plugins/operatorOnly.ts';
import { setSettings } from './accounts.helpers.ts';
import { fillCart, makeConcert, reserveOpen } from './checkout.helpers.ts';
import { signedInMembers, type SignedInMember } from './promo.helpers.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBillboard, makeBrand, makeMember, makeOffer } from './support/factories.ts';

/*
 * Issue 40, item 2, each finding replayed on PGlite (or PostgreSQL with TEST_DATABASE_URL): by
 * default (no TRUST_PROXY) no X-Forwarded-* header counts; with TRUST_PROXY naming a proxy only
 * that proxy's do. `plain` is a server with the configuration's default TRUST_PROXY, `proxied` one on the same database
 * behind a proxy at 10.0.0.5 (TRUST_PROXY=10.0.0.5). Clients are injected from the addresses named.
 */

const proxy = '10.0.0.5';
const stranger = '198.51.100.7';
/** Any client on the server's own machine (or a proxy there that forwards strangers). */
const local = '127.0.0.1';
const operatorToken = 'Vq3s9JkLx2Rm7TnB4wZc8YhD1pFg6NaE5uKoQi0Wt';
const auroraUrl = 'http://aurora.localhost:8080';
let plain: TestApp;
let proxied: TestApp;
let members: SignedInMember[];

beforeAll(async () => {
  plain = await createTestApp({ operatorToken, devTools: true, trustProxy: readConfig({}).trustProxy, visitorRateLimit: { perMinute: 100_000 } });
  proxied = await createTestApp({ database: plain.database, operatorToken, devTools: true, trustProxy: proxy, visitorRateLimit: { perMinute: 100_000 } });
  const aurora = await makeBrand(plain.db, 'aurora', ['aurora.localhost', 'localhost']);
  await makeBrand(plain.db, 'borealis', ['borealis.localhost']);
  await setSettings(plain, 'aurora', { visitorBrowsing: true });
  await setSettings(plain, 'borealis', { visitorBrowsing: true });
  await makeOffer(plain.db, 'aurora', 'aurora-public', { requiresSignIn: false, title: 'Aurora only' });
  await makeOffer(plain.db, 'borealis', 'borealis-public', { requiresSignIn: false, title: 'Borealis only' });
  await makeBillboard(plain.db, 'aurora', 'aurora-public');
  await makeBillboard(plain.db, 'borealis', 'borealis-public');
  await makeMember(plain.db, plain.identity, aurora, { email: 'member@aurora.test' });
  // Three sold-out evenings (one each for the default server, a stranger at the proxied one, and the proxy's clients).
  await makeConcert(plain.db, 'aurora', [['direct', 1], ['around', 1], ['through', 1]]);
  members = await signedInMembers(plain, aurora, auroraUrl, 4, 'fwd');
  await fillCart(plain.db, 'aurora', members[3]!.uid, ['direct', 'around', 'through'].map((itemVariantId) => ({ itemVariantId, offerId: 'concert', quantity: 1 })));
  await reserveOpen(plain.db, 'aurora', members[3]!.uid, Date.now());
}, 120_000);
afterAll(async () => {
  await proxied?.close();
  await plain?.close();
});

describe('the waiting list counts places per client address', () => {
  const join = (t: TestApp, m: SignedInMember, itemVariantId: string, from: string, forwardedFor: string) =>
    t.app.inject({ method: 'POST', url: '/v1/join/waiting_list', remoteAddress: from, headers: { ...m.headers, 'x-forwarded-for': forwardedFor }, payload: { itemVariantId } });

  it('by default: a made-up X-Forwarded-For per request gets no third place (2 per address)', async () => {
    const answers = [];
    for (const [i, m] of members.slice(0, 3).entries()) answers.push(await join(plain, m, 'direct', local, `203.0.113.${i + 1}`));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 409]);
    expect(answers[2]!.json()).toMatchObject({ code: 'waiting_list/address_limit' });
    const stored = await plain.db.select().from(waitingListEntries).where(eq(waitingListEntries.itemVariantId, 'direct'));
    expect(stored.map((e) => e.clientAddress)).toEqual([local, local]);
  });

  it('with TRUST_PROXY: only the named proxy says whose a request is', async () => {
    // A client reaching the instance around the proxy is counted by its own address.
    const around = [];
    for (const [i, m] of members.slice(0, 3).entries()) around.push((await join(proxied, m, 'around', stranger, `203.0.113.${i + 1}`)).statusCode);
    expect(around).toEqual([200, 200, 409]);
    // Through the proxy each client is its own address.
    const through = [];
    for (const [i, m] of members.slice(0, 3).entries()) through.push((await join(proxied, m, 'through', proxy, `203.0.113.${i + 1}`)).statusCode);
    expect(through).toEqual([200, 200, 200]);
  });
});

describe('mail links go to the brand’s configured origin only', () => {
  const latestMailTo = async (to: string) =>
    (await plain.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1))[0];
  const appReset = (t: TestApp, appUrl: string, headers: Record<string, string>, from = stranger) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/password_reset/user',
      remoteAddress: from,
      headers: { 'content-type': 'application/json', 'x-app-url': auroraUrl, ...headers },
      payload: JSON.stringify({ email: 'member@aurora.test', appUrl }),
    });
  const toolkitReset = (t: TestApp, extra: Record<string, string>, headers: Record<string, string>, from = stranger) =>
    t.app.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=test',
      remoteAddress: from,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ requestType: 'PASSWORD_RESET', email: 'member@aurora.test', tenantId: 'aurora-tenant', ...extra }),
    });
  const elsewhere = { host: 'aurora.localhost:9999', 'x-forwarded-host': 'aurora.localhost:9999' };

  it('refuses a reset page on another port, whatever Host or X-Forwarded-Host say, with or without TRUST_PROXY', async () => {
    for (const [t, from] of [[plain, local], [proxied, proxy]] as const) {
      const response = await appReset(t, 'http://aurora.localhost:9999/forgotpassword', elsewhere, from);
      expect(response.json()).toMatchObject({ status: 400, code: 'brand_mismatch' });
      const toolkit = await toolkitReset(t, {}, { ...elsewhere, origin: 'http://aurora.localhost:9999' }, from);
      expect(toolkit.json().error.message).toMatch(/^UNAUTHORIZED_DOMAIN/);
    }
  });

  it('links the brand’s own page when Host and X-Forwarded-Host name another port', async () => {
    for (const [t, from] of [[plain, local], [proxied, proxy]] as const) {
      expect((await appReset(t, `${auroraUrl}/forgotpassword`, elsewhere, from)).statusCode).toBe(200);
      const mail = (await latestMailTo('member@aurora.test'))!;
      expect(mail.text).toMatch(/http:\/\/aurora\.localhost:8080\/password_reset\/[A-Za-z0-9_-]{43}/);
      expect(mail.text).not.toContain('9999');
    }
  });

  it('never follows a continueUrl outside the brand’s origins; without one the link goes to the brand’s first origin', async () => {
    for (const continueUrl of ['http://aurora.localhost:9999/', 'https://evil.example/', 'http://borealis.localhost:8080/', 'https://aurora.localhost/']) {
      const response = await toolkitReset(plain, { continueUrl }, elsewhere);
      expect([continueUrl, response.json().error?.message]).toEqual([continueUrl, 'UNAUTHORIZED_DOMAIN : Domain not allowlisted by project']);
    }
    // No continueUrl, no Origin: not the Host's port, the brand's configured origin.
    for (const [t, from] of [[plain, local], [proxied, proxy]] as const) {
      expect((await toolkitReset(t, {}, elsewhere, from)).statusCode).toBe(200);
      const mail = (await latestMailTo('member@aurora.test'))!;
      expect(mail.text).toMatch(/http:\/\/aurora\.localhost:8080\/password_reset\/[A-Za-z0-9_-]{43}/);
    }
  });

  it('gives the waiting list and checkout the app URL’s origin only when it is the brand’s', async () => {
    const stored = await plain.db.select().from(waitingListEntries).where(eq(waitingListEntries.itemVariantId, 'through'));
    expect(new Set(stored.map((e) => e.appOrigin))).toEqual(new Set([auroraUrl]));
    const brand = { appHosts: ['aurora.localhost', 'club.example'] };
    expect(memberLinkOrigin('http://aurora.localhost:9999/checkout', brand, 8080)).toBe('http://aurora.localhost:8080');
    expect(memberLinkOrigin('http://evil.example/', brand, 8080)).toBe('http://aurora.localhost:8080');
    expect(memberLinkOrigin('http://club.example:81/offer/1', brand, 8080)).toBe('https://club.example');
    expect(memberLinkOrigin('http://aurora.localhost:8080/cart', brand, 8080)).toBe('http://aurora.localhost:8080');
  });
});

describe('operator routes need a direct loopback call or a trusted proxy’s https', () => {
  // A bad brand file: a call the guard lets through answers 400, one it refuses the ordinary 404.
  const admin = (t: TestApp, from: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/admin/brand', remoteAddress: from, headers: { [adminTokenHeader]: operatorToken, ...headers }, payload: { action: 'create', brand: {} } });
  const https = { 'x-forwarded-proto': 'https' };
  const forwarded = { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' };

  it('by default: refuses a forged X-Forwarded-Proto from another machine and a forwarded call on loopback', async () => {
    expect((await admin(plain, stranger, https)).statusCode).toBe(404);
    // A proxy on this machine forwarding a stranger (not trusted): not a loopback call.
    expect((await admin(plain, '127.0.0.1', forwarded)).statusCode).toBe(404);
    expect((await admin(plain, '::1', { 'x-forwarded-host': 'aurora.localhost' })).statusCode).toBe(404);
    expect((await admin(plain, '127.0.0.1')).statusCode).toBe(400);
  });

  it('with TRUST_PROXY: the proxy’s https opens them; nobody else’s', async () => {
    expect((await admin(proxied, proxy, forwarded)).statusCode).toBe(400);
    expect((await admin(proxied, proxy, { ...forwarded, 'x-forwarded-proto': 'http' })).statusCode).toBe(404);
    expect((await admin(proxied, stranger, https)).statusCode).toBe(404);
    expect((await admin(proxied, '127.0.0.1', forwarded)).statusCode).toBe(404);
  });

  it('keeps the development pages to this machine', async () => {
    const outbox = (t: TestApp, from: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/dev/outbox.json', remoteAddress: from, headers });
    expect((await outbox(plain, '127.0.0.1')).statusCode).toBe(200);
    expect((await outbox(plain, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await outbox(plain, stranger, { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    expect((await outbox(proxied, proxy, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await outbox(proxied, stranger, { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    // The trusted proxy (the Vite dev server) forwarding the browser beside it.
    expect((await outbox(proxied, proxy, { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
  });
});

describe('the brand of a public answer comes from what a cache keys on', () => {
  const billboard = (t: TestApp, from: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/v1/get/billboard', remoteAddress: from, headers: { 'accept-language': 'en', ...headers } });

  it('answers the Host’s brand whatever X-Forwarded-Host says, with or without TRUST_PROXY', async () => {
    for (const [t, from] of [[plain, local], [proxied, proxy]] as const) {
      const own = await billboard(t, from, { host: 'aurora.localhost:8080' });
      const forged = await billboard(t, from, { host: 'aurora.localhost:8080', 'x-forwarded-host': 'borealis.localhost' });
      expect(own.statusCode).toBe(200);
      expect(own.body).toContain('Aurora only');
      expect(forged.body).toBe(own.body);
      expect(forged.body).not.toContain('Borealis only');
      expect(forged.headers['cache-control']).toBe('public, max-age=10, stale-while-revalidate=60');
    }
  });

  it('lets X-App-Url choose, and then Vary names it', async () => {
    const other = await billboard(plain, stranger, { host: 'aurora.localhost:8080', 'x-app-url': 'http://borealis.localhost:8080/' });
    expect(other.body).toContain('Borealis only');
    expect(String(other.headers.vary).split(/,\s*/)).toEqual(expect.arrayContaining(['X-App-Url', 'Origin', 'Authorization', 'Accept-Language']));
    expect(other.headers['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
  });
});

describe('TRUST_PROXY in the configuration', () => {
  it('trusts no proxy by default and takes addresses and subnets, refusing anything else', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,::1,fd00::/8,loopback' }).trustProxy).toBe('10.0.0.5,192.168.0.0/16,::1,fd00::/8,loopback');
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    for (const bad of ['proxy.example', '10.0.0.0/33', '10.0.0.1,', '300.1.1.1']) expect(() => readConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });
});

describe('cache headers on every public answer (issue 40, item 4)', () => {
  const get = (url: string, headers: Record<string, string> = {}) => plain.app.inject({ method: 'GET', url, remoteAddress: stranger, headers });
  const cacheable = /^public, max-age=\d+, stale-while-revalidate=\d+$/;

  it('lets a cache keep the brand and its content briefly, varying on the language', async () => {
    for (const url of ['/v1/get/brand', '/v1/get/brand/content']) {
      const response = await get(`${url}?appUrl=${encodeURIComponent(auroraUrl)}`, { 'accept-language': 'sv' });
      expect([url, response.statusCode, response.headers['cache-control']]).toEqual([url, 200, 'public, max-age=30, stale-while-revalidate=300']);
      expect(String(response.headers.vary)).toContain('Accept-Language');
    }
    expect((await get('/v1/get/billboard', { host: 'aurora.localhost:8080' })).headers['cache-control']).toMatch(cacheable);
  });

  it('says no-store on errors, health checks, member answers and anything else that set nothing', async () => {
    const answers = {
      unknownBrand: await get('/v1/get/brand?appUrl=http%3A%2F%2Fnobody.localhost'),
      noAppUrl: await get('/v1/get/brand/content'),
      health: await get('/v1/health'),
      noRoute: await get('/v1/nothing/here'),
      member: await get('/v1/get/brand/role', members[0]!.headers),
      memberRead: await get('/v1/get/billboard', members[0]!.headers),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, r]) => [name, r.headers['cache-control']]))).toEqual({
      unknownBrand: 'no-store',
      noAppUrl: 'no-store',
      health: 'no-store',
      noRoute: 'no-store',
      member: 'no-store',
      memberRead: 'no-store',
    });
    expect(answers.member.statusCode).toBe(200);
  });
});
