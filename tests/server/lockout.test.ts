import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { identityDeviceTokens, mailOutbox } from '../../server/db/schema/index.ts';
import { defaultLoginLimits } from '../../server/identity/embedded/loginLimiter.ts';
import { testPassword } from './support/factories.ts';
import { auroraUrl, majaSsn, startEidApp, type EidTestApp } from './eid.helpers.ts';

/*
 * Nobody locks a member out (issue 40). Sixty wrong passwords for one account from sixty
 * addresses used to close password sign-in to it for everyone for 15 minutes. Now a device the
 * member signed in on before (it holds a device token, an HttpOnly cookie) passes with the right
 * password whatever strangers did; without one, the account's sign-ins wait, longer with every
 * failure up to a ceiling (5 minutes), never locked; the refusal names the ways in at once (bank
 * eID, a reset). Every step on the test's clock, never a sleep.
 */

let t: EidTestApp;
beforeAll(async () => {
  // trustProxy only so a request can say it came over https (the cookie's Secure attribute).
  t = await startEidApp({ trustProxy: true });
}, 60_000);
afterAll(() => t.close());

const tenantId = 'aurora-tenant';
const limits = defaultLoginLimits;
let accounts = 0;
/** A fresh account of Aurora's tenant (the identity protocol is all these tests use). */
async function newMember() {
  const email = `lockout${++accounts}@aurora.test`;
  const uid = await t.identity.createAccount({ tenantId, email, password: testPassword });
  return { email, uid };
}

interface Answer {
  status: number;
  body: any;
  retryAfter: number | null;
  /** The device token the answer sets, if any, with the Set-Cookie header it came in. */
  device: string | null;
  setCookie: string | null;
}
async function signIn(email: string, password: string, remoteAddress: string, device?: string | null, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test',
    remoteAddress,
    headers: { ...(device ? { cookie: `other=1; klubb_device=${device}` } : {}), ...headers },
    payload: { email, password, tenantId, returnSecureToken: true },
  });
  const setCookie = response.headers['set-cookie'];
  const cookie = Array.isArray(setCookie) ? setCookie.join('\n') : (setCookie ?? null);
  return {
    status: response.statusCode,
    body: response.json(),
    retryAfter: response.headers['retry-after'] === undefined ? null : Number(response.headers['retry-after']),
    device: cookie ? /^klubb_device=([^;]+)/.exec(cookie)?.[1] ?? null : null,
    setCookie: cookie,
  };
}
const throttled = (answer: Answer) => answer.status === 400 && String(answer.body.error?.message).startsWith('TOO_MANY_ATTEMPTS_TRY_LATER : ');
const wrong = (answer: Answer) => answer.body.error?.message === 'INVALID_LOGIN_CREDENTIALS';
let strangers = 0;
/** Sixty wrong passwords for `email`, each from an address of its own, all at once. */
async function sixtyStrangers(email: string) {
  const block = ++strangers;
  return Promise.all(Array.from({ length: 60 }, (_, i) => signIn(email, `Wrong${i}guess`, `10.${66 + block}.${Math.floor(i / 200)}.${(i % 200) + 1}`)));
}

describe('sixty failed sign-ins from sixty addresses', () => {
  it('leave a device the member signed in on before its way in: the right password with its device token passes, and the token rotates', async () => {
    const member = await newMember();
    const before = await signIn(member.email, testPassword, '192.0.2.10');
    expect(before.status).toBe(200);
    expect(before.device).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const guesses = await sixtyStrangers(member.email);
    // Only the account's free failures had their passwords checked, however many addresses.
    expect(guesses.filter(wrong)).toHaveLength(limits.accountFreeFailures);
    expect(guesses.filter(throttled)).toHaveLength(60 - limits.accountFreeFailures);

    // The member's device, from any address (here a fresh one, then a stranger's), at once.
    const atHome = await signIn(member.email, testPassword, '198.51.100.7', before.device);
    expect(atHome.status).toBe(200);
    expect(atHome.body.localId).toBe(member.uid);
    expect(atHome.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(atHome.device).not.toBe(before.device);
    expect((await signIn(member.email, testPassword, '10.67.0.1', atHome.device)).status).toBe(200);

    // Without the device token the same right password waits.
    expect(throttled(await signIn(member.email, testPassword, '198.51.100.8'))).toBe(true);
  });

  it('without a device token: the account waits, longer with each failure up to a ceiling, and the right password passes once the wait is over (never 15 minutes)', async () => {
    const member = await newMember();
    await sixtyStrangers(member.email);

    const refused = await signIn(member.email, testPassword, '203.0.113.5');
    expect(refused.status).toBe(400);
    // The code the firebase SDK maps to auth/too-many-requests; the detail names the ways in at once.
    expect(refused.body.error.message).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER : .*in \d+ seconds?\..*BankID.*resetting your password/);
    expect(refused.retryAfter).toBe(limits.throttleBaseMs / 1000);

    // The strangers go on, each as soon as the wait allows: each failure doubles the wait, up to the ceiling.
    const waits: number[] = [];
    for (let round = 0; round < 12; round++) {
      const blocked = await signIn(member.email, `Still${round}wrong`, `10.90.${round}.1`);
      expect(throttled(blocked)).toBe(true);
      waits.push(blocked.retryAfter!);
      t.clock.advance(blocked.retryAfter! * 1000);
      expect(wrong(await signIn(member.email, `Still${round}wrong`, `10.90.${round}.2`))).toBe(true);
    }
    const ceiling = limits.throttleCeilingMs / 1000;
    expect(waits.slice(0, 8)).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
    expect(waits.slice(8)).toEqual([256, ceiling, ceiling, ceiling]);
    expect(Math.max(...waits)).toBeLessThan(15 * 60);

    // The member, after the wait the answer named (and no longer), signs in; the device now holds a token.
    const atCeiling = await signIn(member.email, testPassword, '203.0.113.5');
    expect(throttled(atCeiling)).toBe(true);
    expect(atCeiling.retryAfter).toBe(ceiling);
    t.clock.advance(ceiling * 1000 - 1000);
    expect(throttled(await signIn(member.email, testPassword, '203.0.113.5'))).toBe(true);
    t.clock.advance(1000);
    const signedIn = await signIn(member.email, testPassword, '203.0.113.5');
    expect(signedIn.status).toBe(200);
    expect(signedIn.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('and for the demo member: bank eID still signs in, and a password reset opens password sign-in at once', async () => {
    await sixtyStrangers('maja@aurora.test');
    expect(throttled(await signIn('maja@aurora.test', testPassword, '192.0.2.200'))).toBe(true);

    const { orderRef, autoStartToken } = await t.start();
    expect((await t.eid.phone.openWithAutoStartToken(autoStartToken)).ok).toBe(true);
    expect((await t.eid.phone.identify(autoStartToken, { personalNumber: majaSsn, givenName: 'Maja', surname: 'Lind' })).ok).toBe(true);
    expect((await t.eid.phone.approve(autoStartToken)).ok).toBe(true);
    const collected = await t.call('collect', { orderRef });
    expect(collected.body).toMatchObject({ status: 'complete', customToken: expect.any(String) });
    const viaEid = await t.app.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=test',
      payload: { token: collected.body.customToken, tenantId, returnSecureToken: true },
    });
    expect(viaEid.statusCode).toBe(200);
    // Bank eID makes the device one Maja signed in on: her password passes there too.
    const eidDevice = /^klubb_device=([^;]+)/.exec(String(viaEid.headers['set-cookie']))![1]!;
    expect((await signIn('maja@aurora.test', testPassword, '192.0.2.200', eidDevice)).status).toBe(200);

    const api = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { host: new URL(auroraUrl).host, 'x-app-url': auroraUrl }, payload }).then((r) => ({ status: r.statusCode, body: r.json() }));
    expect(await api('POST', '/v1/password_reset/user', { email: 'maja@aurora.test', appUrl: auroraUrl })).toEqual({ status: 200, body: {} });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'maja@aurora.test')).orderBy(desc(mailOutbox.id)).limit(1);
    const token = /\/password_reset\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect((await api('PUT', '/v1/password_update/user', { verificationId: token, password: 'Fresh2start' })).status).toBe(200);
    expect((await signIn('maja@aurora.test', 'Fresh2start', '192.0.2.201')).status).toBe(200);
  }, 60_000);
});

describe('device tokens that do not help', () => {
  it('a forged token, another member\'s token and a rotated-away token count as none', async () => {
    const member = await newMember();
    const other = await newMember();
    const first = (await signIn(member.email, testPassword, '192.0.2.20')).device!;
    const second = (await signIn(member.email, testPassword, '192.0.2.20', first)).device!;
    const othersToken = (await signIn(other.email, testPassword, '192.0.2.21')).device!;
    await sixtyStrangers(member.email);

    expect(throttled(await signIn(member.email, testPassword, '192.0.2.22', 'A'.repeat(43)))).toBe(true);
    expect(throttled(await signIn(member.email, testPassword, '192.0.2.22', othersToken))).toBe(true);
    expect(throttled(await signIn(member.email, testPassword, '192.0.2.22', first))).toBe(true);
    expect((await signIn(member.email, testPassword, '192.0.2.22', second)).status).toBe(200);
    // The database holds hashes only.
    const stored = await t.db.select({ tokenHash: identityDeviceTokens.tokenHash }).from(identityDeviceTokens).where(eq(identityDeviceTokens.uid, member.uid));
    expect(stored.length).toBeGreaterThan(0);
    for (const { tokenHash } of stored) expect([first, second]).not.toContain(tokenHash);
  });

  it('a token from before a password change is revoked with the account\'s other tokens', async () => {
    const member = await newMember();
    const device = (await signIn(member.email, testPassword, '192.0.2.30')).device!;
    await t.identity.setPassword(tenantId, member.uid, 'Changed-Pass1');
    await sixtyStrangers(member.email);
    expect(throttled(await signIn(member.email, 'Changed-Pass1', '192.0.2.30', device))).toBe(true);
  });

  it('a thief holding the device token but not the password gets no more guesses than the device\'s own wait allows', async () => {
    const member = await newMember();
    const device = (await signIn(member.email, testPassword, '192.0.2.40')).device!;
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(member.email, `Thief${i}guess`, `10.99.0.${i + 1}`, device)));
    expect(guesses.filter(wrong)).toHaveLength(limits.deviceFreeFailures);
    expect(guesses.filter(throttled)).toHaveLength(20 - limits.deviceFreeFailures);
    // What the thief failed is the device's, not the account's: another device of the member is not slowed.
    expect((await signIn(member.email, testPassword, '192.0.2.41')).status).toBe(200);
  });
});

describe('the device cookie', () => {
  it('is HttpOnly, SameSite=Strict, scoped to the identity protocol, long-lived, Secure on https', async () => {
    const member = await newMember();
    const overHttp = await signIn(member.email, testPassword, '192.0.2.50');
    const attributes = (cookie: string) => cookie.split('; ').slice(1);
    expect(attributes(overHttp.setCookie!).sort()).toEqual(
      ['HttpOnly', 'Max-Age=15552000', 'Path=/identitytoolkit.googleapis.com/v1/', 'SameSite=Strict'].sort(),
    );
    const overHttps = await signIn(member.email, testPassword, '192.0.2.50', overHttp.device, { 'x-forwarded-proto': 'https' });
    expect(attributes(overHttps.setCookie!)).toContain('Secure');
    expect(overHttps.device).not.toBe(overHttp.device);
    // A failed or refused sign-in sets nothing, and no token appears in the answer's body.
    const failed = await signIn(member.email, 'Wrong-pass1', '192.0.2.50', overHttps.device);
    expect(failed.setCookie).toBeNull();
    expect(JSON.stringify(overHttps.body)).not.toContain(overHttps.device!);
  });
});
