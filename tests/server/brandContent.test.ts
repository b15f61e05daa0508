import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandContent } from '../../contract/brandContent.ts';
import { brandContent, brands } from '../../server/db/schema/index.ts';
import { aurora, borealis } from '../../server/db/seed/brands.ts';
import { demoBrandContent } from '../../server/db/seed/brandContent.ts';
import { parseContentFile } from '../../server/brandContent/contentFile.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand } from './support/factories.ts';

/** The demo brands with their seeded content, a brand that wrote none, and one whose texts lack languages. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(brands).values([aurora, borealis]);
  await t.db.insert(brandContent).values(demoBrandContent);
  await makeBrand(t.db, 'bare', ['bare.localhost']);
  const partial = await makeBrand(t.db, 'partial', ['partial.localhost']);
  await t.db.update(brands).set({ settings: { ...partial.settings, defaultLanguage: 'sv', timeZone: 'Europe/Oslo' } }).where(eq(brands.id, 'partial'));
  await t.db.insert(brandContent).values({
    brandId: 'partial',
    content: {
      faq: [
        { id: 'b', question: { en: 'Second?', sv: 'Andra?' }, answer: { sv: 'Bara svenska.' } },
        { id: 'a', question: { nb: 'Bare norsk?' }, answer: { en: 'Only English.', nb: 'Bare norsk.' } },
      ],
      about: { header: { en: 'About', sv: 'Om oss' }, body: { en: 'Body.' } },
      contact: { customerServiceText: { sv: 'Ring oss.' }, phone: '+47 22 55 50 10', supportHours: { weekly: [{ day: 1, opens: '10:00', closes: '16:00' }], note: {} }, chatUrl: null, messengerUrl: null },
    },
  });
}, 60_000);
afterAll(() => t?.close());

const get = (appUrl: string, language?: string) =>
  t.app.inject({ method: 'GET', url: '/v1/get/brand/content', query: { appUrl }, headers: language ? { 'accept-language': language } : {} });

async function contentOf(appUrl: string, language?: string): Promise<BrandContent> {
  const response = await get(appUrl, language);
  expect(response.statusCode).toBe(200);
  expect(response.headers.vary).toMatch(/Accept-Language/i);
  return response.json();
}

describe('GET /v1/get/brand/content in the member’s language', () => {
  it.each([
    ['en', 'How do I become a member?', 'Terms of membership', 'Closed on Sundays and public holidays. Exceptions on event nights.'],
    ['sv-SE,sv;q=0.9', 'Hur blir jag medlem?', 'Medlemsvillkor', 'Stängt på söndagar och helgdagar. Undantag på evenemangskvällar.'],
    ['nb', 'Hvordan blir jeg medlem?', 'Medlemsvilkår', 'Stengt på søndager og helligdager. Unntak på arrangementskvelder.'],
  ])('serves Aurora’s content in %s', async (language, firstQuestion, terms, note) => {
    const content = await contentOf('http://aurora.localhost:8080', language);
    expect(content.faq[0]!.question).toBe(firstQuestion);
    expect(content.faq.map((entry) => entry.id)).toEqual(['membership', 'tickets', 'refunds', 'promo-codes', 'waiting-list', 'sign-in', 'language', 'delete-account']);
    expect(content.terms).toEqual({ label: terms, url: '/media/brand/aurora/terms.html' });
    expect(content.contact.supportHours).toEqual({
      timeZone: 'Europe/Stockholm',
      weekly: [1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '19:00' })).concat({ day: 6, opens: '09:00', closes: '15:00' }),
      note,
    });
    expect(content.contact).toMatchObject({
      email: 'kundservice@aurora.test',
      phone: '+46 8 555 010 00',
      chatUrl: 'https://chat.aurora.example/klubb',
      messengerUrl: 'https://m.me/auroraklubb',
    });
    expect(content.about.body.split('\n\n')).toHaveLength(3);
  });

  it('speaks the brand’s own language without a header or in one the app does not speak', async () => {
    expect((await contentOf('http://aurora.localhost')).about.header).toBe('Aurora – klubben för Stockholms kvällar');
    expect((await contentOf('http://aurora.localhost', 'de-DE')).faq[1]!.question).toBe('Hur köper jag biljetter?');
    expect((await contentOf('http://borealis.localhost')).faq[1]!.question).toBe('Hvordan kjøper jeg billetter?');
  });

  it('falls back text by text to the brand’s default language, then to any language the text has', async () => {
    const content = await contentOf('http://partial.localhost', 'nb');
    // Stored order, whatever the ids.
    expect(content.faq).toEqual([
      { id: 'b', question: 'Andra?', answer: 'Bara svenska.' },
      { id: 'a', question: 'Bare norsk?', answer: 'Bare norsk.' },
    ]);
    expect(content.about).toEqual({ header: 'Om oss', body: 'Body.' });
    expect(content.contact.customerServiceText).toBe('Ring oss.');
    expect(content.contact.supportHours).toEqual({ timeZone: 'Europe/Oslo', weekly: [{ day: 1, opens: '10:00', closes: '16:00' }], note: '' });
    const english = await contentOf('http://partial.localhost', 'en');
    expect(english.faq.map((e) => [e.question, e.answer])).toEqual([['Second?', 'Bara svenska.'], ['Bare norsk?', 'Only English.']]);
  });
});

describe('each brand its own content', () => {
  it('gives Borealis its own FAQ, contact and links, and Aurora none of them', async () => {
    const [auroraContent, borealisContent, byLocalhost] = await Promise.all([
      contentOf('http://aurora.localhost', 'en'),
      contentOf('https://borealis.localhost/more/faq', 'en'),
      contentOf('http://localhost:8080', 'en'),
    ]);
    expect(byLocalhost).toEqual(auroraContent);
    expect(borealisContent.contact).toMatchObject({ email: 'hello@borealis.test', phone: '+47 22 55 50 10', chatUrl: null, messengerUrl: 'https://m.me/borealisclub' });
    expect(borealisContent.contact.supportHours.timeZone).toBe('Europe/Oslo');
    expect(borealisContent.terms.url).toBe('/media/brand/borealis/terms.html');
    expect(borealisContent.faq[0]!.answer).toContain('6-digit code from your invitation');
    expect(auroraContent.faq[0]!.answer).toContain('Bankkort, Allkort or Platinumkort');
    const auroraText = JSON.stringify(auroraContent);
    for (const theirs of ['Borealis', 'borealis', '+47', 'invitation']) expect(auroraText).not.toContain(theirs);
    expect(JSON.stringify(borealisContent)).not.toMatch(/Aurora|aurora|\+46/);
    expect(borealisContent.faq.find((e) => e.id === 'language')!.answer).toContain('Borealis speaks English, Swedish and Norwegian');
  });

  it('answers a brand without content honestly: its e-mail and documents, nothing else', async () => {
    expect(await contentOf('http://bare.localhost', 'en')).toEqual({
      faq: [],
      about: { header: '', body: '' },
      terms: { label: 'Terms', url: '/terms' },
      gdpr: { label: 'Privacy', url: '/privacy' },
      contact: {
        customerServiceText: '',
        email: 'help@bare.test',
        phone: '',
        supportHours: { timeZone: 'Europe/Stockholm', weekly: [], note: '' },
        chatUrl: null,
        messengerUrl: null,
      },
    });
  });
});

describe('refusals', () => {
  it('answers an app URL that is no URL with 400 and an unknown host with 404, as GET /v1/get/brand does', async () => {
    for (const appUrl of ['http://%zz', 'http://unknown.example']) {
      const content = await get(appUrl);
      const brand = await t.app.inject({ method: 'GET', url: '/v1/get/brand', query: { appUrl } });
      expect(content.statusCode).toBe(brand.statusCode);
      expect(content.json()).toEqual(brand.json());
    }
    expect((await get('http://%zz')).json()).toEqual({ status: 400, code: 'invalid_app_url', message: 'appUrl must be a URL' });
    expect((await get('http://unknown.example')).json()).toEqual({ status: 404, code: 'brand_not_found', message: 'No brand is registered for unknown.example' });
    const missing = await t.app.inject({ method: 'GET', url: '/v1/get/brand/content' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json()).sort()).toEqual(['code', 'message', 'status']);
  });

  it('is published in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(spec.paths['/v1/get/brand/content'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['appUrl']);
  });
});

describe('the demo content', () => {
  it('passes the operator’s checks (https links, phone and e-mail rules, hours), with both brands’ e-mail and documents', () => {
    for (const { brandId, content } of demoBrandContent) {
      const brand = [aurora, borealis].find((b) => b.id === brandId)!;
      const file = {
        faq: content.faq,
        about: content.about,
        terms: brand.settings.terms,
        gdpr: brand.settings.gdpr,
        contact: { ...content.contact, email: brand.contactEmail },
      };
      const parsed = parseContentFile(file);
      expect(parsed.ok ? [] : parsed.problems).toEqual([]);
      expect(content.faq.length).toBeGreaterThanOrEqual(6);
      expect(content.faq.length).toBeLessThanOrEqual(8);
      for (const entry of content.faq) expect(Object.keys(entry.question).sort()).toEqual(['en', 'nb', 'sv']);
    }
  });
});
