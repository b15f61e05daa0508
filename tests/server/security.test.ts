import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, call, latestMailTo, makeAccountBrands, personalNumber, resetTokenFrom, signUpMember, strongPassword, uniqueEmail } from './accounts.helpers.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/*
 * The hostile client's findings (issue 9): secrets in logs, lock-outs, revocation, lost updates,
 * bad input, error shapes and HTTP details. Each test fails on the server before the fix.
 */

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
const clientDir = mkdtempSync(join(tmpdir(), 'klubb-client-'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>Klubb</title></head><body><div id="root"></div></body></html>');

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'trace', stream: logStream }, devTools: true, clientDir });
  await makeAccountBrands(t);
}, 60_000);
afterAll(() => t.close());

const identityCall = (method: string, body: unknown, remoteAddress = '10.40.0.1', headers: Record<string, string> = {}) =>
  t.app
    .inject({ method: 'POST', url: `/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test`, remoteAddress, headers, payload: body as object })
    .then((response) => ({ status: response.statusCode, body: response.json() }));
const signInFrom = (email: string, password: string, remoteAddress: string) =>
  identityCall('signInWithPassword', { email, password, tenantId: 'aurora-tenant', returnSecureToken: true }, remoteAddress);
const tooMany = (answer: { body: any }) => String(answer.body.error?.message).startsWith('TOO_MANY_ATTEMPTS_TRY_LATER');

describe('logs', () => {
  it('never hold a reset token, oob code, custom token, password, personal number or ID/refresh token, at any level', async () => {
    const ssn = personalNumber('19850714', 238);
    const member = await signUpMember(t, 'borealis', { ssn });
    // The API's reset flow: the mail, the link opened in the app, the new password.
    expect((await call(t, { method: 'POST', url: '/v1/password_reset/user', brand: 'borealis', body: { email: member.email, appUrl: appUrl.borealis } })).status).toBe(200);
    const resetToken = resetTokenFrom((await latestMailTo(t, member.email))!.text)!;
    await t.app.inject({ method: 'GET', url: `/password_reset/${resetToken}` });
    await t.app.inject({ method: 'GET', url: `/v1/brand?token=${resetToken}&type=benefit` });
    const newPassword = 'Brand-New-Pass9';
    expect((await call(t, { method: 'PUT', url: '/v1/password_update/user', brand: 'borealis', body: { verificationId: resetToken, password: newPassword } })).status).toBe(200);
    // The identity protocol's reset flow, with the code in a link's query as Firebase's action links carry it.
    await identityCall('sendOobCode', { requestType: 'PASSWORD_RESET', email: member.email, tenantId: 'borealis-tenant' }, '10.40.0.2', { origin: appUrl.borealis, host: new URL(appUrl.borealis).host });
    const oobCode = resetTokenFrom((await latestMailTo(t, member.email))!.text)!;
    await t.app.inject({ method: 'GET', url: `/__/auth/action?mode=resetPassword&oobCode=${oobCode}&apiKey=test` });
    const finalPassword = 'Final-Pass-77';
    expect((await identityCall('resetPassword', { oobCode, newPassword: finalPassword })).status).toBe(200);
    const session = await identityCall('signInWithPassword', { email: member.email, password: finalPassword, tenantId: 'borealis-tenant', returnSecureToken: true });
    const { idToken, refreshToken } = session.body;
    await t.app.inject({ method: 'POST', url: '/securetoken.googleapis.com/v1/token?key=test', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `grant_type=refresh_token&refresh_token=${refreshToken}` });
    expect((await call(t, { method: 'GET', url: '/v1/get/user', brand: 'borealis', idToken })).body.ssn).toBe(ssn);
    const customToken = await t.identity.createCustomToken('borealis-tenant', member.uid);
    await t.app.inject({ method: 'GET', url: `/dev/bankid?autostarttoken=${customToken}` });

    const log = logLines.join('');
    expect(log).toContain('/password_reset/[redacted]');
    for (const secret of [resetToken, oobCode, customToken, idToken, refreshToken, member.password, newPassword, finalPassword, ssn, ssn.slice(2)]) {
      expect(log.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
    }
  });
});

describe('sign-in limits', () => {
  it('a stranger who knows the e-mail slows only their own address; the member signs in and changes the password', async () => {
    const member = await signUpMember(t);
    for (let attempt = 0; attempt < 5; attempt++) await signInFrom(member.email, 'Wrong-guess-1', '10.41.0.1');
    // Past 5 failures the address's attempts on the account wait (a second, then longer): of guesses sent together, one is checked at most.
    const burst = await Promise.all(Array.from({ length: 5 }, () => signInFrom(member.email, 'Wrong-guess-2', '10.41.0.1')));
    expect(burst.filter(tooMany).length).toBeGreaterThanOrEqual(4);
    const atHome = await signInFrom(member.email, member.password, '10.41.0.2');
    expect(atHome.status).toBe(200);
    // The member's own change with the right current password, even from the locked address.
    const changed = await call(t, {
      method: 'PUT',
      url: '/v1/update/user',
      idToken: atHome.body.idToken,
      address: '10.41.0.1',
      body: { password: 'Changed-Pass1', currentPassword: member.password },
    });
    expect(changed.status).toBe(200);
  });

  it('a completed reset clears the account\'s failed sign-ins', async () => {
    const member = await signUpMember(t);
    for (let attempt = 0; attempt < 5; attempt++) await signInFrom(member.email, 'Wrong-guess-1', '10.42.0.1');
    const burst = await Promise.all(Array.from({ length: 5 }, () => signInFrom(member.email, 'Wrong-guess-2', '10.42.0.1')));
    expect(burst.filter(tooMany).length).toBeGreaterThanOrEqual(4);
    await call(t, { method: 'POST', url: '/v1/password_reset/user', body: { email: member.email, appUrl: appUrl.aurora } });
    const token = resetTokenFrom((await latestMailTo(t, member.email))!.text)!;
    expect((await call(t, { method: 'PUT', url: '/v1/password_update/user', body: { verificationId: token, password: 'After-Reset-1' } })).status).toBe(200);
    expect((await signInFrom(member.email, 'After-Reset-1', '10.42.0.1')).status).toBe(200);
  });

  it('bank-eID starts: parallel requests from one address never pass more than the limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 45 }, () => call(t, { method: 'POST', url: '/v1/eid/auth', address: '10.43.0.1' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    expect(answers.filter((a) => a.status === 429).map((a) => a.body.code)).toEqual(Array(15).fill('auth/too-many-attempts'));
  });
});

describe('revocation', () => {
  const fixedNow = Date.now();
  let frozen: TestApp;
  beforeAll(async () => {
    // Every step in the same second: revocation must not depend on the clock moving on.
    frozen = await createTestApp({ now: () => fixedNow });
    await makeAccountBrands(frozen);
  }, 60_000);
  afterAll(() => frozen.close());

  const getUser = (idToken: string) => call(frozen, { method: 'GET', url: '/v1/get/user', idToken });

  it('a token from before a password change stops working at once, its refresh token too', async () => {
    const member = await signUpMember(frozen);
    const session = await frozen.app.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test',
      payload: { email: member.email, password: member.password, tenantId: 'aurora-tenant', returnSecureToken: true },
    });
    const { idToken, refreshToken } = session.json();
    expect((await getUser(idToken)).status).toBe(200);
    const changed = await call(frozen, { method: 'PUT', url: '/v1/update/user', idToken, body: { password: 'Changed-Pass1', currentPassword: member.password } });
    expect(changed.status).toBe(200);
    expect(await getUser(idToken)).toMatchObject({ status: 401, body: { code: 'auth/id-token-revoked' } });
    const refreshed = await frozen.app.inject({
      method: 'POST',
      url: '/securetoken.googleapis.com/v1/token?key=test',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&refresh_token=${refreshToken}`,
    });
    expect(refreshed.json().error.message).toBe('TOKEN_EXPIRED');
    const fresh = await frozen.idTokenFor('aurora-tenant', member.email, 'Changed-Pass1');
    expect((await getUser(fresh)).status).toBe(200);
  });

  it('a token from before an e-mail change stops working at once', async () => {
    const member = await signUpMember(frozen);
    expect((await getUser(member.idToken)).status).toBe(200);
    const changed = await call(frozen, { method: 'PUT', url: '/v1/update/user', idToken: member.idToken, body: { email: uniqueEmail('moved'), currentPassword: member.password } });
    expect(changed.status).toBe(200);
    expect((await getUser(member.idToken)).status).toBe(401);
  });

  it('a deleted account stops working at once on the instance that deleted it', async () => {
    const member = await signUpMember(frozen);
    expect((await getUser(member.idToken)).status).toBe(200);
    expect((await call(frozen, { method: 'DELETE', url: '/v1/delete/user', idToken: member.idToken })).status).toBe(204);
    expect((await getUser(member.idToken)).status).toBe(401);
  });
});

describe('profile updates', () => {
  it('a failing e-mail change never reverts a concurrent update, at any offset', async () => {
    const holder = await signUpMember(t);
    const member = await signUpMember(t);
    for (const offsetMs of [0, 2, 10, 30, 80]) {
      const failing = call(t, { method: 'PUT', url: '/v1/update/user', idToken: member.idToken, body: { email: holder.email, currentPassword: member.password } });
      await new Promise((resolve) => setTimeout(resolve, offsetMs));
      const rename = call(t, { method: 'PUT', url: '/v1/update/user', idToken: member.idToken, body: { firstName: `Name${offsetMs}` } });
      const [failed, renamed] = await Promise.all([failing, rename]);
      expect({ offsetMs, failed: failed.body.code, renamed: renamed.status }).toEqual({ offsetMs, failed: 'auth/email-already-exists', renamed: 200 });
      const profile = await call(t, { method: 'GET', url: '/v1/get/user', idToken: member.idToken });
      expect({ offsetMs, firstName: profile.body.firstName, email: profile.body.email }).toEqual({ offsetMs, firstName: `Name${offsetMs}`, email: member.email });
    }
  });

  it('two concurrent updates of different fields both survive', async () => {
    const member = await signUpMember(t);
    for (const offsetMs of [0, 5, 25]) {
      const first = call(t, { method: 'PUT', url: '/v1/update/user', idToken: member.idToken, body: { firstName: `First${offsetMs}` } });
      await new Promise((resolve) => setTimeout(resolve, offsetMs));
      const second = call(t, { method: 'PUT', url: '/v1/update/user', idToken: member.idToken, body: { lastName: `Last${offsetMs}` } });
      expect((await Promise.all([first, second])).map((a) => a.status)).toEqual([200, 200]);
      const profile = await call(t, { method: 'GET', url: '/v1/get/user', idToken: member.idToken });
      expect([profile.body.firstName, profile.body.lastName]).toEqual([`First${offsetMs}`, `Last${offsetMs}`]);
    }
  });
});

describe('bad input', () => {
  it('is refused with the spec\'s codes and never stored', async () => {
    const member = await signUpMember(t, 'aurora', { phoneNumber: '+46700000009' });
    const update = (body: unknown) => call(t, { method: 'PUT', url: '/v1/update/user', idToken: member.idToken, body });
    expect((await update({ phoneNumber: '0' })).body.code).toBe('phone_number_invalid');
    expect((await update({ phoneNumber: 0 })).body.code).toBe('phone_number_invalid');
    for (const body of [
      { firstName: true },
      { firstName: 'Ada\nEvil' },
      { lastName: 'Tab\there' },
      { companyName: 'Acme\u0000' },
      { companyName: 'Line\u2028break' },
      { addressList: [{ street: 'Main\r\nStreet 1', zipCode: '12345', city: 'Lund' }] },
      { firstName: { nested: 'x' } },
    ]) {
      const answer = await update(body);
      expect({ body, status: answer.status, code: answer.body.code }).toEqual({ body, status: 400, code: 'invalid_request' });
    }
    const profile = (await call(t, { method: 'GET', url: '/v1/get/user', idToken: member.idToken })).body;
    expect(profile).toMatchObject({ firstName: 'Ada', lastName: 'Lind', phoneNumber: '+46700000009', companyName: null });

    for (const email of ['a<b>@example.com', 'a"b@example.com', "o'b@example.com", 'a b@example.com', '<a@example.com>']) {
      const created = await call(t, { method: 'POST', url: '/v1/create/user', body: { brandId: 'aurora', signInType: 'password', email, password: strongPassword, termsAccepted: true, firstName: 'A', lastName: 'B' } });
      expect({ email, code: created.body.code }).toEqual({ email, code: 'user/email-invalid' });
    }
  });
});

/** One raw HTTP exchange with the listening server (the parser's own refusals never reach inject). */
async function rawExchange(port: number, request: string): Promise<{ status: number; body: any }> {
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', (error) => (received ? resolve(received) : reject(error)));
  });
  const [head, ...rest] = text.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1]), body: JSON.parse(rest.join('\r\n\r\n')) };
}

describe('the identity protocol keeps the name rule', () => {
  it('accounts:update refuses a display name with line breaks, control characters or past 200 characters, and keeps a good one', async () => {
    const member = await signUpMember(t);
    const update = (displayName: string) => identityCall('update', { idToken: member.idToken, displayName, returnSecureToken: true });
    for (const bad of ['Nina\nLind', 'Nina\u2028Lind', 'Nina\u0085', 'N'.repeat(201)]) {
      const refused = await update(bad);
      expect({ bad, status: refused.status, code: String(refused.body.error?.message).split(' ')[0] }).toEqual({ bad, status: 400, code: 'INVALID_ARGUMENT' });
    }
    const kept = await update('Nina Lind');
    expect({ status: kept.status, displayName: kept.body.displayName }).toEqual({ status: 200, displayName: 'Nina Lind' });
  });
});

describe('reset links', () => {
  it("point only at the app's own origin: the brand's local host on another port is refused by the API and by the identity protocol, and nothing is mailed", async () => {
    const member = await signUpMember(t);
    const before = await latestMailTo(t, member.email);
    const api = await call(t, { method: 'POST', url: '/v1/password_reset/user', body: { email: member.email, appUrl: 'http://aurora.localhost:1/evil' } });
    expect(api.body).toMatchObject({ status: 400, code: 'brand_mismatch' });
    const protocol = await identityCall('sendOobCode', { requestType: 'PASSWORD_RESET', email: member.email, tenantId: 'aurora-tenant', continueUrl: 'http://aurora.localhost:1/evil' }, '10.40.9.1', {
      host: 'aurora.localhost:8080',
    });
    expect(protocol.body.error?.message).toMatch(/^UNAUTHORIZED_DOMAIN/);
    expect(await latestMailTo(t, member.email)).toEqual(before);
    // The app's own origin still works.
    const own = await call(t, { method: 'POST', url: '/v1/password_reset/user', body: { email: member.email, appUrl: appUrl.aurora } });
    expect(own.status).toBe(200);
    expect((await latestMailTo(t, member.email))!.text).toContain(`${appUrl.aurora}/password_reset/`);
  });
});

describe('error shapes', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('framework and parser errors answer {status, code, message}', async () => {
    const shape = { status: expect.any(Number), code: expect.any(String), message: expect.any(String) };
    const tooLarge = await rawExchange(port, `GET /v1/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(tooLarge).toEqual({ status: 431, body: { ...shape, status: 431 } });
    // A 70 KB URL is a URL too long, not headers too large.
    const longUrl = await rawExchange(port, `GET /v1/get/offer?id=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(longUrl).toEqual({ status: 414, body: { status: 414, code: 'uri_too_long', message: expect.any(String) } });
    const chunked = await rawExchange(
      port,
      'POST /v1/password_reset/user HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    );
    expect(chunked.status).toBe(400);
    expect(chunked.body).toEqual({ ...shape, status: 400 });

    const longParam = await t.app.inject({ method: 'GET', url: `/dev/bankid/order/${'x'.repeat(300)}` });
    expect({ status: longParam.statusCode, body: longParam.json() }).toEqual({ status: 414, body: { status: 414, code: 'uri_too_long', message: expect.any(String) } });
    const badUrl = await t.app.inject({ method: 'GET', url: '/dev/bankid/order/%ZZ' });
    expect({ status: badUrl.statusCode, body: badUrl.json() }).toEqual({ status: 400, body: { status: 400, code: 'bad_url', message: expect.any(String) } });
    const twoTokens = await t.app.inject({ method: 'GET', url: '/dev/bankid?autostarttoken=a&autostarttoken=b' });
    expect({ status: twoTokens.statusCode, body: twoTokens.json() }).toEqual({ status: 400, body: { ...shape, status: 400 } });
  });
});

describe('HTTP details', () => {
  it('CORS lets a brand origin use the methods and headers the client sends', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/update/user',
      headers: { origin: appUrl.aurora, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type,x-app-url' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(appUrl.aurora);
    const methods = String(preflight.headers['access-control-allow-methods']).split(/,\s*/);
    expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'x-app-url']),
    );
    const stranger = await t.app.inject({ method: 'OPTIONS', url: '/v1/update/user', headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' } });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('HEAD / answers like GET /', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/' });
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(get.statusCode).toBe(200);
    expect({ status: head.statusCode, type: head.headers['content-type'], body: head.body }).toEqual({ status: 200, type: get.headers['content-type'], body: '' });
  });

  it('sends HSTS only over https', async () => {
    const behindProxy = await createTestApp({ trustProxy: true });
    try {
      const https = await behindProxy.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const http = await behindProxy.app.inject({ method: 'GET', url: '/v1/health' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
    // A second app on a fresh database: its migrations alone can take a while on a busy machine.
  }, 90_000);

  it('the account creation answer, which carries a temporary password, is never cached', async () => {
    const created = await call(t, {
      method: 'POST',
      url: '/v1/create/user',
      body: { brandId: 'aurora', signInType: 'password', email: uniqueEmail('nostore'), termsAccepted: true, firstName: 'Nina', lastName: 'Lind' },
    });
    expect(created.status).toBe(200);
    expect(created.body.tempPassword).toEqual(expect.any(String));
    expect(created.headers['cache-control']).toBe('no-store');
  });

  it('member answers are never cached', async () => {
    const member = await signUpMember(t);
    const answer = await call(t, { method: 'GET', url: '/v1/get/user', idToken: member.idToken });
    expect(answer.headers['cache-control']).toBe('no-store');
    const refused = await call(t, { method: 'GET', url: '/v1/get/user', idToken: 'not-a-token' });
    expect({ status: refused.status, cache: refused.headers['cache-control'] }).toEqual({ status: 401, cache: 'no-store' });
  });
});
