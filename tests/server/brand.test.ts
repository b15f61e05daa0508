import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandRoles } from '../../server/db/schema/index.ts';
import { memberCacheTtl } from '../../server/plugins/memberContext.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember } from './support/factories.ts';

let t: TestApp;
let auroraToken: string;
let clock = Date.now();

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  const aurora = await makeBrand(t.db, 'aurora', ['localhost', 'aurora.localhost']);
  const borealis = await makeBrand(t.db, 'borealis', ['borealis.localhost']);
  await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test', firstName: 'Maja', lastName: 'Lind' });
  await makeMember(t.db, t.identity, aurora, { email: 'norole@aurora.test', role: 'none' });
  await makeMember(t.db, t.identity, aurora, { email: 'revoked@aurora.test', role: 'revoked' });
  await makeMember(t.db, t.identity, borealis, { email: 'member@borealis.test' });
  auroraToken = await t.idTokenFor('aurora-tenant', 'member@aurora.test');
});
afterAll(() => t.close());

const getBrand = (appUrl: string, select = true) =>
  t.app.inject({ method: 'GET', url: '/v1/get/brand', query: { appUrl, authTenantIdSelect: String(select) } });

describe('GET /v1/get/brand', () => {
  it.each([
    ['http://localhost:8080', 'aurora'],
    ['http://aurora.localhost:5173/more/faq', 'aurora'],
    ['http://borealis.localhost:8080', 'borealis'],
    ['borealis.localhost', 'borealis'],
  ])('finds the brand of %s by host', async (appUrl, id) => {
    const response = await getBrand(appUrl);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, authTenantId: `${id}-tenant`, contact: { email: `help@${id}.test` } });
  });

  it('leaves out the tenant unless asked for it', async () => {
    const response = await getBrand('http://localhost', false);
    expect(response.json()).not.toHaveProperty('authTenantId');
  });

  it('answers 404 brand_not_found for an unknown host', async () => {
    const response = await getBrand('http://unknown.localhost:8080');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: 'brand_not_found' });
  });

  it('answers 400 with a code when appUrl is missing or not a URL', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/v1/get/brand' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 400, code: 'invalid_request' });
    const bad = await getBrand('http://exa mple.com:99999');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_app_url');
  });
});

describe('GET /v1/get/brand/role', () => {
  const getRole = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/v1/get/brand/role', headers: { 'x-app-url': 'http://localhost:8080', ...headers } });

  it('answers the member role with the profile name', async () => {
    const response = await getRole({ authorization: `Bearer ${auroraToken}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ brandRoleId: 'member', name: 'Member', legacyId: 42, firstName: 'Maja', lastName: 'Lind' });
  });

  it('refuses a request without a token', async () => {
    const response = await getRole({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: 'auth/unauthenticated' });
  });

  it('refuses a forged or tampered token', async () => {
    const [header, payload, signature] = auroraToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, user_id: 'someone-else', sub: 'someone-else' })).toString('base64url');
    for (const token of [`${header}.${tampered}.${signature}`, 'not-a-jwt', `${header}.${payload}.AAAA`]) {
      const response = await getRole({ authorization: `Bearer ${token}` });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toMatch(/^auth\//);
    }
  });

  it("says 'no role with app url' to an account without a role", async () => {
    const token = await t.idTokenFor('aurora-tenant', 'norole@aurora.test');
    const response = await getRole({ authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 403, code: 'no_role_with_app_url', message: 'no role with app url' });
  });

  it("says 'bad user role for app url' to an account whose role is revoked", async () => {
    const token = await t.idTokenFor('aurora-tenant', 'revoked@aurora.test');
    const response = await getRole({ authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 403, code: 'bad_user_role_for_app_url', message: 'bad user role for app url' });
  });

  it("refuses another brand's member on this brand's app URL", async () => {
    const token = await t.idTokenFor('borealis-tenant', 'member@borealis.test');
    const onAurora = await getRole({ authorization: `Bearer ${token}` });
    expect(onAurora.statusCode).toBe(403);
    expect(onAurora.json().code).toBe('no_role_with_app_url');
    const onBorealis = await getRole({ authorization: `Bearer ${token}`, 'x-app-url': 'http://borealis.localhost:8080' });
    expect(onBorealis.statusCode).toBe(200);
  });

  it('finds the brand from the Origin header when the client sends no X-App-Url', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/get/brand/role',
      headers: { origin: 'http://aurora.localhost:8080', authorization: `Bearer ${auroraToken}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('checks the role on every request: a revoked role is refused once the 5 s role cache has passed', async () => {
    const token = await t.idTokenFor('aurora-tenant', 'member@aurora.test');
    expect((await getRole({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    await t.db.update(brandRoles).set({ active: false });
    clock += memberCacheTtl.roleMs;
    expect((await getRole({ authorization: `Bearer ${token}` })).json().code).toBe('bad_user_role_for_app_url');
    await t.db.update(brandRoles).set({ active: true });
    clock += memberCacheTtl.roleMs;
    expect((await getRole({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });

  it('refuses a token past its expiry even when it was accepted moments before', async () => {
    const token = await t.idTokenFor('aurora-tenant', 'member@aurora.test');
    expect((await getRole({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    clock += 3600 * 1000;
    const response = await getRole({ authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('auth/id-token-expired');
  });
});

describe('GET /v1/get/user', () => {
  it('answers the signed-in member', async () => {
    const token = await t.idTokenFor('aurora-tenant', 'member@aurora.test');
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/get/user',
      headers: { 'x-app-url': 'http://localhost', authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'member@aurora.test',
      firstName: 'Maja',
      lastName: 'Lind',
      fullName: 'Maja Lind',
      completedOnboarding: true,
    });
  });
});

describe('unknown API paths', () => {
  it('answer 404 in the spec shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/get/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('calls from an app on another origin (CORS)', () => {
  it("allows a brand's app origin and the headers the client sends", async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/get/brand/role',
      headers: {
        origin: 'http://borealis.localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-app-url',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://borealis.localhost:5173');
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('x-app-url');
  });

  it('gives no CORS grant to an origin that is no brand', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/get/brand',
      query: { appUrl: 'http://localhost' },
      headers: { origin: 'http://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('GET /v1/openapi.json', () => {
  it('publishes the /v1 calls with their schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/v1/get/brand', '/v1/get/brand/role', '/v1/get/user', '/v1/get_list/offer', '/v1/get/billboard']),
    );
    expect(Object.keys(document.paths).some((path) => path.includes('identitytoolkit'))).toBe(false);
  });
});
