import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberCacheTtl } from '../../server/plugins/memberContext.ts';
import { auroraSignUp, call, latestMailTo, makeAccountBrands, resetTokenFrom, signUpMember, strongPassword, uniqueEmail } from './accounts.helpers.ts';
import { createClock } from './identity.helpers.ts';
import { identityUnderTest } from './support/identityUnderTest.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { parseBrandFileText } from '../../server/brands/brandFile.ts';
import { createBrand } from '../../server/brands/saveBrand.ts';

/**
 * What the API promises about identity, whichever provider stands behind it: the embedded one
 * here, and in CI the firebase provider against Google's Firebase Auth Emulator
 * (TEST_IDENTITY=firebase-emulator). Where the providers differ, the test says so.
 */
const provider = identityUnderTest();
const clock = createClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ identity: provider, now: clock.now });
  await makeAccountBrands(t);
});
afterAll(async () => t?.close());

const getUser = (idToken: string, brand: 'aurora' | 'borealis' = 'aurora') => call(t, { method: 'GET', url: '/v1/get/user', brand, idToken });
const updateUser = (idToken: string, body: Record<string, unknown>) => call(t, { method: 'PUT', url: '/v1/update/user', idToken, body });
const signIn = (email: string, password: string, tenantId = 'aurora-tenant') =>
  provider.toolkit(t.app, 'signInWithPassword', { email, password, tenantId, returnSecureToken: true });

/** Firebase compares revocation in whole seconds: a token must be from an earlier second to fall with it. */
async function intoNextSecond() {
  const second = Math.floor(Date.now() / 1000);
  while (Math.floor(Date.now() / 1000) === second) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe(`identity contract (${provider.kind})`, () => {
  it('creates an account that signs in and reaches its profile; a second account with the e-mail is refused', async () => {
    const member = await signUpMember(t);
    const answer = await getUser(member.idToken);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: member.uid, email: member.email });
    const again = await call(t, { method: 'POST', url: '/v1/create/user', body: auroraSignUp({ email: member.email.toUpperCase() }) });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('auth/email-already-exists');
    expect((await signIn(member.email, 'Wrong-password1')).status).toBe(400);
  });

  it("refuses a member's token on another brand, whose tenant it is not", async () => {
    const member = await signUpMember(t, 'aurora');
    const elsewhere = await getUser(member.idToken, 'borealis');
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.code).toBe('no_role_with_app_url');
    // Nor does its password open the other tenant.
    expect((await signIn(member.email, member.password, 'borealis-tenant')).status).toBe(400);
  });

  it('changes the profile without credentials, and the password only with the current one, revoking older tokens', async () => {
    const member = await signUpMember(t);
    expect((await updateUser(member.idToken, { firstName: 'Greta' })).body).toMatchObject({ firstName: 'Greta' });

    const refused = await updateUser(member.idToken, { password: 'Newer-secret1', currentPassword: 'Wrong-password1' });
    expect(refused).toMatchObject({ status: 400, body: { code: 'auth/wrong-password' } });
    expect((await getUser(member.idToken)).status).toBe(200);

    await intoNextSecond();
    expect((await updateUser(member.idToken, { password: 'Newer-secret1', currentPassword: member.password })).status).toBe(200);
    const old = await getUser(member.idToken);
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('auth/id-token-revoked');
    expect((await signIn(member.email, member.password)).status).toBe(400);
    const fresh = await signIn(member.email, 'Newer-secret1');
    expect(fresh.status).toBe(200);
    expect((await getUser(fresh.body.idToken)).status).toBe(200);
  });

  it('changes the e-mail with the current password and revokes the tokens issued for the old one', async () => {
    const member = await signUpMember(t);
    const email = uniqueEmail('moved');
    await intoNextSecond();
    const changed = await updateUser(member.idToken, { email, currentPassword: member.password });
    expect(changed.status).toBe(200);
    expect(changed.body.email).toBe(email);
    expect((await getUser(member.idToken)).body.code).toBe('auth/id-token-revoked');
    expect((await signIn(member.email, member.password)).status).toBe(400);
    const fresh = await signIn(email, member.password);
    expect(fresh.status).toBe(200);
    expect((await getUser(fresh.body.idToken)).body).toMatchObject({ id: member.uid, email });
  });

  it('deletes the account: its tokens stop working and it cannot sign in', async () => {
    const member = await signUpMember(t);
    expect((await call(t, { method: 'DELETE', url: '/v1/delete/user', idToken: member.idToken })).status).toBe(204);
    expect((await getUser(member.idToken)).status).toBe(401);
    expect((await signIn(member.email, member.password)).status).toBe(400);
  });

  it('resets a forgotten password through the mailed link', async () => {
    const member = await signUpMember(t);
    const asked = await call(t, { method: 'POST', url: '/v1/password_reset/user', body: { email: member.email, appUrl: 'http://aurora.localhost:8080' } });
    expect(asked.status).toBe(200);
    const token = resetTokenFrom((await latestMailTo(t, member.email))!.text);
    await intoNextSecond();
    const reset = await call(t, { method: 'PUT', url: '/v1/password_update/user', body: { verificationId: token, password: 'Reset-secret1' } });
    expect(reset.status).toBe(200);
    expect((await getUser(member.idToken)).status).toBe(401);
    expect((await signIn(member.email, 'Reset-secret1')).status).toBe(200);
  });

  it('signs a member in with a custom token (how bank eID ends)', async () => {
    const member = await signUpMember(t);
    const customToken = await t.identity.createCustomToken('aurora-tenant', member.uid);
    const signedIn = await provider.toolkit(t.app, 'signInWithCustomToken', { token: customToken, tenantId: 'aurora-tenant', returnSecureToken: true });
    expect(signedIn.status).toBe(200);
    expect((await getUser(signedIn.body.idToken)).body.id).toBe(member.uid);
  });

  it('refuses revoked tokens at once on the instance that revoked them, and on another once its cache lapses', async () => {
    const member = await signUpMember(t);
    const otherClock = createClock();
    const other = await createTestApp({ identity: provider, database: t.database, now: otherClock.now });
    try {
      const onOther = () => call(other, { method: 'GET', url: '/v1/get/user', idToken: member.idToken });
      expect((await onOther()).status).toBe(200);
      await intoNextSecond();
      expect((await updateUser(member.idToken, { password: 'Newer-secret1', currentPassword: member.password })).status).toBe(200);
      expect((await getUser(member.idToken)).status).toBe(401);
      // The other instance trusted its verdict for at most the role TTL (README, Security).
      otherClock.advance(memberCacheTtl.roleMs + 1);
      expect((await onOther()).status).toBe(401);
    } finally {
      await other.app.close();
    }
  });

  it(
    provider.exactRevocation
      ? 'revokes even a token from the same second as the change (embedded: exact)'
      : 'keeps a token from the same second as the change (Firebase revokes by whole seconds: docs/identity.md)',
    async () => {
      const member = await signUpMember(t, 'aurora', { password: strongPassword });
      // Sign in again and change the password within one second (retried if the second turns in between).
      for (let attempt = 0; ; attempt++) {
        await intoNextSecond();
        const second = Math.floor(Date.now() / 1000);
        const token = (await signIn(member.email, attempt % 2 === 0 ? strongPassword : 'Other-secret1')).body.idToken as string;
        const next = attempt % 2 === 0 ? 'Other-secret1' : strongPassword;
        const changed = await updateUser(token, { password: next, currentPassword: attempt % 2 === 0 ? strongPassword : 'Other-secret1' });
        expect(changed.status).toBe(200);
        if (Math.floor(Date.now() / 1000) !== second) {
          if (attempt < 5) continue;
          throw new Error('the machine is too slow to sign in and change a password within one second');
        }
        // A cached verdict is dropped by the revocation either way; the provider decides.
        expect((await getUser(token)).status).toBe(provider.exactRevocation ? 401 : 200);
        return;
      }
    },
  );

  it('a brand made by the brand command gets its tenant (Identity Platform: created there), and its members sign up and in', async () => {
    const file = parseBrandFileText(readFileSync(new URL('../../docs/brand.example.json', import.meta.url), 'utf8'));
    if (!file.ok) throw new Error('docs/brand.example.json does not pass');
    const tenants = t.identity.tenants;
    // The embedded provider keeps no tenants apart from the brands; Identity Platform (here the emulator) does.
    expect(tenants === undefined).toBe(provider.kind === 'embedded');
    // A tenant id Identity Platform does not know is refused (identity.errors.test.ts): the emulator makes any tenant it is asked about.
    const { brand, tenantCreated } = await createBrand(t.db, file.value, { tenants, createTenant: true });
    expect(tenantCreated).toBe(provider.kind !== 'embedded');
    if (tenants) expect(await tenants.exists(brand.authTenantId)).toBe(true);

    const email = uniqueEmail('polaris');
    const headers = { 'x-app-url': 'https://polaris.example.com' };
    const signUp = { brandId: 'polaris', signInType: 'password', email, password: strongPassword, firstName: 'Pia', lastName: 'Polar', termsAccepted: true };
    expect((await t.app.inject({ method: 'POST', url: '/v1/create/user', headers, payload: signUp })).statusCode).toBe(200);
    const signedIn = await signIn(email, strongPassword, brand.authTenantId);
    expect(signedIn.status).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/v1/get/user', headers: { ...headers, authorization: `Bearer ${signedIn.body.idToken}` } });
    expect(me.statusCode).toBe(200);
    // Its members' accounts are of its tenant alone.
    expect((await signIn(email, strongPassword, 'aurora-tenant')).status).toBe(400);
  });
});
