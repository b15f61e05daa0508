import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, stockHolds } from '../../server/db/schema/index.ts';
import type { BrandSettings } from '../../contract/brand.ts';
import { setSettings } from './accounts.helpers.ts';
import { codeList, givePromo } from './promo.helpers.ts';
import { makeVariant } from './support/commerceFactories.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBillboard, makeBrand, makeCategory, makeMember, makeOffer, makeOffers } from './support/factories.ts';

/*
 * Signed-out visitors (docs/architecture.md, "Visitors"): the feeds, search, billboard, categories
 * and offer detail answer without a token for a brand with visitor browsing, with the offers that
 * need no sign-in only and nothing of any member's own.
 */

let t: TestApp;
let memberUid: string;
let memberHeaders: Record<string, string>;
/** Every offer id a visitor of Aurora may see, and every one they may not. */
let publicIds: Set<string>;
let memberOnlyIds: Set<string>;
/** Values that belong to the member: none may appear in any public answer. */
const memberValues: string[] = [];

const aurora = { 'x-app-url': 'http://localhost:8080' };
const visitor = (extra: Record<string, string> = {}) => ({ ...aurora, ...extra });

const makePublic = (ids: string[]) => t.db.update(offers).set({ requiresSignIn: false }).where(inArray(offers.id, ids));

beforeAll(async () => {
  t = await createTestApp({ visitorRateLimit: { perMinute: 100_000 } });
  const auroraBrand = await makeBrand(t.db, 'aurora', ['localhost']);
  await makeBrand(t.db, 'borealis', ['borealis.localhost']);
  await makeBrand(t.db, 'closed', ['closed.localhost']);
  await makeBrand(t.db, 'shut', ['shut.localhost']);
  const on: Partial<BrandSettings> = { visitorBrowsing: true };
  await setSettings(t, 'aurora', on);
  await setSettings(t, 'borealis', on);
  await setSettings(t, 'shut', { visitorBrowsing: false });

  await makeCategory(t.db, 'aurora', 'food', ['benefit', 'live']);
  await makeCategory(t.db, 'aurora', 'music', ['live']);
  await makeCategory(t.db, 'aurora', 'vip', ['benefit']);
  // Member-only by default (requires_sign_in defaults to true); every other benefit and every third event made public.
  const benefits = await makeOffers(t.db, 'aurora', 40, { type: 'benefit', prefix: 'ben', categoryId: 'food' });
  const live = await makeOffers(t.db, 'aurora', 25, { type: 'live', prefix: 'live', categoryId: 'music' });
  await makeOffers(t.db, 'aurora', 5, { type: 'benefit', prefix: 'vip', categoryId: 'vip' });
  const stories = await makeOffers(t.db, 'aurora', 4, { type: 'editorial', prefix: 'story' });
  await makeOffers(t.db, 'aurora', 3, { type: 'editorial', prefix: 'gone', active: false });
  const opened = [...benefits.filter((_, i) => i % 2 === 0), ...live.filter((_, i) => i % 3 === 0), ...stories.slice(0, 2)];

  // Offers whose details carry what a member adds: ticket availability with the member's offered place, promo claims, a referral token.
  await makeOffer(t.db, 'aurora', 'concert', { type: 'live', categoryId: 'music', itemVariantType: 'ticket', companionOfferId: 'vip-0000', companionOfferHeader: 'For members' });
  await makeOffer(t.db, 'aurora', 'paired', { type: 'editorial', companionOfferId: 'concert', companionOfferHeader: 'Go see it' });
  await makeOffer(t.db, 'aurora', 'deal', { callToAction: { type: 'claim', label: 'Get your code' } });
  await makeOffer(t.db, 'aurora', 'refer', { callToAction: { type: 'referralUrl', label: 'Tell a friend', url: 'https://partner.example/refer' } });
  await makeOffer(t.db, 'aurora', 'secret', { callToAction: { type: 'claim', label: 'Get your code' } });
  await makeOffer(t.db, 'aurora', 'gone-public', { active: false });
  await makeOffer(t.db, 'borealis', 'borealis-public');
  await makeOffer(t.db, 'closed', 'closed-public');
  opened.push('concert', 'paired', 'deal', 'refer', 'gone-public', 'gone-0000');
  await makePublic([...opened, 'borealis-public', 'closed-public']);
  await makeVariant(t.db, 'aurora', 'concert', 'front-row', { stock: 2 });
  await givePromo(t, 'aurora', 'deal', { codes: codeList('DEAL', 5), commonCode: 'AURORA-COMMON', claimCap: 2 });
  await givePromo(t, 'aurora', 'secret', { codes: codeList('SECRET', 5), commonCode: 'SECRET-COMMON', claimCap: 1 });
  await makeBillboard(t.db, 'aurora', 'vip-0001');
  await makeBillboard(t.db, 'borealis', 'borealis-public');

  memberUid = await makeMember(t.db, t.identity, auroraBrand, { email: 'member@aurora.test' });
  memberHeaders = { ...aurora, authorization: `Bearer ${await t.idTokenFor('aurora-tenant', 'member@aurora.test')}` };
  // The member's own: a claimed common and unique code, a referral token, a place the waiting list offered them.
  const claim = (url: string, id: string) => t.app.inject({ method: 'POST', url, headers: memberHeaders, payload: { id } });
  expect((await claim('/v1/claim/offer/voucher/code/common', 'deal')).statusCode).toBe(200);
  const unique = await claim('/v1/claim/offer/voucher/code', 'deal');
  expect(unique.statusCode).toBe(200);
  await t.db.insert(stockHolds).values({ brandId: 'aurora', itemVariantId: 'front-row', kind: 'waiting_list', userId: memberUid, quantity: 1, expiresAt: new Date(Date.now() + 86_400_000) });
  const referred = await t.app.inject({ method: 'GET', url: '/v1/get/offer', query: { id: 'refer' }, headers: memberHeaders });
  memberValues.push(memberUid, 'member@aurora.test', 'AURORA-COMMON', unique.json().code, referred.json().referralToken);
  expect(memberValues.every((v) => typeof v === 'string' && v.length > 0)).toBe(true);

  const all = await t.db.select({ id: offers.id, brandId: offers.brandId, active: offers.active, requiresSignIn: offers.requiresSignIn }).from(offers);
  const auroraActive = all.filter((o) => o.brandId === 'aurora' && o.active);
  publicIds = new Set(auroraActive.filter((o) => !o.requiresSignIn).map((o) => o.id));
  memberOnlyIds = new Set(auroraActive.filter((o) => o.requiresSignIn).map((o) => o.id));
}, 60_000);
afterAll(() => t.close());

const get = (url: string, query: Record<string, string> = {}, headers: Record<string, string> = visitor()) =>
  t.app.inject({ method: 'GET', url, query, headers });
const search = (query: string, offset = 0, headers: Record<string, string> = visitor()) =>
  t.app.inject({ method: 'POST', url: '/v1/search/offer', payload: { query, offset }, headers });

/** Every page of a list call, until a page holds fewer than 30. */
async function allPages(page: (offset: number) => Promise<{ statusCode: number; json: () => unknown }>): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 30) {
    const response = await page(offset);
    expect(response.statusCode).toBe(200);
    const items = response.json() as { id: string }[];
    ids.push(...items.map((o) => o.id));
    if (items.length < 30) return ids;
  }
}

const detailFlags = { getVoucher: 'true', getCompanionOffer: 'true', getAvailability: 'true' };

describe('public lists', () => {
  it('page the mixed feed, every type and a category filter with exactly the public offers', async () => {
    const feed = (query: Record<string, string>) => allPages((offset) => get('/v1/get_list/offer', { ...query, offset: String(offset) }));
    const mixed = await feed({});
    expect(mixed.length).toBeGreaterThan(30);
    expect(new Set(mixed)).toEqual(publicIds);
    expect(new Set(mixed).size).toBe(mixed.length);
    for (const type of ['benefit', 'live', 'editorial']) {
      const ids = await feed({ type });
      expect(ids.length, type).toBeGreaterThan(0);
      expect(ids.every((id) => publicIds.has(id)), type).toBe(true);
      const asMember = await allPages((offset) => get('/v1/get_list/offer', { type, offset: String(offset) }, memberHeaders));
      expect(asMember.filter((id) => publicIds.has(id)).sort(), type).toEqual([...ids].sort());
    }
    const food = await feed({ categoryIdSelect: '["food","vip"]' });
    expect(food.length).toBe(20);
    expect(food.every((id) => publicIds.has(id))).toBe(true);
    expect(await feed({ categoryIdSelect: '["vip"]' })).toEqual([]);
  });

  it('search finds only public offers, the empty query included', async () => {
    const found = await allPages((offset) => search('offer', offset));
    const asMember = await allPages((offset) => search('offer', offset, memberHeaders));
    expect(found.length).toBeGreaterThan(30);
    expect(found.every((id) => publicIds.has(id))).toBe(true);
    expect(found.sort()).toEqual(asMember.filter((id) => publicIds.has(id)).sort());
    expect(asMember.some((id) => memberOnlyIds.has(id))).toBe(true);
    expect(new Set(await allPages((offset) => search('  ', offset)))).toEqual(publicIds);
    expect((await search('vip')).json()).toEqual([]);
  });

  it('the billboard of a member-only offer is none for a visitor; a public one is shown', async () => {
    const auroraBoard = await get('/v1/get/billboard');
    expect(auroraBoard.statusCode).toBe(404);
    expect(auroraBoard.json()).toEqual({ status: 404, code: 'billboard_not_found', message: 'There is no billboard' });
    expect((await get('/v1/get/billboard', {}, memberHeaders)).json()).toMatchObject({ offerId: 'vip-0001' });
    const borealisBoard = await get('/v1/get/billboard', {}, { 'x-app-url': 'http://borealis.localhost:8080' });
    expect(borealisBoard.statusCode).toBe(200);
    expect(borealisBoard.json()).toMatchObject({ offerId: 'borealis-public' });
  });

  it('categories leave out those that hold member-only offers alone', async () => {
    const ids = (response: { json: () => { list: { id: string }[]; record: Record<string, unknown> } }) => response.json().list.map((c) => c.id).sort();
    const publicCategories = await get('/v1/get_list/brand/category');
    expect(publicCategories.statusCode).toBe(200);
    expect(ids(publicCategories)).toEqual(['food', 'music']);
    expect(Object.keys(publicCategories.json().record).sort()).toEqual(['food', 'music']);
    expect(ids(await get('/v1/get_list/brand/category', {}, memberHeaders))).toEqual(['food', 'music', 'vip']);
  });
});

describe('public offer detail', () => {
  it("answers 401 offer_requires_sign_in for a member-only offer, 404 for an unknown or another brand's, 410 for an ended one", async () => {
    const memberOnly = await get('/v1/get/offer', { id: 'secret', ...detailFlags });
    expect(memberOnly.statusCode).toBe(401);
    expect(memberOnly.json()).toEqual({ status: 401, code: 'offer_requires_sign_in', message: 'You need to be signed in to view this offer' });
    expect((await get('/v1/get/offer', { id: 'secret' }, memberHeaders)).statusCode).toBe(200);
    for (const id of ['nope', 'borealis-public', 'closed-public']) {
      const response = await get('/v1/get/offer', { id, ...detailFlags });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ status: 404, code: 'offer_not_found', message: 'The article was not found..' });
    }
    // Ended is ended for anyone, member-only or not: signing in would only lead to the same answer.
    for (const id of ['gone-public', 'gone-0001']) {
      const response = await get('/v1/get/offer', { id, ...detailFlags });
      expect(response.statusCode, id).toBe(410);
      expect(response.json()).toMatchObject({ code: 'offer_not_relevant' });
    }
  });

  it("gives the brand's promo and stock facts, never the member's own", async () => {
    const deal = (await get('/v1/get/offer', { id: 'deal', ...detailFlags })).json();
    expect(deal).toMatchObject({ promoExists: true, promoCodeCommonExists: true, promoCodeCommon: null, isVoucherCodeSoldOut: false, voucherClaimCap: 2, userVoucherCodeClaimCount: 0 });
    const memberDeal = (await get('/v1/get/offer', { id: 'deal', ...detailFlags }, memberHeaders)).json();
    expect(memberDeal).toMatchObject({ promoCodeCommon: 'AURORA-COMMON', userVoucherCodeClaimCount: 1 });
    // Two in stock, one offered to the member from the waiting list: a visitor may buy the other.
    const concert = (await get('/v1/get/offer', { id: 'concert', ...detailFlags })).json();
    expect(concert.itemVariantAvailability).toEqual({ 'front-row': 1 });
    expect(concert.itemVariantList.map((v: { id: string }) => v.id)).toEqual(['front-row']);
    expect((await get('/v1/get/offer', { id: 'concert', ...detailFlags }, memberHeaders)).json().itemVariantAvailability).toEqual({ 'front-row': 2 });
    // The companion that needs sign-in is left out, as from the lists; a public one stays.
    expect(concert).not.toHaveProperty('companionOffer');
    expect((await get('/v1/get/offer', { id: 'concert', ...detailFlags }, memberHeaders)).json()).toHaveProperty('companionOffer.id', 'vip-0000');
    expect((await get('/v1/get/offer', { id: 'paired', ...detailFlags })).json()).toHaveProperty('companionOffer.id', 'concert');
    const refer = (await get('/v1/get/offer', { id: 'refer', ...detailFlags })).json();
    expect(refer).not.toHaveProperty('referralToken');
    expect(refer.callToAction).toMatchObject({ type: 'referralUrl' });
  });

  it('differs from the member answer only in the fields that are the member’s own', async () => {
    const memberOwn = new Set(['promoCodeCommon', 'userVoucherCodeClaimCount', 'referralToken', 'itemVariantAvailability', 'companionOffer']);
    for (const id of ['deal', 'concert', 'refer', 'paired']) {
      const open = (await get('/v1/get/offer', { id, ...detailFlags })).json();
      const own = (await get('/v1/get/offer', { id, ...detailFlags }, memberHeaders)).json();
      const keys = new Set([...Object.keys(open), ...Object.keys(own)]);
      const differing = [...keys].filter((key) => JSON.stringify(open[key]) !== JSON.stringify(own[key]));
      expect(differing.filter((key) => !memberOwn.has(key)), id).toEqual([]);
    }
  });
});

describe('no public answer carries anything of a member', () => {
  it('walks every public route and finds no member value, code, token or claim count', async () => {
    const answers: { url: string; body: string }[] = [];
    const keep = async (url: string, response: Promise<{ statusCode: number; body: string }>) => {
      const r = await response;
      expect(r.statusCode, url).toBe(200);
      answers.push({ url, body: r.body });
    };
    for (const type of [undefined, 'benefit', 'live', 'editorial']) {
      for (const offset of ['0', '30']) await keep(`feed ${type} ${offset}`, get('/v1/get_list/offer', { ...(type ? { type } : {}), offset }));
    }
    await keep('feed food', get('/v1/get_list/offer', { categoryIdSelect: '["food"]' }));
    await keep('search', search('offer'));
    await keep('search empty', search(''));
    await keep('billboard', get('/v1/get/billboard', {}, { 'x-app-url': 'http://borealis.localhost:8080' }));
    await keep('categories', get('/v1/get_list/brand/category'));
    for (const id of publicIds) await keep(`offer ${id}`, get('/v1/get/offer', { id, ...detailFlags }));
    expect(answers.length).toBeGreaterThan(publicIds.size);
    for (const { url, body } of answers) {
      for (const value of memberValues) expect(body.includes(value), `${url} holds ${value}`).toBe(false);
      for (const id of memberOnlyIds) expect(body.includes(`"${id}"`), `${url} names ${id}`).toBe(false);
      const walk = (value: unknown): void => {
        if (Array.isArray(value)) return value.forEach(walk);
        if (typeof value !== 'object' || value === null) return;
        for (const [key, inner] of Object.entries(value)) {
          expect(key, url).not.toBe('referralToken');
          if (key === 'promoCodeCommon') expect(inner, url).toBeNull();
          if (key === 'userVoucherCodeClaimCount') expect(inner, url).toBe(0);
          walk(inner);
        }
      };
      walk(JSON.parse(body));
    }
  });
});

describe('who counts as a visitor', () => {
  const routes = [
    { method: 'GET' as const, url: '/v1/get_list/offer' },
    { method: 'POST' as const, url: '/v1/search/offer', payload: { query: 'offer' } },
    { method: 'GET' as const, url: '/v1/get/billboard' },
    { method: 'GET' as const, url: '/v1/get_list/brand/category' },
    { method: 'GET' as const, url: '/v1/get/offer?id=closed-public' },
  ];

  it('a brand with visitor browsing absent or off answers 401 auth/unauthenticated as before, uncached', async () => {
    for (const host of ['closed.localhost', 'shut.localhost', 'unknown.example']) {
      for (const route of routes) {
        const response = await t.app.inject({ ...route, headers: { 'x-app-url': `http://${host}:8080` } });
        expect(response.statusCode, `${host} ${route.url}`).toBe(401);
        expect(response.json()).toMatchObject({ status: 401, code: 'auth/unauthenticated' });
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('a request with an Authorization header is a member request: a bad token is 401, never a visitor', async () => {
    for (const authorization of ['Bearer not-a-token', 'Bearer', '', 'Basic YWxhZGRpbjpvcGVuc2VzYW1l', `Bearer ${memberHeaders.authorization!.slice(7, -4)}abcd`]) {
      for (const route of routes) {
        const response = await t.app.inject({ ...route, url: route.url.replace('closed-public', 'deal'), headers: { ...aurora, authorization } });
        expect(response.statusCode, `${authorization.slice(0, 12)} ${route.url}`).toBe(401);
        expect(response.json().code).toMatch(/^auth\//);
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
  });
});

describe('cache headers', () => {
  it('public answers are cacheable, with an ETag that If-None-Match answers 304, and Vary on what picks them', async () => {
    const first = await get('/v1/get_list/offer', { type: 'live' });
    expect(first.headers['cache-control']).toBe('public, max-age=10, stale-while-revalidate=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    const vary = String(first.headers.vary).toLowerCase().split(/,\s*/);
    expect(vary).toEqual(expect.arrayContaining(['authorization', 'x-app-url', 'origin', 'accept-language']));
    const again = await get('/v1/get_list/offer', { type: 'live' }, visitor({ 'if-none-match': etag }));
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    expect((await get('/v1/get_list/offer', { type: 'live' }, visitor({ 'if-none-match': `W/${etag}, "other"` }))).statusCode).toBe(304);
    // Another body has another tag.
    const benefits = await get('/v1/get_list/offer', { type: 'benefit' }, visitor({ 'if-none-match': etag }));
    expect(benefits.statusCode).toBe(200);
    expect(benefits.headers.etag).not.toBe(etag);
    for (const [url, query] of [['/v1/get/offer', { id: 'deal', ...detailFlags }], ['/v1/get_list/brand/category', {}]] as const) {
      const response = await get(url, query);
      expect(response.headers['cache-control'], url).toBe('public, max-age=10, stale-while-revalidate=60');
      expect(response.headers.etag, url).toBeDefined();
    }
    expect((await search('offer')).headers['cache-control']).toBe('public, max-age=10, stale-while-revalidate=60');
  });

  it("member answers stay no-store, with an ETag of their whole body: a visitor's tag never matches them", async () => {
    const open = await get('/v1/get_list/offer', { type: 'live' });
    const member = await get('/v1/get_list/offer', { type: 'live' }, { ...memberHeaders, 'if-none-match': String(open.headers.etag) });
    expect(member.statusCode).toBe(200);
    expect(member.json().map((o: { id: string }) => o.id).some((id: string) => memberOnlyIds.has(id))).toBe(true);
    expect(member.headers['cache-control']).toBe('no-store');
    expect(member.headers.etag).toMatch(/^"[\w-]{20,}"$/);
    expect(member.headers.etag).not.toBe(open.headers.etag);
    expect(String(member.headers.vary).toLowerCase()).toContain('authorization');
    // The member's tag answers the member 304, still no-store; a visitor holding it gets the public body.
    const again = await get('/v1/get_list/offer', { type: 'live' }, { ...memberHeaders, 'if-none-match': String(member.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('no-store');
    const visitorWithMemberTag = await get('/v1/get_list/offer', { type: 'live' }, visitor({ 'if-none-match': String(member.headers.etag) }));
    expect(visitorWithMemberTag.statusCode).toBe(200);
    expect(visitorWithMemberTag.body).toBe(open.body);
  });

  it("another member's tag of a personal answer is never answered 304: they get their own body", async () => {
    await makeMember(t.db, t.identity, { id: 'aurora', authTenantId: 'aurora-tenant' }, { email: 'other@aurora.test' });
    const other = { ...aurora, authorization: `Bearer ${await t.idTokenFor('aurora-tenant', 'other@aurora.test')}` };
    const mine = await get('/v1/get/offer', { id: 'deal', ...detailFlags }, memberHeaders);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('AURORA-COMMON');
    const etag = String(mine.headers.etag);
    const theirs = await get('/v1/get/offer', { id: 'deal', ...detailFlags }, { ...other, 'if-none-match': etag });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain('AURORA-COMMON');
    expect(theirs.headers.etag).not.toBe(etag);
    expect(theirs.headers['cache-control']).toBe('no-store');
    expect((await get('/v1/get/offer', { id: 'deal', ...detailFlags }, visitor({ 'if-none-match': etag }))).statusCode).toBe(200);
    expect((await get('/v1/get/offer', { id: 'deal', ...detailFlags }, { ...memberHeaders, 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('public errors are never cached publicly', async () => {
    for (const [url, query] of [
      ['/v1/get/offer', { id: 'secret' }],
      ['/v1/get/offer', { id: 'nope' }],
      ['/v1/get/billboard', {}],
      ['/v1/get_list/offer', { categoryIdSelect: '[oops' }],
    ] as const) {
      const response = await get(url, query);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers.etag, url).toBeUndefined();
    }
  });

  it('an answer whose brand came from the Referer alone is for the browser only', async () => {
    const response = await get('/v1/get_list/offer', {}, { referer: 'http://localhost:8080/live/concert' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=10, stale-while-revalidate=60');
  });

  it('texts follow Accept-Language, and so does the ETag', async () => {
    await t.db.update(offers).set({ localized: { title: { en: 'Concert', sv: 'Konsert', nb: 'Konsert' } } }).where(inArray(offers.id, ['concert']));
    const en = await get('/v1/get/offer', { id: 'concert' }, visitor({ 'accept-language': 'en' }));
    const sv = await get('/v1/get/offer', { id: 'concert' }, visitor({ 'accept-language': 'sv' }));
    expect([en.json().title, sv.json().title]).toEqual(['Concert', 'Konsert']);
    expect(en.headers.etag).not.toBe(sv.headers.etag);
  });
});
