import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember, makeOffer, makeOffers, richText } from './support/factories.ts';

let t: TestApp;
let headers: Record<string, string>;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) - n * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  const aurora = await makeBrand(t.db, 'aurora', ['localhost']);
  await makeBrand(t.db, 'borealis', ['borealis.localhost']);
  const offer = (id: string, fields: Parameters<typeof makeOffer>[3]) => makeOffer(t.db, 'aurora', id, fields);
  await offer('concert', { type: 'live', title: 'A concert by the sea', publishedAt: day(1) });
  await offer('konsert', { type: 'live', title: 'Konsert på Nalen', preamble: 'En kväll i stugan vid sjön.', publishedAt: day(2) });
  await offer('fjell', { title: 'Fjell og fjord', teaserLine: 'Tur til hus ved vannet', publishedAt: day(3) });
  await offer('smorgasbord', { title: 'Smörgåsbord at Café Måsen in Göteborg', publishedAt: day(4) });
  await offer('aero', { title: 'Cycling on Ærø', teaserLine: 'Tromsø next', publishedAt: day(5) });
  await offer('gallery', { type: 'editorial', title: 'A gallery worth the trip', publishedAt: day(6) });
  await offer('content-only', { title: 'Weekend plans', contentBlocks: [richText('Nothing here.'), richText('Ride the zeppelin over the lighthouse.')], publishedAt: day(7) });
  await offer('lighthouse-title', { title: 'The lighthouse keeper', publishedAt: day(30) });
  await offer('lighthouse-preamble', { title: 'Coastal walks', preamble: 'Walk to the lighthouse at dawn.', publishedAt: day(8) });
  await offer('hidden', { title: 'Lighthouse concert, cancelled', active: false });
  await makeOffer(t.db, 'borealis', 'borealis-lighthouse', { title: 'Borealis lighthouse concert' });
  for (let i = 0; i < 70; i++) {
    await offer(`harbour-${String(i).padStart(2, '0')}`, { title: `Harbour day ${i}`, publishedAt: day(100 + (i % 7)) });
  }
  await makeOffers(t.db, 'aurora', 5, { type: 'benefit', prefix: 'plain' });
  await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test' });
  headers = { 'x-app-url': 'http://localhost:8080', authorization: `Bearer ${await t.idTokenFor('aurora-tenant', 'member@aurora.test')}` };
});
afterAll(() => t.close());

const search = (payload: unknown, h = headers) => t.app.inject({ method: 'POST', url: '/v1/search/offer', payload: payload as object, headers: h });
const ids = async (query: string, offset?: number) => {
  const response = await search(offset === undefined ? { query } : { query, offset });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: string }[]).map((o) => o.id);
};

describe('POST /v1/search/offer', () => {
  it.each([
    ['concerts', 'concert'],
    ['concerts sea', 'concert'],
    ['galleries', 'gallery'],
    ['konserterna', 'konsert'],
    ['konserterna nalen', 'konsert'],
    ['stugorna', 'konsert'],
    ['fjellet', 'fjell'],
    ['huset fjord', 'fjell'],
  ])('stems English, Swedish and Norwegian words: %s finds %s', async (query, id) => {
    expect(await ids(query)).toContain(id);
  });

  it.each([
    ['smorgasbord', 'smorgasbord'],
    ['SMÖRGÅSBORD', 'smorgasbord'],
    ['cafe masen goteborg', 'smorgasbord'],
    ['Göteborg', 'smorgasbord'],
    ['aero', 'aero'],
    ['ærø', 'aero'],
    ['tromso', 'aero'],
  ])('matches with or without å, ä, ö, ø, æ: %s finds %s', async (query, id) => {
    expect(await ids(query)).toEqual([id]);
  });

  it('finds words of the rich-text content and the last word while it is being typed', async () => {
    expect(await ids('zeppelin')).toEqual(['content-only']);
    expect(await ids('zeppe')).toEqual(['content-only']);
    expect(await ids('ride the zep')).toEqual(['content-only']);
    expect(await ids('zeppe ride')).toEqual([]);
  });

  it('ranks a title match before a preamble match before a content-only match', async () => {
    expect(await ids('lighthouse')).toEqual(['lighthouse-title', 'lighthouse-preamble', 'content-only']);
  });

  it('never answers inactive offers or offers of another brand', async () => {
    const found = await ids('lighthouse concert cancelled');
    expect(found).toEqual([]);
    expect(await ids('borealis')).toEqual([]);
  });

  it('pages by 30 in a stable order without duplicates', async () => {
    const pages = [await ids('harbour'), await ids('harbour', 30), await ids('harbour', 60), await ids('harbour', 90)];
    expect(pages.map((p) => p.length)).toEqual([30, 30, 10, 0]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(70);
    expect(await ids('harbour', 30)).toEqual(pages[1]);
    // Equal rank: newest first, then id descending.
    expect(all.slice(0, 3)).toEqual(['harbour-63', 'harbour-56', 'harbour-49']);
  });

  it('answers the mixed feed for an empty or blank query', async () => {
    const feed = await t.app.inject({ method: 'GET', url: '/v1/get_list/offer', query: { offset: '0' }, headers });
    for (const query of ['', '   ', '\t\n']) {
      const response = await search({ query });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(feed.json());
    }
    expect(feed.json()).toHaveLength(30);
  });

  it.each([
    "'", '"', "it's", '&|!:*()', 'lighthouse & !concert', 'a:* | b', ':*', '\\', '<->', '<2>', "'' OR 1=1 --",
    '🎉🥂', 'ä'.repeat(200), 'x '.repeat(100), '(((((', 'lighthouse:A', 'ab\u0301c',
  ])('answers hostile input %j with a list, never an error', async (query) => {
    const response = await search({ query });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
  });

  it('finds the words of a query full of operators', async () => {
    expect(await ids("'lighthouse' & (keeper)")).toEqual(['lighthouse-title']);
  });

  it.each([
    ['a query over 200 characters', { query: 'x'.repeat(10_000) }],
    ['a NUL byte', { query: 'light\u0000house' }],
    ['no query', {}],
    ['a negative offset', { query: 'harbour', offset: -1 }],
    ['a fractional offset', { query: 'harbour', offset: 1.5 }],
    ['an object as query', { query: { $ne: 1 } }],
  ])('answers 400 with a code for %s', async (_, payload) => {
    const response = await search(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('needs a member of the brand', async () => {
    expect((await search({ query: 'harbour' }, { 'x-app-url': 'http://localhost:8080' })).statusCode).toBe(401);
  });
});
