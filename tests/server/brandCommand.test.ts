import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBrandFile, parseBrandFileText } from '../../server/brands/brandFile.ts';
import { createBrand } from '../../server/brands/saveBrand.ts';
import { brands } from '../../server/db/schema/index.ts';
import { aurora, borealis } from '../../server/db/seed/brands.ts';
import type { TenantDirectory } from '../../server/identity/tenants.ts';
import { adminTokenHeader } from '../../server/plugins/operatorOnly.ts';
import { strongPassword, uniqueEmail } from './accounts.helpers.ts';
import { makeBrand } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const examplePath = fileURLToPath(new URL('../../docs/brand.example.json', import.meta.url));
const example = () => JSON.parse(readFileSync(examplePath, 'utf8')) as Record<string, any>;

/** A seeded demo brand written as an operator's brand file. */
function asBrandFile(row: typeof aurora): Record<string, unknown> {
  const { appHosts, navigationBar, settings, icons, createdAt: _createdAt, ...rest } = row;
  const { ssnInfo, referralCodeInputHint, ...otherSettings } = settings;
  return {
    ...rest,
    appUrls: appHosts.map((host) => `https://${host}`),
    icons,
    navigationBar: navigationBar.map(({ path: _path, ...entry }) => entry),
    settings: { ...otherSettings, ...(ssnInfo ? { ssnInfo } : {}), ...(referralCodeInputHint ? { referralCodeInputHint } : {}) },
  };
}

describe('the brand file', () => {
  it('docs/brand.example.json and both demo brands pass; hosts are taken from the app URLs and tab paths from their sections', () => {
    const parsed = parseBrandFileText(readFileSync(examplePath, 'utf8'));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.appHosts).toEqual(['polaris.example.com', 'app.polaris.example.com']);
    expect(parsed.value.navigationBar.map((e) => e.path)).toEqual(['/', '/benefit', '/live', '/more']);
    expect(parsed.value.authTenantId).toBeUndefined();
    for (const demo of [aurora, borealis]) expect(parseBrandFile(asBrandFile(demo))).toMatchObject({ ok: true });
  });

  it('names every problem by its JSON path, not only the first', () => {
    const file = example();
    delete file.name;
    file.appUrls.push('https://x.example.com/path', 'POLARIS.example.com', 'ftp://files.example.com');
    file.theme.light.colors.primary = 'red';
    // The theme becomes CSS in the app's HTML: nothing may close the style element.
    file.theme.light.fonts.body = 'Arial;}</style><script>alert(1)</script>';
    file.theme.light.grid.xs = 0;
    file.navigationBar.pop();
    file.navigationBar[0].key = 'shop';
    file.navigationBar[1].label = { de: 'Vorteile' };
    file.icons = { '1bad': 'M0 0', ok: '<script>' };
    file.settings.timeZone = 'Mars/Base';
    file.settings.referralCodeInputType = 'code';
    file.settings.terms.url = 'javascript:alert(1)';
    file.settings.appStoreUrl = 'http://apps.example.com';
    file.settings.extra = 1;
    file.contactEmail = 'not-an-address';
    const parsed = parseBrandFile(file);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.map((p) => p.path).sort()).toEqual(
      [
        '$.name',
        '$.appUrls[2]',
        '$.appUrls[3]',
        '$.appUrls[4]',
        '$.theme.light.colors.primary',
        '$.theme.light.fonts.body',
        '$.theme.light.grid.xs',
        '$.navigationBar',
        '$.navigationBar[0].key',
        '$.navigationBar[1].label.de',
        '$.icons["1bad"]',
        '$.icons.ok',
        '$.settings.timeZone',
        '$.settings.referralCodeInputHint',
        '$.settings.terms.url',
        '$.settings.appStoreUrl',
        '$.settings.extra',
        '$.contactEmail',
      ].sort(),
    );
    expect(parsed.problems.find((p) => p.path === '$.appUrls[3]')?.message).toBe('has the host polaris.example.com of $.appUrls[0]');
    expect(parsed.problems.find((p) => p.path === '$.navigationBar')?.message).toContain('has no more tab');
  });

  it('says where a file is not JSON', () => {
    expect(parseBrandFileText('{"id": "x",')).toMatchObject({ ok: false, problems: [{ path: '$', message: expect.stringContaining('is not JSON') }] });
  });
});

describe('POST /admin/brand (npm run brand through a server)', () => {
  const adminToken = 'a-test-admin-token-of-some-length';
  let t: TestApp;
  // The repository's own index.html stands for the built client: every app URL answers it in the host's brand.
  const clientDir = mkdtempSync(join(tmpdir(), 'klubb-brand-shell-'));
  beforeAll(async () => {
    writeFileSync(join(clientDir, 'index.html'), readFileSync(new URL('../../index.html', import.meta.url), 'utf8'));
    t = await createTestApp({ adminToken, clientDir });
    await makeBrand(t.db, 'aurora', ['aurora.localhost']);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });
  const pageAt = async (host: string) => (await t.app.inject({ method: 'GET', url: '/more', headers: { host } })).body;

  const send = (body: unknown, token = adminToken) =>
    t.app.inject({ method: 'POST', url: '/admin/brand', payload: body as object, headers: { [adminTokenHeader]: token }, remoteAddress: '127.0.0.1' });
  const brandAt = (appUrl: string) => t.app.inject({ method: 'GET', url: `/v1/get/brand?appUrl=${encodeURIComponent(appUrl)}` });
  const brandCount = async () => (await t.db.select({ n: count() }).from(brands))[0]!.n;

  it('creates a brand that serves its app URLs at once, and whose members can sign up and sign in', async () => {
    // Looked up before it exists: this instance must not keep serving "no brand" from its cache.
    expect((await brandAt('https://polaris.example.com')).statusCode).toBe(404);
    const created = await send({ action: 'create', brand: example() });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ brandId: 'polaris', authTenantId: 'polaris-tenant', appHosts: ['polaris.example.com', 'app.polaris.example.com'], tenantCreated: false });

    const served = await brandAt('https://app.polaris.example.com');
    expect(served.statusCode).toBe(200);
    expect(served.json()).toMatchObject({ id: 'polaris', name: 'Polaris', theme: { light: { colors: { primary: '#1d3b8b' } } } });
    expect(served.json().navigationBar.map((e: { path: string }) => e.path)).toEqual(['/', '/benefit', '/live', '/more']);
    const page = await pageAt('polaris.example.com');
    expect(page).toContain('<title>Polaris</title>');
    expect(page).toContain('#1d3b8b');

    const email = uniqueEmail('polaris');
    const headers = { 'x-app-url': 'https://polaris.example.com' };
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/v1/create/user',
      headers,
      payload: { brandId: 'polaris', signInType: 'password', email, password: strongPassword, firstName: 'Pia', lastName: 'Polar', termsAccepted: true },
    });
    expect(signUp.statusCode).toBe(200);
    const idToken = await t.idTokenFor('polaris-tenant', email, strongPassword);
    const me = await t.app.inject({ method: 'GET', url: '/v1/get/user', headers: { ...headers, authorization: `Bearer ${idToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, firstName: 'Pia' });
    // The same account is no member of another brand.
    const elsewhere = await t.app.inject({ method: 'GET', url: '/v1/get/user', headers: { 'x-app-url': 'http://aurora.localhost', authorization: `Bearer ${idToken}` } });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('refuses a bad file whole, naming its problems, and changes nothing', async () => {
    const before = await brandCount();
    const file = example();
    file.id = 'vega';
    file.appUrls = ['https://vega.example.com'];
    file.theme.light.colors.text = 'black';
    delete file.settings.terms;
    const refused = await send({ action: 'create', brand: file });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_brand' });
    expect(refused.json().message).toContain('$.theme.light.colors.text: must be a colour');
    expect(refused.json().message).toContain('$.settings.terms: is missing');
    expect(await brandCount()).toBe(before);
  });

  it("refuses a brand whose host, tenant or id is another brand's, and writes nothing", async () => {
    const before = await brandCount();
    const file = example();
    file.id = 'vega';
    file.appUrls = ['https://vega.example.com', 'https://aurora.localhost'];
    file.authTenantId = 'polaris-tenant';
    const taken = await send({ action: 'create', brand: file });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('$.appUrls[1]: aurora.localhost already serves the brand aurora');
    expect(taken.json().message).toContain('$.authTenantId: polaris-tenant is already the tenant of the brand polaris');
    const again = await send({ action: 'create', brand: example() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('there is already a brand polaris: use update');
    expect(await brandCount()).toBe(before);
    expect((await brandAt('https://vega.example.com')).statusCode).toBe(404);
  });

  it('updates a brand: new name, theme and hosts show at once, an old host stops serving it, and the tenant stays', async () => {
    const file = example();
    file.name = 'Polaris Club';
    file.theme.light.colors.primary = '#0b7285';
    file.appUrls = ['https://polaris.example.com', 'https://club.polaris.example.com'];
    const updated = await send({ action: 'update', brand: file });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ brandId: 'polaris', authTenantId: 'polaris-tenant', appHosts: ['polaris.example.com', 'club.polaris.example.com'] });
    expect((await brandAt('https://club.polaris.example.com')).json()).toMatchObject({ name: 'Polaris Club', theme: { light: { colors: { primary: '#0b7285' } } } });
    expect((await brandAt('https://app.polaris.example.com')).statusCode).toBe(404);
    expect(await pageAt('club.polaris.example.com')).toContain('<title>Polaris Club</title>');

    const moved = await send({ action: 'update', brand: { ...file, authTenantId: 'another-tenant' } });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toContain("a brand keeps its tenant: its members' accounts are in polaris-tenant");
    const unknown = await send({ action: 'update', brand: { ...file, id: 'nowhere', appUrls: ['https://nowhere.example.com'] } });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toContain('there is no brand nowhere (brands: aurora, polaris)');
    const [row] = await t.db.select().from(brands).where(eq(brands.id, 'polaris'));
    expect(row).toMatchObject({ name: 'Polaris Club', authTenantId: 'polaris-tenant' });
  });

  it('gives a contested host to one brand only when two creates race for it', async () => {
    const racer = (id: string) => ({ ...example(), id, appUrls: ['https://contested.example.com'] });
    const answers = await Promise.all(['rigel', 'sirius', 'deneb', 'altair'].map((id) => send({ action: 'create', brand: racer(id) })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const holders = await t.db.select({ id: brands.id, hosts: brands.appHosts }).from(brands);
    expect(holders.filter((b) => b.hosts.includes('contested.example.com'))).toHaveLength(1);
  });

  it('is refused without the operator token, as if there were no such route', async () => {
    const refused = await send({ action: 'create', brand: { ...example(), id: 'mira', appUrls: ['https://mira.example.com'] } }, `${adminToken}x`);
    expect(refused.statusCode).toBe(404);
    expect((await brandAt('https://mira.example.com')).statusCode).toBe(404);
  });
});

describe('a brand on an identity provider that keeps its own tenants', () => {
  /** Identity Platform's tenant directory as this product uses it: ids it chooses, created and removed. */
  function tenantDirectory(existing: string[] = []) {
    const tenants = new Set(existing);
    const directory: TenantDirectory = {
      name: 'Identity Platform project test',
      exists: async (id) => tenants.has(id),
      create: async (displayName) => {
        const id = `${displayName}-${tenants.size + 1}abc`;
        tenants.add(id);
        return id;
      },
      remove: async (id) => void tenants.delete(id),
    };
    return { directory, tenants };
  }
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await makeBrand(t.db, 'aurora', ['aurora.localhost']);
  }, 60_000);
  afterAll(() => t.close());
  const parsed = (change: (file: Record<string, any>) => void) => {
    const file = example();
    change(file);
    const result = parseBrandFile(file);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    return result.value;
  };

  it('needs a tenant that exists there, or creates one when asked', async () => {
    const { directory, tenants } = tenantDirectory(['polaris-x1']);
    await expect(createBrand(t.db, parsed(() => undefined), { tenants: directory })).rejects.toThrow('$.authTenantId: is missing');
    await expect(createBrand(t.db, parsed((f) => (f.authTenantId = 'nope')), { tenants: directory })).rejects.toThrow('has no tenant nope');
    await expect(createBrand(t.db, parsed((f) => (f.authTenantId = 'polaris-x1')), { tenants: directory, createTenant: true })).rejects.toThrow('leave authTenantId out');
    expect(tenants).toEqual(new Set(['polaris-x1']));

    const existing = await createBrand(t.db, parsed((f) => (f.authTenantId = 'polaris-x1')), { tenants: directory });
    expect(existing).toMatchObject({ tenantCreated: false, brand: { authTenantId: 'polaris-x1' } });
    const made = await createBrand(t.db, parsed((f) => Object.assign(f, { id: 'vega', appUrls: ['https://vega.example.com'] })), { tenants: directory, createTenant: true });
    expect(made).toMatchObject({ tenantCreated: true, brand: { id: 'vega', authTenantId: 'vega-2abc' } });
    expect(tenants).toEqual(new Set(['polaris-x1', 'vega-2abc']));
  });

  it('creates no tenant for a brand that cannot be written, and removes one whose brand lost a race', async () => {
    const { directory, tenants } = tenantDirectory();
    const taken = parsed((f) => Object.assign(f, { id: 'mira', appUrls: ['https://aurora.localhost'] }));
    await expect(createBrand(t.db, taken, { tenants: directory, createTenant: true })).rejects.toThrow('aurora.localhost already serves the brand aurora');
    expect(tenants.size).toBe(0);

    // The host is free when checked, then taken while Identity Platform makes the tenant.
    const racing: TenantDirectory = {
      ...directory,
      create: async (name) => {
        await makeBrand(t.db, 'sneaky', ['mira.example.com']);
        return directory.create(name);
      },
    };
    const lost = parsed((f) => Object.assign(f, { id: 'mira', appUrls: ['https://mira.example.com'] }));
    await expect(createBrand(t.db, lost, { tenants: racing, createTenant: true })).rejects.toThrow('mira.example.com already serves the brand sneaky');
    expect(tenants.size).toBe(0);
    expect(await t.db.select().from(brands).where(eq(brands.id, 'mira'))).toHaveLength(0);
  });
});
