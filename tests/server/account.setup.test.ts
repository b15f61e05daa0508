import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { appUrl, call, latestMailTo, makeAccountBrands, personalNumber, resetTokenFrom, setSettings, signUpMember, strongPassword, uniqueEmail } from './accounts.helpers.ts';

/** POST /v1/complete_onboardning/user (the spec's spelling): the set-up phase. */
let t: TestApp;
const clock = { ms: Date.now(), now: () => clock.ms, advance: (ms: number) => void (clock.ms += ms) };

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await makeAccountBrands(t);
}, 60_000);
afterAll(() => t.close());

const newPassword = 'Fresh456Pass';
const completeSetUp = (idToken: string | undefined, body: unknown, brand: 'aurora' | 'borealis' = 'aurora') =>
  call(t, { method: 'POST', url: '/v1/complete_onboardning/user', idToken, body, brand });
const error = (status: number, code: string) => ({ status, body: expect.objectContaining({ status, code, message: expect.any(String) }) });
const signIn = (brand: string, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test',
    payload: { email, password, tenantId: `${brand}-tenant`, returnSecureToken: true },
  });
const profile = async (brandId: string, id: string) =>
  (await t.db.select().from(users).where(and(eq(users.brandId, brandId), eq(users.id, id))))[0]!;

describe('completing set-up', () => {
  it('stores phone and bank-card prefix, sets the password, revokes older tokens and marks set-up done', async () => {
    const member = await signUpMember(t, 'aurora', { password: undefined });
    clock.advance(2000);
    const done = await completeSetUp(member.idToken, { phoneNumber: '070 111 22 33', password: newPassword, referralCode: '522661' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: member.uid, email: member.email, phoneNumber: '+46701112233', completedOnboarding: true });
    expect((await profile('aurora', member.uid)).referralCode).toBe('522661');
    clock.advance(6000); // past the API's few seconds of trust in a verified token
    // The temporary password and the token from it are done with; the new password signs in.
    expect((await call(t, { method: 'GET', url: '/v1/get/user', idToken: member.idToken })).body.code).toBe('auth/id-token-revoked');
    expect((await signIn('aurora', member.email, member.password)).statusCode).toBe(400);
    const fresh = await t.idTokenFor('aurora-tenant', member.email, newPassword);
    expect((await call(t, { method: 'GET', url: '/v1/get/user', idToken: fresh })).body.completedOnboarding).toBe(true);
  });

  it('does not ask again for the password the member chose at sign-up', async () => {
    const member = await signUpMember(t);
    expect(member.user.passwordChosen).toBe(true);
    const done = await completeSetUp(member.idToken, { phoneNumber: '+46701112239', referralCode: '522660' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ completedOnboarding: true, passwordChosen: true });
    clock.advance(6000);
    // Nothing about the sign-in changed: the token and the chosen password still work.
    expect((await call(t, { method: 'GET', url: '/v1/get/user', idToken: member.idToken })).body.completedOnboarding).toBe(true);
    expect((await signIn('aurora', member.email, member.password)).statusCode).toBe(200);
  });

  it('takes a generated password as not chosen until set-up or a reset replaces it', async () => {
    const member = await signUpMember(t, 'aurora', { password: undefined });
    expect(member.user.passwordChosen).toBe(false);
    expect(await completeSetUp(member.idToken, { phoneNumber: '+46701112240', referralCode: '522660' })).toMatchObject(error(400, 'auth/invalid-password'));
    const done = await completeSetUp(member.idToken, { phoneNumber: '+46701112240', password: newPassword, referralCode: '522660' });
    expect(done.body).toMatchObject({ completedOnboarding: true, passwordChosen: true });

    const other = await signUpMember(t, 'aurora', { password: undefined });
    expect((await call(t, { method: 'POST', url: '/v1/password_reset/user', body: { email: other.email, appUrl: appUrl.aurora } })).status).toBe(200);
    const token = resetTokenFrom((await latestMailTo(t, other.email))!.text)!;
    expect((await call(t, { method: 'PUT', url: '/v1/password_update/user', body: { verificationId: token, password: newPassword } })).status).toBe(200);
    expect((await profile('aurora', other.uid)).passwordChosen).toBe(true);
  });

  it('changes the e-mail when a new one is given', async () => {
    const member = await signUpMember(t);
    const email = uniqueEmail('moved');
    const done = await completeSetUp(member.idToken, { email: email.toUpperCase(), phoneNumber: '+46701112234', password: newPassword, referralCode: '123456' });
    expect(done.status).toBe(200);
    expect(done.body.email).toBe(email);
    expect(await t.identity.findAccountByEmail('aurora-tenant', email)).toBe(member.uid);
    expect(await t.identity.findAccountByEmail('aurora-tenant', member.email)).toBeNull();
    await expect(t.idTokenFor('aurora-tenant', email, newPassword)).resolves.toEqual(expect.any(String));
  });

  it('spends the reset links mailed before the set-up set a password', async () => {
    const member = await signUpMember(t, 'aurora', { password: undefined });
    expect((await call(t, { method: 'POST', url: '/v1/password_reset/user', body: { email: member.email, appUrl: appUrl.aurora } })).status).toBe(200);
    const token = resetTokenFrom((await latestMailTo(t, member.email))!.text)!;
    expect((await completeSetUp(member.idToken, { email: uniqueEmail('moved'), phoneNumber: '+46701112235', password: newPassword, referralCode: '123456' })).status).toBe(200);
    const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.uid));
    expect(row!.usedAt).not.toBeNull();
    const used = await call(t, { method: 'PUT', url: '/v1/password_update/user', body: { verificationId: token, password: 'Taken0ver9' } });
    expect(used).toMatchObject(error(400, 'password_reset_token_invalid'));
  });

  it('answers each missing or invalid field with its code and changes nothing', async () => {
    // A generated password: set-up must replace it.
    const member = await signUpMember(t, 'aurora', { password: undefined });
    const taken = await signUpMember(t);
    const valid = { phoneNumber: '+46701112235', password: newPassword, referralCode: '521358' };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ phoneNumber: undefined }, 400, 'user/phone-number-missing'],
      [{ phoneNumber: ' ' }, 400, 'user/phone-number-missing'],
      [{ phoneNumber: '12345' }, 400, 'phone_number_invalid'],
      [{ phoneNumber: '+0701234567' }, 400, 'phone_number_invalid'],
      [{ password: undefined }, 400, 'auth/invalid-password'],
      [{ password: 'password1' }, 400, 'auth/invalid-password'],
      [{ referralCode: undefined }, 400, 'referral_code_missing'],
      [{ referralCode: '' }, 400, 'referral_code_missing'],
      [{ referralCode: '52266' }, 400, 'referral_code_invalid'],
      [{ referralCode: 'abcdef' }, 400, 'referral_code_invalid'],
      [{ email: 'not-an-email' }, 400, 'user/email-invalid'],
      [{ email: '' }, 400, 'user/email-invalid'],
      [{ email: taken.email }, 409, 'auth/email-already-exists'],
      [{ phoneNumber: { number: 1 } }, 400, 'invalid_request'],
      [{ referralCode: ['522660'] }, 400, 'invalid_request'],
    ];
    for (const [overrides, status, code] of cases) {
      const answer = await completeSetUp(member.idToken, { ...valid, ...overrides });
      expect({ overrides, ...answer }).toMatchObject({ overrides, ...error(status, code) });
    }
    expect(await profile('aurora', member.uid)).toMatchObject({ completedOnboarding: false, phoneNumber: null, referralCode: null, email: member.email });
    expect((await signIn('aurora', member.email, member.password)).statusCode).toBe(200);
    // The e-mail it already has counts as unchanged.
    expect((await completeSetUp(member.idToken, { ...valid, email: member.email.toUpperCase() })).status).toBe(200);
  });

  it('asks for what the brand configured: a code of its length, or nothing', async () => {
    const nordic = await signUpMember(t, 'borealis', { ssn: personalNumber('19800101', 11) });
    const body = { phoneNumber: '+4791234567', password: newPassword };
    expect(await completeSetUp(nordic.idToken, { ...body, referralCode: 'AB12C' }, 'borealis')).toMatchObject(error(400, 'referral_code_invalid'));
    expect(await completeSetUp(nordic.idToken, { ...body, referralCode: '522660' }, 'borealis')).toMatchObject({ status: 200 });

    await setSettings(t, 'aurora', { referralCodeInputType: 'none' });
    clock.advance(31_000); // brands are cached for 30 s
    try {
      const member = await signUpMember(t);
      const done = await completeSetUp(member.idToken, { ...body, referralCode: 'ignored' });
      expect(done.status).toBe(200);
      expect((await profile('aurora', member.uid)).referralCode).toBeNull();
    } finally {
      await setSettings(t, 'aurora', { referralCodeInputType: 'options' });
      clock.advance(31_000);
    }
  });

  it('answers 409 the second time, and lets only one of two simultaneous set-ups through', async () => {
    const member = await signUpMember(t);
    const body = { phoneNumber: '+46701112236', password: newPassword, referralCode: '522660' };
    expect((await completeSetUp(member.idToken, body)).status).toBe(200);
    const again = await t.idTokenFor('aurora-tenant', member.email, newPassword);
    expect(await completeSetUp(again, body)).toMatchObject(error(409, 'user/onboarding-already-completed'));

    const racer = await signUpMember(t);
    const answers = await Promise.all([
      completeSetUp(racer.idToken, { ...body, password: 'First111Pass' }),
      completeSetUp(racer.idToken, { ...body, password: 'Second22Pass' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    // The password that works is the one of the request that was answered 200.
    const winner = answers[0]!.status === 200 ? 'First111Pass' : 'Second22Pass';
    const loser = winner === 'First111Pass' ? 'Second22Pass' : 'First111Pass';
    expect((await signIn('aurora', racer.email, winner)).statusCode).toBe(200);
    expect((await signIn('aurora', racer.email, loser)).statusCode).toBe(400);
  });

  it('undoes the set-up when the identity provider fails midway', async () => {
    const member = await signUpMember(t);
    const email = uniqueEmail('undo');
    const setPassword = t.identity.setPassword;
    t.identity.setPassword = async () => {
      throw new Error('identity provider down');
    };
    try {
      const answer = await completeSetUp(member.idToken, { email, phoneNumber: '+46701112237', password: newPassword, referralCode: '522660' });
      expect(answer).toMatchObject(error(500, 'internal_error'));
    } finally {
      t.identity.setPassword = setPassword;
    }
    expect(await profile('aurora', member.uid)).toMatchObject({ completedOnboarding: false, email: member.email, phoneNumber: null });
    expect(await t.identity.findAccountByEmail('aurora-tenant', member.email)).toBe(member.uid);
    // Changing the e-mail (even for a moment) revoked the tokens from before it: the app signs in again.
    const idToken = await t.idTokenFor('aurora-tenant', member.email, member.password);
    expect((await completeSetUp(idToken, { email, phoneNumber: '+46701112237', password: newPassword, referralCode: '522660' })).status).toBe(200);
  });

  it('needs a signed-in member of the brand', async () => {
    const body = { phoneNumber: '+46701112238', password: strongPassword, referralCode: '522660' };
    expect(await completeSetUp(undefined, body)).toMatchObject(error(401, 'auth/unauthenticated'));
    expect(await completeSetUp('not-a-token', body)).toMatchObject({ status: 401 });
    const member = await signUpMember(t);
    expect(await completeSetUp(member.idToken, body, 'borealis')).toMatchObject({ status: 403 });
  });
});
