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

const password = 'Secret-11';
/** An account made the way the API makes them (accounts:signUp is admin-only); answers a fresh session. */
async function signUp(tenantId: string, email: string, secret = password) {
  await t.identity.createAccount({ tenantId, email, password: secret });
  return signIn(tenantId, email, secret, '10.250.0.1');
}
const signIn = (tenantId: string, email: string, secret: string, remoteAddress = '10.0.0.1') =>
  t.call('signInWithPassword', { email, password: secret, tenantId }, { remoteAddress });
const tooMany = (response: { body: any }) => response.body.error?.message?.startsWith('TOO_MANY_ATTEMPTS_TRY_LATER : ');
const wrongPassword = (response: { body: any }) => response.body.error?.message === 'INVALID_LOGIN_CREDENTIALS';

describe('embedded identity: sign-in rate limits', () => {
  it('makes an address wait after 5 failures on one account, longer with each (never a 15-minute lock); the right password from elsewhere still works', async () => {
    await signUp('limits', 'gus@example.com');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn('limits', 'gus@example.com', 'wrong', '10.1.0.1')).body).toEqual(toolkitErrorBody('INVALID_LOGIN_CREDENTIALS'));
    }
    const waiting = await signIn('limits', 'gus@example.com', password, '10.1.0.1');
    expect(tooMany(waiting)).toBe(true);
    expect(waiting.body.error.message).toMatch(/in 1 second\./);
    // The member at home is not slowed by a stranger who knows the e-mail.
    expect((await signIn('limits', 'gus@example.com', password, '10.1.1.1')).status).toBe(200);
    expect((await signIn('other-tenant', 'gus@example.com', 'wrong', '10.1.0.1')).body).toEqual(toolkitErrorBody('INVALID_LOGIN_CREDENTIALS'));
    clock.advance(1000);
    expect((await signIn('limits', 'gus@example.com', 'wrong', '10.1.0.1')).body).toEqual(toolkitErrorBody('INVALID_LOGIN_CREDENTIALS'));
    expect((await signIn('limits', 'gus@example.com', password, '10.1.0.1')).body.error.message).toMatch(/in 2 seconds/);
    clock.advance(2000);
    expect((await signIn('limits', 'gus@example.com', password, '10.1.0.1')).status).toBe(200);
  });

  it('refuses a client address after 30 failures; a success does not reset its count', async () => {
    await signUp('limits', 'hal@example.com');
    for (let attempt = 0; attempt < 29; attempt++) {
      expect((await signIn('limits', `nobody${attempt}@example.com`, 'wrong', '10.2.0.1')).status).toBe(400);
    }
    expect((await signIn('limits', 'hal@example.com', password, '10.2.0.1')).status).toBe(200);
    expect((await signIn('limits', 'nobody-last@example.com', 'wrong', '10.2.0.1')).body).toEqual(toolkitErrorBody('INVALID_LOGIN_CREDENTIALS'));
    expect(tooMany(await signIn('limits', 'hal@example.com', password, '10.2.0.1'))).toBe(true);
    expect((await signIn('limits', 'hal@example.com', password, '10.2.0.2')).status).toBe(200);
  });

  it('counts every address of an IPv6 /64 as one, and different /64s apart', async () => {
    const inOne64 = (i: number) => `2001:db8:40:1:${i.toString(16)}::${i + 1}`;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn('limits', `v6crowd${i}@example.com`, 'wrong', inOne64(i))));
    expect(answers.filter(wrongPassword)).toHaveLength(30);
    expect(answers.filter(tooMany)).toHaveLength(10);
    // The same /64 spelt otherwise, or reached as ::ffff-mapped IPv4 of another address: still its own count.
    expect(tooMany(await signIn('limits', 'v6-more@example.com', 'wrong', '2001:0db8:0040:0001:ffff:ffff:ffff:ffff'))).toBe(true);
    expect((await signIn('limits', 'v6-next@example.com', 'wrong', '2001:db8:40:2::1')).body).toEqual(toolkitErrorBody('INVALID_LOGIN_CREDENTIALS'));

    // One account from many addresses of one /64: the address's wait after 5 failures, not 5 per address.
    await signUp('limits', 'v6member@example.com');
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn('limits', 'v6member@example.com', `guess-${i}`, `2001:db8:41:7::${i + 1}`)));
    expect(guesses.filter(wrongPassword)).toHaveLength(5);
    expect(guesses.filter(tooMany)).toHaveLength(7);
    expect((await signIn('limits', 'v6member@example.com', password, '2001:db8:41:8::1')).status).toBe(200);
  });

  it('holds against parallel guesses on one account from one address', async () => {
    await signUp('limits', 'ivy@example.com');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn('limits', 'ivy@example.com', `guess-${i}`, '10.3.0.1')));
    expect(answers.filter(wrongPassword)).toHaveLength(5);
    expect(answers.filter(tooMany)).toHaveLength(7);
    // Past the free failures, parallel guesses get one check per wait.
    clock.advance(1000);
    const later = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn('limits', 'ivy@example.com', `later-${i}`, '10.3.0.1')));
    expect(later.filter(wrongPassword)).toHaveLength(1);
  });

  it('checks no more passwords than the address allows when many sign-ins arrive together', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn('limits', `crowd${i}@example.com`, 'wrong', '10.3.1.1')));
    expect(answers.filter(wrongPassword)).toHaveLength(30);
    expect(answers.filter(tooMany)).toHaveLength(30);
  });

  it('lets a completed reset restore access at once, as the refusal promises', async () => {
    await signUp('aurora', 'kim@example.com');
    for (let attempt = 0; attempt < 5; attempt++) await signIn('aurora', 'kim@example.com', 'wrong', '10.3.2.1');
    expect(tooMany(await signIn('aurora', 'kim@example.com', password, '10.3.2.1'))).toBe(true);
    expect((await sendReset('kim@example.com', {}, { origin: 'http://aurora.localhost:8080' })).status).toBe(200);
    const oobCode = codeFrom((await latestMailTo('kim@example.com'))!.text);
    expect((await t.call('resetPassword', { oobCode, newPassword: 'Fresh-Secret-2' })).status).toBe(200);
    expect((await signIn('aurora', 'kim@example.com', 'Fresh-Secret-2', '10.3.2.1')).status).toBe(200);
  });
});

describe('embedded identity: the per-account wait', () => {
  let ceiling: IdentityTestApp;
  beforeAll(async () => {
    ceiling = await startIdentityApp({ now: clock.now, loginLimits: { accountFreeFailures: 8, throttleCeilingMs: 10_000 } });
    await ceiling.identity.createAccount({ tenantId: 'aurora', email: 'lea@example.com', password });
  }, 60_000);
  afterAll(() => ceiling.close());
  const signInAt = (secret: string, remoteAddress: string) =>
    ceiling.call('signInWithPassword', { email: 'lea@example.com', password: secret, tenantId: 'aurora' }, { remoteAddress });

  it('slows a guesser spread over many addresses to one check per wait, and the wait stops at its ceiling', async () => {
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => signInAt('wrong', `10.9.${i}.1`)));
    expect(guesses.filter(wrongPassword)).toHaveLength(8);
    expect(tooMany(await signInAt(password, '10.9.99.1'))).toBe(true);
    for (const wait of [1000, 2000, 4000, 8000, 10_000, 10_000]) {
      clock.advance(wait - 1);
      expect(tooMany(await signInAt('wrong', '10.9.98.1'))).toBe(true);
      clock.advance(1);
      const round = await Promise.all(Array.from({ length: 5 }, (_, i) => signInAt('wrong', `10.9.97.${i + 1}`)));
      expect(round.filter(wrongPassword)).toHaveLength(1);
    }
    clock.advance(10_000);
    expect((await signInAt(password, '10.9.99.1')).status).toBe(200);
  });
});

const latestMailTo = async (to: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1))[0];
const codeFrom = (text: string) => /\/password_reset\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
/** As the app's page asks: the request goes to the page's own origin (its Host), the link back to the page. */
const pageHost = (extra: { continueUrl?: string }, headers: Record<string, string>): Record<string, string> => {
  const page = extra.continueUrl ?? headers.origin;
  return page && URL.canParse(page) ? { host: new URL(page).host } : {};
};
const sendReset = (email: string, extra: { continueUrl?: string; tenantId?: string } = {}, headers: Record<string, string> = {}) =>
  t.call('sendOobCode', { requestType: 'PASSWORD_RESET', email, tenantId: 'aurora', clientType: 'CLIENT_TYPE_WEB', ...extra }, { headers: { ...pageHost(extra, headers), ...headers } });

describe('embedded identity: password reset', () => {
  it('mails a link to the brand app, verifies and confirms once, and revokes older tokens', async () => {
    const created = await signUp('aurora', 'jo@example.com', 'Old-Secret-1');
    // The app's own origin: a local host on the app's port (8080 where the server does not listen; APP_PORT).
    const sent = await sendReset('JO@example.com', {}, { origin: 'http://aurora.localhost:8080' });
    expect(sent).toEqual({ status: 200, body: { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: 'JO@example.com' } });
    const mail = (await latestMailTo('jo@example.com'))!;
    expect(mail).toMatchObject({ brandId: 'aurora-brand', subject: 'Reset your password' });
    expect(mail.text).toMatch(/http:\/\/aurora\.localhost:8080\/password_reset\/[A-Za-z0-9_-]{43}\n/);
    const oobCode = codeFrom(mail.text);

    const expected = { kind: 'identitytoolkit#ResetPasswordResponse', email: 'jo@example.com', requestType: 'PASSWORD_RESET' };
    expect((await t.call('resetPassword', { oobCode, tenantId: 'aurora' })).body).toEqual(expected);
    expect((await t.call('resetPassword', { oobCode, tenantId: 'elsewhere' })).body).toEqual(toolkitErrorBody('INVALID_OOB_CODE'));
    expect((await t.call('resetPassword', { oobCode, newPassword: 'aaaaaa' })).body.error.message).toMatch(/^PASSWORD_DOES_NOT_MEET_REQUIREMENTS : /);
    // In the same second as the session above: revocation must still be exact.
    expect((await t.call('resetPassword', { oobCode, newPassword: 'New-Secret-1', tenantId: 'aurora' })).body).toEqual(expected);
    expect((await t.call('resetPassword', { oobCode, newPassword: 'Other-Secret-1' })).body).toEqual(toolkitErrorBody('INVALID_OOB_CODE'));

    await expect(t.identity.verifyIdToken(created.body.idToken)).rejects.toMatchObject({ code: 'auth/id-token-revoked' });
    expect((await t.refresh(created.body.refreshToken)).body).toEqual(toolkitErrorBody('TOKEN_EXPIRED'));
    expect((await signIn('aurora', 'jo@example.com', 'Old-Secret-1', '10.4.0.1')).body).toEqual(toolkitErrorBody('INVALID_LOGIN_CREDENTIALS'));
    expect((await signIn('aurora', 'jo@example.com', 'New-Secret-1', '10.4.0.1')).status).toBe(200);
  });

  it('lets a code expire after an hour', async () => {
    await sendReset('jo@example.com', { continueUrl: 'http://aurora.localhost:8080/app/?x=1' });
    const mail = (await latestMailTo('jo@example.com'))!;
    expect(mail.text).toContain('http://aurora.localhost:8080/app/password_reset/');
    clock.advance(60 * 60_000);
    expect((await t.call('resetPassword', { oobCode: codeFrom(mail.text) })).body).toEqual(toolkitErrorBody('EXPIRED_OOB_CODE'));
  });

  it('sends nothing for unknown e-mails and refuses links to other sites', async () => {
    const before = await t.db.select().from(mailOutbox);
    expect((await sendReset('nobody@example.com', {}, { origin: 'http://aurora.localhost:8080' })).status).toBe(200);
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
    await t.identity.createAccount({ tenantId: 'brandless', email: 'jo@example.com', password });
    expect((await sendReset('jo@example.com', { tenantId: 'brandless' }, { origin: 'http://aurora.localhost' })).body).toEqual(toolkitErrorBody('TENANT_NOT_FOUND'));
    expect(await t.db.select().from(mailOutbox)).toHaveLength(before.length);
  });
});

describe('embedded identity: reset-mail limits per address', () => {
  let limited: IdentityTestApp;
  const from = (remoteAddress: string) => ({ remoteAddress, headers: { origin: 'http://localhost:8080', host: 'localhost:8080' } });
  const resetFrom = (email: string, address: string) =>
    limited.call('sendOobCode', { requestType: 'PASSWORD_RESET', email, tenantId: 'aurora' }, from(address));
  const mails = async () => (await limited.db.select().from(mailOutbox)).length;

  beforeAll(async () => {
    limited = await startIdentityApp({ now: clock.now, brandForTenant: brandsFor(['aurora']), loginLimits: { resetMailsPerAddress: 2 } });
    for (const email of ['una@example.com', 'vic@example.com']) await limited.identity.createAccount({ tenantId: 'aurora', email, password });
  }, 60_000);
  afterAll(() => limited.close());

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

  it('holds against parallel reset-mail requests', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => resetFrom(`par${i}@example.com`, '10.7.0.1')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.body.error?.message === 'TOO_MANY_ATTEMPTS_TRY_LATER')).toHaveLength(6);
  });
});
