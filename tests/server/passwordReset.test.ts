import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResetTokens } from '../../server/db/schema/index.ts';
import { makeBrand, makeMember } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { appUrl, call, freshAddress, latestMailTo, makeAccountBrands, resetTokenFrom, signInWithPassword, signUpMember } from './accounts.helpers.ts';

/** POST /v1/password_reset/user and PUT /v1/password_update/user: the API's own reset, by mail. */
let t: TestApp;
const clock = { ms: Date.now(), now: () => clock.ms, advance: (ms: number) => void (clock.ms += ms) };

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, accountRateLimits: { resetPerWindow: 8 } });
  await makeAccountBrands(t);
}, 60_000);
afterAll(() => t.close());

const error = (status: number, code: string) => ({ status, body: expect.objectContaining({ status, code, message: expect.any(String) }) });
const requestReset = (body: unknown, brand: 'aurora' | 'borealis' = 'aurora', address?: string) =>
  call(t, { method: 'POST', url: '/v1/password_reset/user', brand, body, address });
const setNewPassword = (body: unknown, brand: 'aurora' | 'borealis' = 'aurora') =>
  call(t, { method: 'PUT', url: '/v1/password_update/user', brand, body });
const mailCount = async () => (await t.db.select().from(mailOutbox)).length;

/** Asks for a reset link and answers the token from the mail. */
async function resetToken(email: string, page = `${appUrl.aurora}/forgotpassword`) {
  expect(await requestReset({ email, appUrl: page })).toEqual(expect.objectContaining({ status: 200, body: {} }));
  return resetTokenFrom((await latestMailTo(t, email))!.text)!;
}

describe('asking for a reset link', () => {
  it("mails a single link on the brand's own app host, and keeps only the token's hash", async () => {
    const member = await signUpMember(t);
    const answer = await requestReset({ email: member.email.toUpperCase(), appUrl: 'http://aurora.localhost:8080/forgotpassword?x=1' });
    expect(answer).toMatchObject({ status: 200, body: {} });
    const mail = (await latestMailTo(t, member.email))!;
    expect(mail).toMatchObject({ brandId: 'aurora', subject: 'Reset your Aurora password', sentAt: null });
    expect(mail.text).toMatch(/^http:\/\/aurora\.localhost:8080\/password_reset\/[A-Za-z0-9_-]{43}$/m);
    expect(mail.html).toContain(`href="http://aurora.localhost:8080/password_reset/`);
    const token = resetTokenFrom(mail.text)!;
    const [stored] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.uid));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - clock.ms).toBe(60 * 60_000);
  });

  it('refuses links to anything but the brand of the app URL, and sends nothing', async () => {
    const member = await signUpMember(t);
    const before = await mailCount();
    // The brand's own local host on another port is another service (issue 20): never mailed.
    for (const page of ['http://borealis.localhost:8080/', 'https://evil.example/forgotpassword', 'javascript:alert(1)', 'aurora.localhost', 'http://aurora.localhost.evil.example/', 'http://aurora.localhost:1/evil', 'http://localhost:9/']) {
      expect({ page, ...(await requestReset({ email: member.email, appUrl: page })) }).toMatchObject({ page, ...error(400, 'brand_mismatch') });
    }
    expect(await mailCount()).toBe(before);
  });

  it('answers the contract codes for unknown, missing and invalid e-mails', async () => {
    const nordic = await signUpMember(t, 'borealis', { ssn: '198507142381' });
    expect(await requestReset({ email: 'nobody@example.com', appUrl: appUrl.aurora })).toMatchObject(error(404, 'password_reset_user_not_found'));
    // A member of another brand is unknown here.
    expect(await requestReset({ email: nordic.email, appUrl: appUrl.aurora })).toMatchObject(error(404, 'password_reset_user_not_found'));
    expect(await requestReset({ appUrl: appUrl.aurora })).toMatchObject(error(400, 'user/email-missing'));
    expect(await requestReset({ email: 'nope', appUrl: appUrl.aurora })).toMatchObject(error(400, 'user/email-invalid'));
    expect(await requestReset({ email: 'a@example.com' })).toMatchObject(error(400, 'invalid_request'));
    expect(await requestReset({ email: ['a@example.com'], appUrl: appUrl.aurora })).toMatchObject(error(400, 'invalid_request'));
    expect((await requestReset({ email: nordic.email, appUrl: appUrl.borealis }, 'borealis')).status).toBe(200);
  });

  it('keeps at most five live links per member: more requests answer 200 and mail nothing', async () => {
    const member = await signUpMember(t);
    for (let i = 0; i < 5; i++) expect((await requestReset({ email: member.email, appUrl: appUrl.aurora })).status).toBe(200);
    const before = await mailCount();
    // Whoever keeps asking cannot tell, and cannot keep the member from the links already mailed.
    expect(await requestReset({ email: member.email, appUrl: appUrl.aurora })).toMatchObject({ status: 200, body: {} });
    expect(await mailCount()).toBe(before);
    expect(await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.uid))).toHaveLength(5);
    const mailed = resetTokenFrom((await latestMailTo(t, member.email))!.text)!;
    expect((await setNewPassword({ verificationId: mailed, password: 'Mine1234Pass' })).status).toBe(200);
    clock.advance(60 * 60_000);
    expect((await requestReset({ email: member.email, appUrl: appUrl.aurora })).status).toBe(200);
    expect(await mailCount()).toBe(before + 1);
  });

  it('links to https on the default port for any host but localhost, whatever the app URL says', async () => {
    const nova = await makeBrand(t.db, 'nova', ['nova.example', 'localhost.nova.example']);
    const email = `reset-${Date.now()}@example.com`;
    await makeMember(t.db, t.identity, nova, { email });
    const ask = async (page: string) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/v1/password_reset/user',
        remoteAddress: freshAddress(),
        headers: { 'x-app-url': 'https://nova.example', 'content-type': 'application/json' },
        payload: JSON.stringify({ email, appUrl: page }),
      });
      expect(answer.statusCode).toBe(200);
      return (await latestMailTo(t, email))!.text;
    };
    expect(await ask('http://nova.example:8081/forgotpassword')).toMatch(/^https:\/\/nova\.example\/password_reset\/[A-Za-z0-9_-]{43}$/m);
    expect(await ask('https://localhost.nova.example:444/')).toMatch(/^https:\/\/localhost\.nova\.example\/password_reset\//m);
    // Local development hosts keep theirs (see the first test: http://aurora.localhost:8080).
  });

  it('limits requests per client address, unknown e-mails included', async () => {
    const address = freshAddress();
    for (let i = 0; i < 8; i++) expect((await requestReset({ email: `ghost${i}@example.com`, appUrl: appUrl.aurora }, 'aurora', address)).status).toBe(404);
    expect(await requestReset({ email: 'ghost@example.com', appUrl: appUrl.aurora }, 'aurora', address)).toMatchObject(error(429, 'auth/too-many-attempts'));
  });
});

describe('setting the new password', () => {
  it('sets it once, uses up the other links, and revokes older tokens', async () => {
    const member = await signUpMember(t);
    const first = await resetToken(member.email);
    const second = await resetToken(member.email);
    clock.advance(2000);
    const password = 'Reset123Pass';
    expect(await setNewPassword({ verificationId: second, password })).toMatchObject({ status: 200, body: {} });
    expect((await signInWithPassword(t, member.email, password)).statusCode).toBe(200);
    expect((await signInWithPassword(t, member.email, member.password)).statusCode).toBe(400);
    clock.advance(6000);
    expect(await call(t, { method: 'GET', url: '/v1/get/user', idToken: member.idToken })).toMatchObject(error(401, 'auth/id-token-revoked'));

    expect(await setNewPassword({ verificationId: second, password: 'Again123Pass' })).toMatchObject(error(400, 'password_reset_token_invalid'));
    expect(await setNewPassword({ verificationId: first, password: 'Again123Pass' })).toMatchObject(error(400, 'password_reset_token_invalid'));
    expect((await signInWithPassword(t, member.email, password)).statusCode).toBe(200);
  });

  it('lets a link expire after an hour', async () => {
    const member = await signUpMember(t);
    const token = await resetToken(member.email);
    clock.advance(60 * 60_000 - 1000);
    expect(await setNewPassword({ verificationId: token, password: 'Weak' })).toMatchObject(error(400, 'auth/invalid-password'));
    clock.advance(1000);
    expect(await setNewPassword({ verificationId: token, password: 'Late1234Pass' })).toMatchObject(error(400, 'password_reset_token_expired'));
    expect((await signInWithPassword(t, member.email, member.password)).statusCode).toBe(200);
  });

  it('refuses unknown tokens, bad passwords, and tokens of another brand', async () => {
    const member = await signUpMember(t);
    const token = await resetToken(member.email);
    expect(await setNewPassword({ verificationId: 'made-up', password: 'Valid123Pass' })).toMatchObject(error(400, 'password_reset_token_invalid'));
    expect(await setNewPassword({ password: 'Valid123Pass' })).toMatchObject(error(400, 'password_reset_token_invalid'));
    expect(await setNewPassword({ verificationId: token })).toMatchObject(error(400, 'auth/invalid-password'));
    expect(await setNewPassword({ verificationId: token, password: 'alllowercase1' })).toMatchObject(error(400, 'auth/invalid-password'));
    expect(await setNewPassword({ verificationId: token, password: { p: 1 } })).toMatchObject(error(400, 'invalid_request'));
    expect(await setNewPassword({ verificationId: token, password: 'Valid123Pass' }, 'borealis')).toMatchObject(error(400, 'password_reset_token_invalid'));
    // None of those used the token up.
    expect((await setNewPassword({ verificationId: token, password: 'Valid123Pass' })).status).toBe(200);
  });

  it('gives one success when the same link is used twice at once', async () => {
    const member = await signUpMember(t);
    const token = await resetToken(member.email);
    const answers = await Promise.all(['First123Pass', 'Second12Pass'].map((password) => setNewPassword({ verificationId: token, password })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? 'First123Pass' : 'Second12Pass';
    expect((await signInWithPassword(t, member.email, winner)).statusCode).toBe(200);
  });

  it('never answers with the password', async () => {
    const member = await signUpMember(t);
    const token = await resetToken(member.email);
    for (const password of ['short', 'Secret99Words']) {
      const answer = await setNewPassword({ verificationId: token, password });
      expect(answer.text).not.toContain(password);
    }
  });
});

describe('development pages', () => {
  it('are not served unless devTools is on', async () => {
    expect((await call(t, { method: 'GET', url: '/dev/outbox' })).status).toBe(404);
    expect((await call(t, { method: 'GET', url: '/dev/outbox.json' })).status).toBe(404);
  });
});
