import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandRoles, passwordResetTokens, users } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { appUrl, call, freshAddress, latestMailTo, makeAccountBrands, personalNumber, resetTokenFrom, signInWithPassword, signUpMember, strongPassword, uniqueEmail } from './accounts.helpers.ts';

/** PUT /v1/update/user and DELETE /v1/delete/user. */
let t: TestApp;
const clock = { ms: Date.now(), now: () => clock.ms, advance: (ms: number) => void (clock.ms += ms) };
/** Past the few seconds the API trusts a verified token and a role without asking again. */
const pastTokenCache = () => clock.advance(6000);

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, loginLimits: { perAccountAndAddress: 3 } });
  await makeAccountBrands(t);
}, 60_000);
afterAll(() => t.close());

const update = (idToken: string | undefined, body: unknown, address?: string) =>
  call(t, { method: 'PUT', url: '/v1/update/user', idToken, body, address });
const getUser = (idToken: string) => call(t, { method: 'GET', url: '/v1/get/user', idToken });
const error = (status: number, code: string) => ({ status, body: expect.objectContaining({ status, code, message: expect.any(String) }) });

describe('PUT /v1/update/user', () => {
  it('changes only the fields sent, with names trimmed and a leading 0 turned into +46', async () => {
    const member = await signUpMember(t, 'aurora', { phoneNumber: '+46700000001' });
    const address = { careOf: 'c/o Berg', street: 'Storgatan 12', zipCode: '114 51', city: 'Stockholm' };
    const updated = await update(member.idToken, {
      firstName: ' Maja Li ',
      phoneNumber: '070-765 43 21',
      addressList: [{ ...address, careOf: undefined }, address],
      companyName: 'Lind AB',
      companyAddress: { street: 'Box 1', zipCode: '111 11', city: 'Stockholm' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      firstName: 'Maja Li',
      lastName: 'Lind',
      fullName: 'Maja Li Lind',
      email: member.email,
      phoneNumber: '+46707654321',
      addressList: [{ ...address, careOf: '' }, address],
      companyName: 'Lind AB',
      companyAddress: { careOf: '', street: 'Box 1', zipCode: '111 11', city: 'Stockholm' },
    });
    expect((await getUser(member.idToken)).body).toEqual(updated.body);
    const cleared = await update(member.idToken, { companyName: null, companyAddress: null, addressList: [] });
    expect(cleared.body).toMatchObject({ companyName: null, companyAddress: null, addressList: [], firstName: 'Maja Li' });
  });

  it('answers each missing or invalid field with its code and changes nothing', async () => {
    const member = await signUpMember(t);
    const before = (await getUser(member.idToken)).body;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ firstName: '' }, 400, 'user/first-name-missing'],
      [{ lastName: '  ' }, 400, 'user/last-name-missing'],
      [{ phoneNumber: '' }, 400, 'user/phone-number-missing'],
      [{ phoneNumber: '46 70' }, 400, 'phone_number_invalid'],
      [{ addressList: [{ careOf: '', zipCode: '1', city: 'X' }] }, 400, 'user/address-list-street-missing'],
      [{ addressList: [{ street: 'S 1', zipCode: ' ', city: 'X' }] }, 400, 'user/address-list-zip-code-missing'],
      [{ addressList: [{ street: 'S 1', zipCode: '1' }] }, 400, 'user/address-list-city-missing'],
      [{ email: 'nope' }, 400, 'user/email-invalid'],
      [{ ssn: personalNumber('19850714', 238) }, 400, 'invalid_request'],
      [{ id: 'someone-else' }, 400, 'invalid_request'],
      [{ completedOnboarding: false }, 400, 'invalid_request'],
      [{ addressList: 'Storgatan 1' }, 400, 'invalid_request'],
      [{ addressList: [{ street: 'S', zipCode: '1', city: 'X', country: 'SE' }] }, 400, 'invalid_request'],
      [{ firstName: { first: 'Ada' } }, 400, 'invalid_request'],
    ];
    for (const [overrides, status, code] of cases) {
      const answer = await update(member.idToken, { lastName: 'Changed', ...overrides });
      expect({ overrides, ...answer }).toMatchObject({ overrides, ...error(status, code) });
    }
    expect((await getUser(member.idToken)).body).toEqual(before);
  });

  it('changes the e-mail only with the right current password', async () => {
    const member = await signUpMember(t);
    const email = uniqueEmail('new-address');
    expect(await update(member.idToken, { email })).toMatchObject(error(400, 'auth/update-email-require-current-password'));
    expect(await update(member.idToken, { email, currentPassword: 'Wrong1234' })).toMatchObject(error(400, 'auth/wrong-password'));
    expect(await t.identity.findAccountByEmail('aurora-tenant', email)).toBeNull();
    // Sending the e-mail it already has is no change and needs nothing.
    expect((await update(member.idToken, { email: member.email.toUpperCase(), firstName: 'Same' })).status).toBe(200);

    const changed = await update(member.idToken, { email, currentPassword: member.password });
    expect(changed.status).toBe(200);
    expect(changed.body.email).toBe(email);
    expect(await t.identity.findAccountByEmail('aurora-tenant', email)).toBe(member.uid);
    expect((await signInWithPassword(t, email, member.password)).statusCode).toBe(200);
    expect((await signInWithPassword(t, member.email, member.password)).statusCode).toBe(400);

    const other = await signUpMember(t);
    expect(await update(other.idToken, { email, currentPassword: other.password })).toMatchObject(error(409, 'auth/email-already-exists'));
  });

  it('changes the password only with the right current password, and revokes older tokens', async () => {
    const member = await signUpMember(t);
    const password = 'Changed789Pw';
    expect(await update(member.idToken, { password })).toMatchObject(error(400, 'auth/update-password-require-current-password'));
    expect(await update(member.idToken, { password: 'weak', currentPassword: member.password })).toMatchObject(error(400, 'auth/invalid-password'));
    expect(await update(member.idToken, { password, currentPassword: 'Wrong1234' })).toMatchObject(error(400, 'auth/wrong-password'));
    clock.advance(2000);
    const changed = await update(member.idToken, { password, currentPassword: member.password, firstName: 'Renamed' });
    expect(changed).toMatchObject({ status: 200, body: { firstName: 'Renamed' } });
    pastTokenCache();
    expect(await getUser(member.idToken)).toMatchObject(error(401, 'auth/id-token-revoked'));
    expect((await signInWithPassword(t, member.email, member.password)).statusCode).toBe(400);
    expect((await signInWithPassword(t, member.email, password)).statusCode).toBe(200);
  });

  it('spends the reset links mailed before an e-mail or password change, and only then', async () => {
    const member = await signUpMember(t);
    const resetLink = async (email: string) => {
      expect((await call(t, { method: 'POST', url: '/v1/password_reset/user', body: { email, appUrl: appUrl.aurora } })).status).toBe(200);
      return resetTokenFrom((await latestMailTo(t, email))!.text)!;
    };
    const useLink = (token: string) => call(t, { method: 'PUT', url: '/v1/password_update/user', body: { verificationId: token, password: 'Taken0ver9' } });
    const liveLinks = async () =>
      (await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.uid))).filter((row) => row.usedAt === null).length;

    const beforeEmailChange = await resetLink(member.email);
    await update(member.idToken, { firstName: 'Only', email: uniqueEmail('moved'), currentPassword: 'Wrong1234' });
    await update(member.idToken, { firstName: 'Only' });
    expect(await liveLinks()).toBe(1);
    const email = uniqueEmail('moved');
    expect((await update(member.idToken, { email, currentPassword: member.password })).status).toBe(200);
    expect(await liveLinks()).toBe(0);
    expect(await useLink(beforeEmailChange)).toMatchObject(error(400, 'password_reset_token_invalid'));

    // The e-mail change revoked the old token; the client signs in again with the new address.
    const idToken = await t.idTokenFor('aurora-tenant', email, member.password);
    const beforePasswordChange = await resetLink(email);
    expect((await update(idToken, { password: 'Changed456Pw', currentPassword: member.password })).status).toBe(200);
    expect(await useLink(beforePasswordChange)).toMatchObject(error(400, 'password_reset_token_invalid'));
    expect((await signInWithPassword(t, email, 'Changed456Pw')).statusCode).toBe(200);
  });

  it('locks the current-password check after repeated wrong guesses, like sign-in', async () => {
    const member = await signUpMember(t);
    const guess = (currentPassword: string) => update(member.idToken, { password: 'Another123', currentPassword }, freshAddress());
    for (let i = 0; i < 3; i++) expect(await guess(`Wrong${i}Guess`)).toMatchObject(error(400, 'auth/wrong-password'));
    expect(await guess('Wrong9Guess')).toMatchObject(error(429, 'auth/too-many-attempts'));
    // Locked even for the right one, until the window passes.
    expect(await guess(member.password)).toMatchObject(error(429, 'auth/too-many-attempts'));
  });

  it('only ever changes the caller: the token decides, not the body or the brand in the URL', async () => {
    const alice = await signUpMember(t);
    const bob = await signUpMember(t);
    const bobBefore = (await getUser(bob.idToken)).body;
    expect(await update(alice.idToken, { id: bob.uid, firstName: 'Mallory' })).toMatchObject(error(400, 'invalid_request'));
    const own = await update(alice.idToken, { firstName: 'Alice' });
    expect(own.body).toMatchObject({ id: alice.uid, firstName: 'Alice' });
    expect((await getUser(bob.idToken)).body).toEqual(bobBefore);
    // A token of Aurora's tenant gets nowhere on Borealis.
    const elsewhere = await call(t, { method: 'PUT', url: '/v1/update/user', brand: 'borealis', idToken: alice.idToken, body: { firstName: 'X' } });
    expect(elsewhere.status).toBe(403);
    expect(await update(undefined, { firstName: 'Nobody' })).toMatchObject(error(401, 'auth/unauthenticated'));
  });
});

describe('DELETE /v1/delete/user', () => {
  const remove = (idToken: string | undefined) => call(t, { method: 'DELETE', url: '/v1/delete/user', idToken });

  it('deletes the account, its profile, role and reset links; sign-in then fails', async () => {
    const member = await signUpMember(t);
    const bystander = await signUpMember(t);
    await t.db.insert(passwordResetTokens).values({ tokenHash: `h-${member.uid}`, brandId: 'aurora', userId: member.uid, expiresAt: new Date(clock.ms + 60_000) });

    const deleted = await remove(member.idToken);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(await t.db.select().from(users).where(and(eq(users.brandId, 'aurora'), eq(users.id, member.uid)))).toHaveLength(0);
    expect(await t.db.select().from(brandRoles).where(eq(brandRoles.userId, member.uid))).toHaveLength(0);
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.uid))).toHaveLength(0);
    expect(await t.identity.findAccountByEmail('aurora-tenant', member.email)).toBeNull();

    const signInAgain = await signInWithPassword(t, member.email, member.password);
    expect(signInAgain.statusCode).toBe(400);
    expect(signInAgain.json().error.message).toBe('INVALID_LOGIN_CREDENTIALS');
    pastTokenCache();
    expect(await getUser(member.idToken)).toMatchObject(error(401, 'auth/user-not-found'));
    expect((await getUser(bystander.idToken)).body.id).toBe(bystander.uid);
    // The e-mail is free for a new sign-up.
    expect((await call(t, { method: 'POST', url: '/v1/create/user', body: { brandId: 'aurora', signInType: 'password', email: member.email, password: strongPassword, termsAccepted: true, firstName: 'A', lastName: 'B' } })).status).toBe(200);
  });

  it('keeps profile and role when the identity account cannot be deleted', async () => {
    const member = await signUpMember(t);
    const deleteAccount = t.identity.deleteAccount;
    t.identity.deleteAccount = async () => {
      throw new Error('identity provider down');
    };
    try {
      expect(await remove(member.idToken)).toMatchObject(error(500, 'internal_error'));
    } finally {
      t.identity.deleteAccount = deleteAccount;
    }
    pastTokenCache();
    expect((await getUser(member.idToken)).body).toMatchObject({ id: member.uid, email: member.email });
  });

  it('needs a sign-in from the last five minutes (403, not a session problem), and keeps everything otherwise', async () => {
    const member = await signUpMember(t);
    clock.advance(5 * 60_000 + 1000);
    // The token is still valid for everything else.
    expect((await getUser(member.idToken)).body.id).toBe(member.uid);
    expect(await remove(member.idToken)).toMatchObject(error(403, 'auth/requires-recent-login'));
    expect(await t.db.select().from(users).where(eq(users.id, member.uid))).toHaveLength(1);
    expect(await t.identity.findAccountByEmail('aurora-tenant', member.email)).toBe(member.uid);

    // A fresh sign-in (as the client does after asking for the password) may delete.
    const fresh = await t.idTokenFor('aurora-tenant', member.email, member.password);
    clock.advance(5 * 60_000 - 1000);
    expect((await remove(fresh)).status).toBe(204);
    expect(await t.identity.findAccountByEmail('aurora-tenant', member.email)).toBeNull();
  });

  it('needs a signed-in member', async () => {
    expect(await remove(undefined)).toMatchObject(error(401, 'auth/unauthenticated'));
  });
});
