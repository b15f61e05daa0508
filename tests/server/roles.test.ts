import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember } from './support/factories.ts';

/**
 * Spec 6: an account needs a role for the app URL; one registered with another partner is told
 * so with its own code.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const aurora = await makeBrand(t.db, 'aurora', ['localhost']);
  const borealis = await makeBrand(t.db, 'borealis', ['borealis.localhost']);

  await makeMember(t.db, t.identity, aurora, { email: 'norole@aurora.test', role: 'none' });
  // Same person in both tenants: a role in Borealis only, an Aurora account without a role.
  await makeMember(t.db, t.identity, borealis, { email: 'partner@example.test' });
  await makeMember(t.db, t.identity, aurora, { email: 'Partner@Example.test', role: 'none' });
  // Borealis role revoked: nothing active elsewhere, so just no role here.
  await makeMember(t.db, t.identity, borealis, { email: 'gone@example.test', role: 'revoked' });
  await makeMember(t.db, t.identity, aurora, { email: 'gone@example.test', role: 'none' });
  // A revoked role here stays 'bad user role' even with an active role elsewhere.
  await makeMember(t.db, t.identity, borealis, { email: 'both@example.test' });
  await makeMember(t.db, t.identity, aurora, { email: 'both@example.test', role: 'revoked' });
});
afterAll(() => t.close());

const call = (url: string, appUrl: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-app-url': appUrl, authorization: `Bearer ${token}` } });

describe.each(['/v1/get/brand/role', '/v1/get/user'])('role check on %s', (url) => {
  it('answers 403 no_role_with_app_url to an account without any role', async () => {
    const token = await t.idTokenFor('aurora-tenant', 'norole@aurora.test');
    const response = await call(url, 'http://localhost:8080', token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 403, code: 'no_role_with_app_url', message: 'no role with app url' });
  });

  it('answers 403 email_registered_with_other_partner when the e-mail has an active role in another brand', async () => {
    const token = await t.idTokenFor('aurora-tenant', 'partner@example.test');
    const response = await call(url, 'http://localhost:8080', token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      status: 403,
      code: 'email_registered_with_other_partner',
      message: 'email registered with other partner',
    });
    // The same person on the partner's own app is a member.
    const own = await call(url, 'http://borealis.localhost:8080', await t.idTokenFor('borealis-tenant', 'partner@example.test'));
    expect(own.statusCode).toBe(200);
  });

  it('does not count a revoked role in another brand', async () => {
    const token = await t.idTokenFor('aurora-tenant', 'gone@example.test');
    const response = await call(url, 'http://localhost:8080', token);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('no_role_with_app_url');
  });

  it("keeps 'bad user role for app url' for a revoked role here, whatever other brands say", async () => {
    const token = await t.idTokenFor('aurora-tenant', 'both@example.test');
    const response = await call(url, 'http://localhost:8080', token);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('bad_user_role_for_app_url');
  });

  it("keeps no_role_with_app_url for a token of another brand's tenant", async () => {
    const token = await t.idTokenFor('borealis-tenant', 'partner@example.test');
    const response = await call(url, 'http://localhost:8080', token);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('no_role_with_app_url');
  });
});
