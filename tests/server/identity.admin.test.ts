import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPasswordWithFirebase } from '../../server/identity/firebase/passwordCheck.ts';
import { brandsFor, createClock, startIdentityApp, type IdentityTestApp } from './identity.helpers.ts';

/** The provider's admin side the account routes use: set password, change e-mail, check password, delete. */
const clock = createClock();
let t: IdentityTestApp;

beforeAll(async () => {
  t = await startIdentityApp({ now: clock.now, brandForTenant: brandsFor(['north', 'south']), loginLimits: { perAccountAndAddress: 3 } });
}, 60_000);
afterAll(() => t.close());

const signIn = (tenantId: string, email: string, password: string, remoteAddress = '10.1.0.1') =>
  t.call('signInWithPassword', { email, password, tenantId, returnSecureToken: true }, { remoteAddress });
const account = (email: string, tenantId = 'north') => t.identity.createAccount({ tenantId, email, password: 'Start123Pass' });

describe('embedded identity: admin operations', () => {
  it('sets a password and revokes the tokens issued before', async () => {
    const uid = await account('ann@example.com');
    const before = (await signIn('north', 'ann@example.com', 'Start123Pass')).body.idToken as string;
    clock.advance(1500);
    await expect(t.identity.setPassword('south', uid, 'Other123Pass')).rejects.toMatchObject({ status: 404, code: 'auth/user-not-found' });
    await t.identity.setPassword('north', uid, 'Next1234Pass');
    await expect(t.identity.verifyIdToken(before)).rejects.toMatchObject({ code: 'auth/id-token-revoked' });
    expect((await signIn('north', 'ann@example.com', 'Start123Pass')).status).toBe(400);
    expect((await signIn('north', 'ann@example.com', 'Next1234Pass')).status).toBe(200);
  });

  it('changes the e-mail unless another account of the tenant has it', async () => {
    const uid = await account('bo@example.com');
    await account('taken@example.com');
    await account('free@example.com', 'south');
    await expect(t.identity.updateEmail('north', uid, 'Taken@Example.com')).rejects.toMatchObject({ status: 409, code: 'auth/email-already-exists' });
    await expect(t.identity.updateEmail('north', uid, 'not-an-email')).rejects.toMatchObject({ status: 400 });
    await expect(t.identity.updateEmail('south', uid, 'x@example.com')).rejects.toMatchObject({ status: 404 });
    await t.identity.updateEmail('north', uid, 'BO@example.com');
    await t.identity.updateEmail('north', uid, 'Free@Example.com');
    expect(await t.identity.findAccountByEmail('north', 'free@example.com')).toBe(uid);
    expect(await t.identity.findAccountByEmail('north', 'bo@example.com')).toBeNull();
  });

  it('checks the current password under its own limit, which failed sign-ins never reach', async () => {
    const uid = await account('cy@example.com');
    // A stranger's failed sign-ins do not refuse the member's own check.
    for (let i = 0; i < 4; i++) await signIn('north', 'cy@example.com', `Wrong${i}`, '10.2.0.9');
    expect(await t.identity.verifyPassword('north', uid, 'Start123Pass', '10.2.0.9')).toBe(true);
    await expect(t.identity.verifyPassword('south', uid, 'Start123Pass', '10.2.0.1')).rejects.toMatchObject({ status: 404 });
    // Only a holder of the member's token gets here: its guesses count for the account, from any address.
    for (let i = 0; i < 3; i++) expect(await t.identity.verifyPassword('north', uid, `Wrong${i}`, `10.2.1.${i}`)).toBe(false);
    await expect(t.identity.verifyPassword('north', uid, 'Start123Pass', '10.2.0.2')).rejects.toMatchObject({ status: 429, code: 'auth/too-many-attempts' });
    expect((await signIn('north', 'cy@example.com', 'Start123Pass', '10.2.0.3')).status).toBe(200);
  });

  it('deletes an account of the tenant only, and a second time quietly', async () => {
    const uid = await account('dee@example.com');
    await t.identity.deleteAccount('south', uid);
    expect(await t.identity.findAccountByEmail('north', 'dee@example.com')).toBe(uid);
    await t.identity.deleteAccount('north', uid);
    expect(await t.identity.findAccountByEmail('north', 'dee@example.com')).toBeNull();
    await expect(t.identity.deleteAccount('north', uid)).resolves.toBeUndefined();
  });
});

describe("firebase provider's password check (accounts:signInWithPassword over REST)", () => {
  /** Sends the REST call to the embedded provider, which speaks the same protocol. */
  const viaEmbedded: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const response = await t.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/json' },
      payload: String(init?.body),
    });
    return new Response(response.body, { status: response.statusCode, headers: { 'content-type': 'application/json' } });
  };
  const check = (uid: string, email: string, password: string, overrides: Partial<Parameters<typeof checkPasswordWithFirebase>[0]> = {}) =>
    checkPasswordWithFirebase({ apiKey: 'key', tenantId: 'north', uid, email, password, fetch: viaEmbedded, ...overrides });

  it('answers true for the right password of that very account, false otherwise', async () => {
    const uid = await account('eve@example.com');
    expect(await check(uid, 'eve@example.com', 'Start123Pass')).toBe(true);
    expect(await check(uid, 'eve@example.com', 'Wrong123Pass')).toBe(false);
    expect(await check('someone-else', 'eve@example.com', 'Start123Pass')).toBe(false);
    expect(await check(uid, 'nobody@example.com', 'Start123Pass')).toBe(false);
  });

  it('reports lockout as 429 and a missing key or an unreachable service as 503', async () => {
    const uid = await account('fay@example.com');
    for (let i = 0; i < 3; i++) await check(uid, 'fay@example.com', `Wrong${i}`);
    await expect(check(uid, 'fay@example.com', 'Start123Pass')).rejects.toMatchObject({ status: 429, code: 'auth/too-many-attempts' });
    await expect(check(uid, 'fay@example.com', 'x', { apiKey: undefined })).rejects.toMatchObject({ status: 503, code: 'auth/provider-unavailable' });
    const down: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    await expect(check(uid, 'fay@example.com', 'x', { fetch: down })).rejects.toMatchObject({ status: 503 });
  });
});
