import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBillboard, makeBrand, makeCategory, makeMember, makeOffers } from './support/factories.ts';

let t: TestApp;
let auroraHeaders: Record<string, string>;
let borealisHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const aurora = await makeBrand(t.db, 'aurora', ['localhost']);
  const borealis = await makeBrand(t.db, 'borealis', ['borealis.localhost']);
  await makeCategory(t.db, 'aurora', 'food', ['benefit', 'live']);
  await makeCategory(t.db, 'aurora', 'music', ['live']);
  await makeOffers(t.db, 'aurora', 40, { type: 'benefit', prefix: 'benefit', categoryId: 'food' });
  await makeOffers(t.db, 'aurora', 25, { type: 'live', prefix: 'live', categoryId: 'music' });
  await makeOffers(t.db, 'aurora', 5, { type: 'editorial', prefix: 'hidden', active: false });
  await makeOffers(t.db, 'borealis', 3, { type: 'benefit', prefix: 'borealis' });
  await makeBillboard(t.db, 'borealis', 'borealis-0001');
  await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test' });
  await makeMember(t.db, t.identity, borealis, { email: 'member@borealis.test' });
  const auroraToken = await t.idTokenFor('aurora-tenant', 'member@aurora.test');
  const borealisToken = await t.idTokenFor('borealis-tenant', 'member@borealis.test');
  auroraHeaders = { 'x-app-url': 'http://localhost:8080', authorization: `Bearer ${auroraToken}` };
  borealisHeaders = { 'x-app-url': 'http://borealis.localhost:8080', authorization: `Bearer ${borealisToken}` };
});
afterAll(() => t.close());

const list = (query: Record<string, string>, headers = auroraHeaders) =>
  t.app.inject({ method: 'GET', url: '/v1/get_list/offer', query, headers });

describe('GET /v1/get_list/offer', () => {
  it('pages the mixed feed by 30, newest first, without overlap, active offers only', async () => {
    const first = (await list({ offset: '0' })).json() as { id: string }[];
    const second = (await list({ offset: '30' })).json() as { id: string }[];
    const third = (await list({ offset: '60' })).json() as { id: string }[];
    expect(first).toHaveLength(30);
    expect(second).toHaveLength(30);
    expect(third).toHaveLength(5);
    const ids = [...first, ...second, ...third].map((o) => o.id);
    expect(new Set(ids).size).toBe(65);
    expect(ids.some((id) => id.startsWith('hidden'))).toBe(false);
    expect(ids.some((id) => id.startsWith('borealis'))).toBe(false);
  });

  it('filters by type', async () => {
    const live = (await list({ type: 'live' })).json() as { type: string }[];
    expect(live).toHaveLength(25);
    expect(live.every((o) => o.type === 'live')).toBe(true);
  });

  it('filters by the categories of categoryIdSelect (JSON array text)', async () => {
    const music = (await list({ categoryIdSelect: '["music"]' })).json() as { categoryId: string }[];
    expect(music).toHaveLength(25);
    expect(music.every((o) => o.categoryId === 'music')).toBe(true);
    const both = await list({ categoryIdSelect: '["music","food"]', offset: '60' });
    expect(both.json()).toHaveLength(5);
  });

  it('answers the feed item fields', async () => {
    const [offer] = (await list({ type: 'benefit' })).json();
    expect(offer).toEqual({
      id: 'benefit-0000',
      categoryId: 'food',
      type: 'benefit',
      title: 'benefit offer 0',
      teaserLine: 'Teaser 0',
      tags: [],
      puffImage: { jpeg: { medium: '/media/a.jpg' }, webp: { medium: '/media/a.webp' } },
      readingTime: null,
    });
  });

  it.each([
    [{ categoryIdSelect: '[music' }, 'invalid_category_id_select'],
    [{ categoryIdSelect: '{"a":1}' }, 'invalid_category_id_select'],
    [{ categoryIdSelect: '[1,2]' }, 'invalid_category_id_select'],
    [{ categoryIdSelect: '["\\u0000"]' }, 'invalid_category_id_select'],
    [{ type: 'concert' }, 'invalid_request'],
    [{ offset: '-1' }, 'invalid_request'],
    [{ offset: 'ten' }, 'invalid_request'],
  ])('answers 400 with a code for %o', async (query, code) => {
    const response = await list(query as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code });
  });

  it('needs a member of the brand', async () => {
    expect((await list({}, { 'x-app-url': 'http://localhost:8080' })).statusCode).toBe(401);
    const crossBrand = await list({}, { ...borealisHeaders, 'x-app-url': 'http://localhost:8080' });
    expect(crossBrand.statusCode).toBe(403);
  });

  it("shows each brand only its own offers", async () => {
    const offers = (await list({}, borealisHeaders)).json() as { id: string }[];
    expect(offers.map((o) => o.id)).toEqual(['borealis-0000', 'borealis-0001', 'borealis-0002']);
  });
});

describe('GET /v1/get/billboard', () => {
  it('answers the billboard as a feed item source', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/get/billboard', headers: borealisHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ offerId: 'borealis-0001', title: 'benefit offer 1', type: 'benefit' });
  });

  it('answers 404 when the brand has none', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/get/billboard', headers: auroraHeaders });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: 'billboard_not_found' });
  });
});

describe('GET /v1/get_list/brand/category', () => {
  it('answers the list and a record keyed by id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/get_list/brand/category', headers: auroraHeaders });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.list.map((c: { id: string }) => c.id).sort()).toEqual(['food', 'music']);
    expect(body.record.music).toEqual({ id: 'music', name: 'Category music', typeList: ['live'] });
  });
});
