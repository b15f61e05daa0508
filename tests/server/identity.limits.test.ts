import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../server/db/schema/brands.ts';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { brandsFor, createClock, startIdentityApp, toolkitErrorBody, type IdentityTestApp } from './identity.helpers.ts';

const clock = createClock();
let t: IdentityTestApp;

const brandRow = (id: string, authTenantId: string, appHosts: string[]) => ({
  id,
  name: id,
  appHosts,
  authTenantId,
  contactEmail: `hello@${id}.example`,
  logoUrl: '/logo.svg',
  theme: {} as never,
  navigationBar: [],
  settings: {} as never,
});

beforeAll(async () => {
  // The brand table decides which tenants take sign-ups and where reset links may point.
  t = await startIdentityApp({ now: clock.now });
  await t.db.insert(brands).values([brandRow('aurora-brand', 'aurora', ['aurora.localhost']), brandRow('limits-brand', 'limits', ['localhost'])]);
}, 60_000);
afterAll(() => t.close());

const signUp = (tenantId: string, email: string, password = 'secret-1') => t.call('signUp', { email, password, tenantId });
const signIn = (tenantId: string, email: string, password: string, remoteAddress = '10.0.0.1') =>
  t.call('signInWithPassword', { email, password, tenantId }, { remoteAddress });
const tooMany = (response: { body: any }) => response.body.error?.message?.startsWith('TOO_MANY_ATTEMPTS_TRY_LATER : ');

describe('embedded identity: sign-in rate limits', () => {
  it('locks an account after 5 failures for 15 minutes, even for the right password', async () => {
    await signUp('limits', 'gus@example.com');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn('limits', 'gus@example.com', 'wrong', `10.1.0.${attempt}`)).body).toEqual(toolkitErrorBody('INVALID_LOGIN_CREDENTIALS'));
    }
    expect(tooMany(await signIn('limits', 'gus@example.com', 'secret-1', '10.1.1.1'))).toBe(true);
    expect((await signIn('other-tenant', 'gus@example.com', 'wrong', '10.1.1.1')).body).toEqual(toolkitErrorBody('INVALID_LOGIN_CREDENTIALS'));
    clock.advance(15 * 60_000 + 1);
    expect((await signIn('limits', 'gus@example.com', 'secret-1', '10.1.1.1')).status).toBe(200);
  });

  it('locks a client address after 30 failures; a success does not reset its count', async () => {
    await signUp('limits', 'hal@example.com');
    for (let attempt = 0; attempt < 29; attempt++) {
      expect((await signIn('limits', `nobody${attempt}@example.com`, 'wrong', '10.2.0.1')).status).toBe(400);
    }
    expect((await signIn('limits', 'hal@example.com', 'secret-1', '10.2.0.1')).status).toBe(200);
    expect((await signIn('limits', 'nobody-last@example.com', 'wrong', '10.2.0.1')).body).toEqual(toolkitErrorBody('INVALID_LOGIN_CREDENTIALS'));
    expect(tooMany(await signIn('limits', 'hal@example.com', 'secret-1', '10.2.0.1'))).toBe(true);
    expect((await signIn('limits', 'hal@example.com', 'secret-1', '10.2.0.2')).status).toBe(200);
  });

  it('holds against parallel guesses', async () => {
    await signUp('limits', 'ivy@example.com');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn('limits', 'ivy@example.com', `guess-${i}`, `10.3.0.${i}`)));
    expect(answers.filter((a) => a.body.error?.message === 'INVALID_LOGIN_CREDENTIALS')).toHaveLength(5);
    expect(answers.filter(tooMany)).toHaveLength(7);
  });
});

const latestMailTo = async (to: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1))[0];
const codeFrom = (text: string) => /\/password_reset\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
const sendReset = (email: string, extra: object = {}, headers: Record<string, string> = {}) =>
  t.call('sendOobCode', { requestType: 'PASSWORD_RESET', email, tenantId: 'aurora', clientType: 'CLIENT_TYPE_WEB', ...extra }, { headers });

describe('embedded identity: password reset', () => {
  it('mails a link to the brand app, verifies and confirms once, and revokes older tokens', async () => {
    const created = await signUp('aurora', 'jo@example.com', 'old-secret');
    const sent = await sendReset('JO@example.com', {}, { origin: 'http://aurora.localhost:5173' });
    expect(sent).toEqual({ status: 200, body: { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: 'JO@example.com' } });
    const mail = (await latestMailTo('jo@example.com'))!;
    expect(mail).toMatchObject({ brandId: 'aurora-brand', subject: 'Reset your password' });
    expect(mail.text).toMatch(/http:\/\/aurora\.localhost:5173\/password_reset\/[A-Za-z0-9_-]{43}\n/);
    const oobCode = codeFrom(mail.text);

    const expected = { kind: 'identitytoolkit#ResetPasswordResponse', email: 'jo@example.com', requestType: 'PASSWORD_RESET' };
    expect((await t.call('resetPassword', { oobCode, tenantId: 'aurora' })).body).toEqual(expected);
    expect((await t.call('resetPassword', { oobCode, tenantId: 'elsewhere' })).body).toEqual(toolkitErrorBody('INVALID_OOB_CODE'));
    expect((await t.call('resetPassword', { oobCode, newPassword: '123' })).body.error.message).toMatch(/^WEAK_PASSWORD/);
    clock.advance(1500);
    expect((await t.call('resetPassword', { oobCode, newPassword: 'new-secret', tenantId: 'aurora' })).body).toEqual(expected);
    expect((await t.call('resetPassword', { oobCode, newPassword: 'other-secret' })).body).toEqual(toolkitErrorBody('INVALID_OOB_CODE'));

    await expect(t.identity.verifyIdToken(created.body.idToken)).rejects.toMatchObject({ code: 'auth/id-token-revoked' });
    expect((await signIn('aurora', 'jo@example.com', 'old-secret', '10.4.0.1')).body).toEqual(toolkitErrorBody('INVALID_LOGIN_CREDENTIALS'));
    expect((await signIn('aurora', 'jo@example.com', 'new-secret', '10.4.0.1')).status).toBe(200);
  });

  it('lets a code expire after an hour', async () => {
    await sendReset('jo@example.com', { continueUrl: 'https://aurora.localhost/app/?x=1' });
    const mail = (await latestMailTo('jo@example.com'))!;
    expect(mail.text).toContain('https://aurora.localhost/app/password_reset/');
    clock.advance(60 * 60_000);
    expect((await t.call('resetPassword', { oobCode: codeFrom(mail.text) })).body).toEqual(toolkitErrorBody('EXPIRED_OOB_CODE'));
  });

  it('sends nothing for unknown e-mails and refuses links to other sites', async () => {
    const before = await t.db.select().from(mailOutbox);
    expect((await sendReset('nobody@example.com', {}, { origin: 'http://aurora.localhost' })).status).toBe(200);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(before.length);
    expect((await sendReset('jo@example.com', { continueUrl: 'https://evil.example' })).body).toEqual(
      toolkitErrorBody('UNAUTHORIZED_DOMAIN : Domain not allowlisted by project'),
    );
    expect((await sendReset('jo@example.com', {}, { origin: 'https://evil.example' })).body.error.message).toMatch(/^UNAUTHORIZED_DOMAIN/);
    expect((await sendReset('jo@example.com', { continueUrl: 'javascript:alert(1)' })).body).toEqual(toolkitErrorBody('INVALID_CONTINUE_URI'));
    expect(await t.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('refuses tenants no brand owns', async () => {
    const before = await t.db.select().from(mailOutbox);
    await t.identity.createAccount({ tenantId: 'brandless', email: 'jo@example.com', password: 'secret-1' });
    expect((await sendReset('jo@example.com', { tenantId: 'brandless' }, { origin: 'http://aurora.localhost' })).body).toEqual(toolkitErrorBody('TENANT_NOT_FOUND'));
    expect(await t.db.select().from(mailOutbox)).toHaveLength(before.length);
  });
});

describe('embedded identity: sign-up and reset-mail limits per address', () => {
  let limited: IdentityTestApp;
  const from = (remoteAddress: string) => ({ remoteAddress, headers: { origin: 'http://localhost' } });
  const signUpFrom = (email: string, address: string) => limited.call('signUp', { email, password: 'secret-1', tenantId: 'aurora' }, from(address));
  const resetFrom = (email: string, address: string) =>
    limited.call('sendOobCode', { requestType: 'PASSWORD_RESET', email, tenantId: 'aurora' }, from(address));
  const mails = async () => (await limited.db.select().from(mailOutbox)).length;

  beforeAll(async () => {
    limited = await startIdentityApp({ now: clock.now, brandForTenant: brandsFor(['aurora']), loginLimits: { signUpsPerAddress: 3, resetMailsPerAddress: 2 } });
  }, 60_000);
  afterAll(() => limited.close());

  it('allows a few sign-ups per address and hour, failed ones included', async () => {
    expect((await signUpFrom('una@example.com', '10.5.0.1')).status).toBe(200);
    expect((await signUpFrom('UNA@example.com', '10.5.0.1')).body).toEqual(toolkitErrorBody('EMAIL_EXISTS'));
    expect((await signUpFrom('vic@example.com', '10.5.0.1')).status).toBe(200);
    expect(await signUpFrom('wes@example.com', '10.5.0.1')).toEqual({ status: 400, body: toolkitErrorBody('TOO_MANY_ATTEMPTS_TRY_LATER') });
    expect(await limited.identity.findAccountByEmail('aurora', 'wes@example.com')).toBeNull();
    expect((await signUpFrom('wes@example.com', '10.5.0.2')).status).toBe(200);
    clock.advance(60 * 60_000 + 1);
    expect((await signUpFrom('xia@example.com', '10.5.0.1')).status).toBe(200);
  });

  it('allows a few reset mails per address and hour, to unknown e-mails too', async () => {
    const before = await mails();
    expect((await resetFrom('una@example.com', '10.6.0.1')).status).toBe(200);
    expect((await resetFrom('nobody@example.com', '10.6.0.1')).status).toBe(200);
    expect(await resetFrom('vic@example.com', '10.6.0.1')).toEqual({ status: 400, body: toolkitErrorBody('TOO_MANY_ATTEMPTS_TRY_LATER') });
    expect(await mails()).toBe(before + 1);
    expect((await resetFrom('vic@example.com', '10.6.0.2')).status).toBe(200);
    expect(await mails()).toBe(before + 2);
    clock.advance(60 * 60_000 + 1);
    expect((await resetFrom('vic@example.com', '10.6.0.1')).status).toBe(200);
  });

  it('holds against parallel sign-ups', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => signUpFrom(`par${i}@example.com`, '10.7.0.1')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.body.error?.message === 'TOO_MANY_ATTEMPTS_TRY_LATER')).toHaveLength(3);
  });
});
