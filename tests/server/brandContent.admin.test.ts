import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandContent } from '../../contract/brandContent.ts';
import { brandContent, brands } from '../../server/db/schema/index.ts';
import { aurora, borealis } from '../../server/db/seed/brands.ts';
import { demoBrandContent } from '../../server/db/seed/brandContent.ts';
import { parseContentFile, parseContentFileText } from '../../server/brandContent/contentFile.ts';
import { adminTokenHeader } from '../../server/plugins/operatorOnly.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeMember } from './support/factories.ts';

const examplePath = fileURLToPath(new URL('../../docs/brand-content.example.json', import.meta.url));
const example = () => JSON.parse(readFileSync(examplePath, 'utf8')) as Record<string, any>;

describe('the content file', () => {
  it('docs/brand-content.example.json passes, and an entry without an id gets the same id every time', () => {
    const first = parseContentFileText(readFileSync(examplePath, 'utf8'));
    const again = parseContentFile(example());
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    const ids = first.value.content.faq.map((e) => e.id);
    expect(ids[0]).toBe('membership');
    expect(ids[1]).toMatch(/^faq-[0-9a-f]{12}$/);
    expect(again.value.content.faq.map((e) => e.id)).toEqual(ids);
  });

  it('names every problem by its JSON path, not only the first', () => {
    const file = example();
    file.faq[0].question = {};
    file.faq[1].answer = { de: 'Nein', en: '  ' };
    file.faq.push({ id: 'membership', question: 'Again?', answer: 'Yes.' });
    delete file.about.body;
    file.terms.url = 'http://aurora.example/terms';
    file.gdpr.url = 'javascript:alert(1)';
    file.contact.email = 'not-an-address';
    file.contact.phone = '08-555 010 00';
    file.contact.chatUrl = 'ftp://chat.example';
    file.contact.supportHours.weekly[1] = { day: 1, opens: '19:00', closes: '09:00' };
    file.contact.supportHours.weekly[2].opens = '24:00';
    file.contact.extra = true;
    const parsed = parseContentFile(file);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.map((p) => p.path).sort()).toEqual(
      [
        '$.faq[0].question',
        '$.faq[1].answer.de',
        '$.faq[1].answer.en',
        '$.faq[3].id',
        '$.about.body',
        '$.terms.url',
        '$.gdpr.url',
        '$.contact.email',
        '$.contact.phone',
        '$.contact.chatUrl',
        '$.contact.supportHours.weekly[1].closes',
        '$.contact.supportHours.weekly[1].day',
        '$.contact.supportHours.weekly[2].opens',
        '$.contact.extra',
      ].sort(),
    );
    const message = (path: string) => parsed.problems.find((p) => p.path === path)!.message;
    expect(message('$.contact.supportHours.weekly[1].day')).toBe('Monday (1) is already given at $.contact.supportHours.weekly[0]');
    expect(message('$.faq[3].id')).toBe('"membership" is already the id of $.faq[0]');
    expect(message('$.about.body')).toBe('is missing');
  });

  it('refuses what is not JSON, or not an object, and texts with control characters', () => {
    expect(parseContentFileText('{"faq": [')).toMatchObject({ ok: false, problems: [{ path: '$', message: expect.stringContaining('is not JSON') }] });
    expect(parseContentFile([])).toEqual({ ok: false, problems: [{ path: '$', message: 'must be an object' }] });
    const file = example();
    file.about.header = 'Null\u0000byte';
    expect(parseContentFile(file)).toMatchObject({ ok: false, problems: [{ path: '$.about.header' }] });
  });
});

describe('POST /admin/brand/content', () => {
  const adminToken = 'a-test-admin-token-of-some-length';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken });
    await t.db.insert(brands).values([aurora, borealis]);
    await t.db.insert(brandContent).values(demoBrandContent);
  }, 60_000);
  afterAll(() => t?.close());

  const send = (payload: unknown, headers: Record<string, string> = { [adminTokenHeader]: adminToken }, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/admin/brand/content', headers, payload: payload as object, remoteAddress });
  const contentOf = async (host: string, language = 'en'): Promise<BrandContent> =>
    (await t.app.inject({ method: 'GET', url: '/v1/get/brand/content', query: { appUrl: `http://${host}` }, headers: { 'accept-language': language } })).json();
  const brandOf = async (host: string) => (await t.app.inject({ method: 'GET', url: '/v1/get/brand', query: { appUrl: `http://${host}` }, headers: { 'accept-language': 'sv' } })).json();
  const stored = async (id: string) => ({
    content: (await t.db.select().from(brandContent).where(eq(brandContent.brandId, id)))[0]?.content,
    brand: (await t.db.select().from(brands).where(eq(brands.id, id)))[0],
  });

  it('refuses a bad file with every problem, changing nothing', async () => {
    const before = await stored('aurora');
    const file = example();
    file.contact.email = 'nope';
    file.faq[2].question = { xx: 'Hm?' };
    const response = await send({ brandId: 'aurora', content: file });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ status: 400, code: 'invalid_content' });
    expect(body.message).toContain('2 problem(s); nothing was changed');
    expect(body.message).toContain('$.contact.email: "nope" is not an e-mail address');
    expect(body.message).toContain('$.faq[2].question.xx: is not a language of the app (en, sv, nb)');
    expect(await stored('aurora')).toEqual(before);
  });

  it('replaces the content, e-mail and documents at once, and the running app shows them without waiting for its cache', async () => {
    // Read first, so both the brand and its content sit in the cache.
    expect((await contentOf('aurora.localhost')).faq).toHaveLength(8);
    expect((await brandOf('localhost')).contact.email).toBe('kundservice@aurora.test');
    const file = example();
    file.contact.email = 'hej@aurora.test';
    file.contact.chatUrl = null;
    const response = await send({ brandId: 'aurora', content: file });
    expect(response.statusCode).toBe(200);
    const content = await contentOf('aurora.localhost', 'nb');
    expect(content.faq.map((e) => e.question)).toEqual(['Hvordan blir jeg medlem?', 'Kan jeg avbestille billettene?', 'När har kundservice öppet?']);
    expect(content.contact).toMatchObject({ email: 'hej@aurora.test', chatUrl: null, messengerUrl: 'https://m.me/auroraklubb', phone: '+46 8 555 010 00' });
    expect(content.terms).toEqual({ label: 'Medlemsvilkår', url: 'https://aurora.example/terms' });
    // Every host of the brand, and the brand call too.
    const brand = await brandOf('localhost');
    expect(brand.contact.email).toBe('hej@aurora.test');
    expect(brand.settings.terms).toEqual({ label: 'Medlemsvillkor', url: 'https://aurora.example/terms' });
    expect(brand.settings).toMatchObject({ timeZone: 'Europe/Stockholm', defaultLanguage: 'sv', restaurant: true });
    expect((await contentOf('127.0.0.1')).contact.email).toBe('hej@aurora.test');
    // The other brand is untouched.
    expect((await contentOf('borealis.localhost')).contact).toMatchObject({ email: 'hello@borealis.test', phone: '+47 22 55 50 10' });
  });

  it('refuses an unknown brand, naming the brands there are', async () => {
    const response = await send({ brandId: 'nordlys', content: example() });
    expect(response.json()).toEqual({ status: 404, code: 'brand_not_found', message: 'There is no brand nordlys (brands: aurora, borealis)' });
    expect((await stored('nordlys')).content).toBeUndefined();
  });

  it('is a plain 404 without the token, with a wrong one, from another machine, and for members', async () => {
    await makeMember(t.db, t.identity, { id: 'aurora', authTenantId: 'aurora-tenant' }, { email: 'op@aurora.test' });
    const memberToken = await t.idTokenFor('aurora-tenant', 'op@aurora.test');
    const before = await stored('aurora');
    const body = { brandId: 'aurora', content: { ...example(), about: { header: 'Hacked', body: 'Hacked' } } };
    const refused = [
      await send(body, {}),
      await send(body, { [adminTokenHeader]: `${adminToken}x` }),
      await send(body, { [adminTokenHeader]: adminToken }, '203.0.113.9'),
      await send(body, { authorization: `Bearer ${memberToken}`, 'x-app-url': 'http://localhost:8080' }),
    ];
    for (const response of refused) expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
    expect(await stored('aurora')).toEqual(before);
    const plain = await createTestApp({ database: t.database });
    expect((await plain.app.inject({ method: 'POST', url: '/admin/brand/content', payload: body, headers: { [adminTokenHeader]: '' } })).statusCode).toBe(404);
    await plain.close();
    const spec = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(Object.keys(spec.paths)).not.toContain('/admin/brand/content');
  });
});
