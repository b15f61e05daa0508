import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billboards, brandRoles, brands, categories, offers } from '../../server/db/schema/index.ts';
import { aurora, borealis } from '../../server/db/seed/brands.ts';
import { categoryRows, demoContent, demoUsers } from '../../server/db/seed/index.ts';
import { generateOffers } from '../../server/db/seed/offers.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeCategory, makeMember, makeOffer } from './support/factories.ts';

/** The demo brands' own configuration, and a bare brand whose texts lack languages. */
let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
const auroraOffers = generateOffers({ ...demoContent[0]!, counts: { editorial: 2, benefit: 2, live: 2 } }, new Date());
const featured = auroraOffers.find((o) => o.id === 'aurora-live-001')!;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(brands).values([aurora, borealis]);
  await t.db.insert(categories).values(categoryRows('aurora', demoContent[0]!.categories));
  await t.db.insert(offers).values(auroraOffers);
  await t.db.insert(billboards).values({ brandId: 'aurora', id: 'b', offerId: featured.id });
  const bare = await makeBrand(t.db, 'bare', ['bare.localhost']);
  await t.db
    .update(brands)
    .set({
      navigationBar: [{ key: 'mixedFeed', label: { en: 'Home', sv: 'Hem' }, icon: 'home', path: '/' }, { key: 'more', label: { sv: 'Mer' }, icon: 'more', path: '/more' }],
      settings: { ...bare.settings, defaultLanguage: 'sv' },
    })
    .where(eq(brands.id, 'bare'));
  await makeCategory(t.db, 'bare', 'plain', ['benefit']);
  await makeOffer(t.db, 'bare', 'half', { title: 'Only in English', localized: { title: { sv: 'Bara på svenska' } } });

  const member = demoUsers.find((u) => u.email === 'member@aurora.test')!;
  const uid = await makeMember(t.db, t.identity, aurora as { id: string; authTenantId: string }, { email: member.email });
  await t.db.update(brandRoles).set({ name: member.role!.name, localizedName: member.role!.localizedName }).where(eq(brandRoles.userId, uid));
  await makeMember(t.db, t.identity, { id: 'bare', authTenantId: 'bare-tenant' }, { email: 'member@bare.test' });
  const auroraToken = await t.idTokenFor('aurora-tenant', member.email);
  const bareToken = await t.idTokenFor('bare-tenant', 'member@bare.test');
  headers.aurora = { 'x-app-url': 'http://aurora.localhost:8080', authorization: `Bearer ${auroraToken}` };
  headers.bare = { 'x-app-url': 'http://bare.localhost:8080', authorization: `Bearer ${bareToken}` };
}, 60_000);
afterAll(() => t?.close());

const get = (url: string, brand: string, language?: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, query, headers: { ...headers[brand], ...(language ? { 'accept-language': language } : {}) } });

const labelsOf = async (appUrl: string, language?: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/v1/get/brand', query: { appUrl }, headers: language ? { 'accept-language': language } : {} });
  expect(response.statusCode).toBe(200);
  return response;
};

describe('brand texts per language', () => {
  it.each([
    ['en', ['Home', 'Stories', 'Benefits', 'Live', 'More'], 'Terms of membership'],
    ['sv-SE,sv;q=0.9,en;q=0.8', ['Hem', 'Reportage', 'Förmåner', 'Live', 'Mer'], 'Medlemsvillkor'],
    ['nb', ['Hjem', 'Reportasjer', 'Fordeler', 'Live', 'Mer'], 'Medlemsvilkår'],
    ['no', ['Hjem', 'Reportasjer', 'Fordeler', 'Live', 'Mer'], 'Medlemsvilkår'],
    // No header, or a language the product does not speak: the brand's own (Aurora: Swedish).
    [undefined, ['Hem', 'Reportage', 'Förmåner', 'Live', 'Mer'], 'Medlemsvillkor'],
    ['de-DE', ['Hem', 'Reportage', 'Förmåner', 'Live', 'Mer'], 'Medlemsvillkor'],
  ])('serves Aurora’s tab labels and documents in %s', async (language, labels, terms) => {
    const response = await labelsOf('http://aurora.localhost', language);
    const brand = response.json();
    expect(brand.navigationBar.map((e: { label: string }) => e.label)).toEqual(labels);
    expect(brand.settings.terms.label).toBe(terms);
    expect(brand.settings).toMatchObject({ timeZone: 'Europe/Stockholm', region: 'SE', defaultLanguage: 'sv' });
    expect(response.headers.vary).toMatch(/Accept-Language/i);
  });

  it('serves Borealis in Norwegian by default and Swedish on asking', async () => {
    const norwegian = (await labelsOf('http://borealis.localhost')).json();
    expect(norwegian.navigationBar.map((e: { label: string }) => e.label)).toEqual(['Start', 'Fordeler', 'Arrangementer', 'Mer']);
    expect(norwegian.settings).toMatchObject({ timeZone: 'Europe/Oslo', region: 'NO', defaultLanguage: 'nb' });
    expect(norwegian.settings.referralCodeInputHint).toBe('Skriv inn den sekssifrede koden fra invitasjonen din');
    const swedish = (await labelsOf('http://borealis.localhost', 'sv')).json();
    expect(swedish.navigationBar.map((e: { label: string }) => e.label)).toEqual(['Start', 'Förmåner', 'Evenemang', 'Mer']);
  });

  it('falls back to the brand’s language, then to any the text has', async () => {
    const labels = async (language: string) => (await labelsOf('http://bare.localhost', language)).json().navigationBar.map((e: { label: string }) => e.label);
    expect(await labels('en')).toEqual(['Home', 'Mer']);
    expect(await labels('nb')).toEqual(['Hem', 'Mer']);
  });

  it.each([
    ['en', 'Food & Drink', 'Gold member'],
    ['sv', 'Mat & dryck', 'Guldmedlem'],
    ['nb', 'Mat og drikke', 'Gullmedlem'],
  ])('names categories and the member’s role in %s', async (language, foodDrink, role) => {
    const list = (await get('/v1/get_list/brand/category', 'aurora', language)).json();
    expect(list.list[0]).toMatchObject({ id: 'food-drink', name: foodDrink });
    expect(list.record['food-drink'].name).toBe(foodDrink);
    expect(list.list.map((c: { name: string }) => c.name)).toHaveLength(7);
    expect((await get('/v1/get/brand/role', 'aurora', language)).json().name).toBe(role);
  });

  it('keeps the plain name of a category or role written in one language only', async () => {
    expect((await get('/v1/get_list/brand/category', 'bare', 'nb')).json().list[0].name).toBe('Category plain');
    expect((await get('/v1/get/brand/role', 'bare', 'nb')).json().name).toBe('Member');
  });
});

describe('offer texts per language', () => {
  const texts = featured.localized!;

  it.each(['en', 'sv', 'nb'] as const)('serves the feed, the billboard and the offer in %s', async (language) => {
    const feed = (await get('/v1/get_list/offer', 'aurora', language, { type: 'live' })).json() as { id: string; title: string; teaserLine: string; puffImage: { imageDescription?: string } }[];
    const card = feed.find((o) => o.id === featured.id)!;
    expect(card).toMatchObject({ title: texts.title![language], teaserLine: texts.teaserLine![language] });
    expect(card.puffImage.imageDescription).toBe(texts.imageDescription![language]);
    expect((await get('/v1/get/billboard', 'aurora', language)).json().title).toBe(texts.title![language]);

    const detail = (await get('/v1/get/offer', 'aurora', language, { id: featured.id, getCompanionOffer: 'true' })).json();
    expect(detail).toMatchObject({ title: texts.title![language], preamble: texts.preamble![language], teaserLine: texts.teaserLine![language] });
    expect(detail.callToAction.label).toBe(texts.callToActionLabel![language]);
    expect(detail.companionOffer.companionOfferHeader).toBe(texts.companionOfferHeader![language]);
  });

  it('keeps the feed cache apart per language', async () => {
    const titles = [];
    for (const language of ['sv', 'en', 'nb', 'sv']) {
      const feed = (await get('/v1/get_list/offer', 'aurora', language)).json() as { id: string; title: string }[];
      titles.push(feed.find((o) => o.id === featured.id)!.title);
    }
    expect(titles).toEqual([texts.title!.sv, texts.title!.en, texts.title!.nb, texts.title!.sv]);
  });

  it('finds an offer by its title in the member’s language, and answers in it', async () => {
    const swedishTitle = texts.title!.sv!;
    expect(swedishTitle).not.toBe(texts.title!.en);
    const response = await t.app.inject({ method: 'POST', url: '/v1/search/offer', payload: { query: swedishTitle }, headers: { ...headers.aurora, 'accept-language': 'sv' } });
    const results = response.json() as { id: string; title: string }[];
    expect(results[0]).toMatchObject({ id: featured.id, title: swedishTitle });
  });

  it('falls back to the brand’s language, and to the plain English text', async () => {
    const title = async (language: string) => (await get('/v1/get/offer', 'bare', language, { id: 'half' })).json().title;
    expect(await title('sv')).toBe('Bara på svenska');
    expect(await title('nb')).toBe('Bara på svenska');
    expect(await title('en')).toBe('Only in English');
  });
});
