import Fastify from 'fastify';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedIdentity } from '../../server/identity/embedded/index.ts';
import { brandsFor, createAndSignIn, createClock, decodePayload, projectId, startIdentityApp, toolkitErrorBody, type IdentityTestApp } from './identity.helpers.ts';

const clock = createClock();
let t: IdentityTestApp;
let idToken: string;
let uid: string;

beforeAll(async () => {
  t = await startIdentityApp({ now: clock.now, brandForTenant: brandsFor(['aurora']) });
  const created = await createAndSignIn(t, 'aurora', 'fay@example.com', 'Secret-01');
  ({ idToken, localId: uid } = created.body);
}, 60_000);
afterAll(() => t.close());

const post = (url: string, payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
const signUpUrl = '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k';

describe('embedded identity: malformed requests', () => {
  it('answers 400 in Firebase shape for broken JSON, wrong types and wrong content types', async () => {
    for (const response of [
      await post(signUpUrl, '{"email": '),
      await post(signUpUrl, ''),
      await post(signUpUrl, '[1, 2]'),
      await post(signUpUrl, '"text"'),
      await post(signUpUrl, 'null'),
      await post(signUpUrl, JSON.stringify({ email: 42, password: 'Secret-01', tenantId: 'aurora' })),
      await post(signUpUrl, JSON.stringify({ email: 'a@b.se', password: ['x'], tenantId: 'aurora' })),
      await post(signUpUrl, 'email=a', 'text/plain'),
      await post('/identitytoolkit.googleapis.com/v1/accounts:update?key=k', JSON.stringify({ idToken, deleteAttribute: 'DISPLAY_NAME' })),
      await post('/securetoken.googleapis.com/v1/token?key=k', 'grant_type=refresh_token&refresh_token=a&refresh_token=b', 'application/x-www-form-urlencoded'),
    ]) {
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error.code).toBe(400);
      expect(body.error.message).toMatch(/^INVALID_ARGUMENT/);
      expect(body.error.errors).toEqual([{ message: body.error.message, domain: 'global', reason: 'invalid' }]);
    }
  });

  it('names missing and invalid fields with Firebase codes', async () => {
    const cases: Array<[string, object, string]> = [
      ['signUp', { email: 'gil@example.com', password: 'Secret-01', tenantId: 'aurora' }, 'ADMIN_ONLY_OPERATION'],
      ['delete', { idToken }, 'ADMIN_ONLY_OPERATION'],
      ['update', { idToken, email: 'other@example.com' }, 'OPERATION_NOT_ALLOWED : Change the e-mail address through the app, with the current password'],
      ['signInWithPassword', { password: 'Secret-01', tenantId: 'aurora' }, 'INVALID_EMAIL'],
      ['signInWithPassword', { email: 'not-an-email', password: 'Secret-01', tenantId: 'aurora' }, 'INVALID_EMAIL'],
      ['signInWithPassword', { email: 'gil@example.com', password: 'Secret-01' }, 'MISSING_TENANT_ID'],
      ['signInWithPassword', { email: 'fay@example.com', tenantId: 'aurora' }, 'MISSING_PASSWORD'],
      ['signInWithPassword', { email: '', password: 'x', tenantId: 'aurora' }, 'INVALID_EMAIL'],
      ['lookup', {}, 'INVALID_ID_TOKEN'],
      ['lookup', { idToken: 'garbage' }, 'INVALID_ID_TOKEN'],
      [
        'update',
        { idToken, password: 'aaaaaa' },
        'PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [Password must contain at least 8 characters, Password must contain an upper case character, Password must contain a numeric character]',
      ],
      ['sendOobCode', { email: 'fay@example.com', tenantId: 'aurora' }, 'MISSING_REQ_TYPE'],
      ['sendOobCode', { requestType: 'VERIFY_EMAIL', idToken }, 'INVALID_REQ_TYPE'],
      ['resetPassword', {}, 'MISSING_OOB_CODE'],
      ['resetPassword', { oobCode: 'made-up' }, 'INVALID_OOB_CODE'],
      ['signInWithCustomToken', {}, 'MISSING_CUSTOM_TOKEN'],
    ];
    for (const [method, body, message] of cases) {
      expect({ method, ...(await t.call(method, body)) }).toEqual({ method, status: 400, body: toolkitErrorBody(message) });
    }
    const refresh = (payload: string) => post('/securetoken.googleapis.com/v1/token?key=k', payload, 'application/x-www-form-urlencoded');
    expect((await refresh('refresh_token=x')).json()).toEqual(toolkitErrorBody('MISSING_GRANT_TYPE'));
    expect((await refresh('grant_type=password')).json()).toEqual(toolkitErrorBody('INVALID_GRANT_TYPE'));
    expect((await refresh('grant_type=refresh_token')).json()).toEqual(toolkitErrorBody('MISSING_REFRESH_TOKEN'));
    expect((await t.refresh('password.unknown')).body).toEqual(toolkitErrorBody('INVALID_REFRESH_TOKEN'));
  });

  it('refuses control characters with a 400, never a 500 (PostgreSQL text cannot hold NUL)', async () => {
    const refuse = 'INVALID_ARGUMENT';
    const cases: Array<[string, object, string]> = [
      ['signInWithPassword', { email: 'a\u007f@b.se', password: 'Secret-01', tenantId: 'aurora' }, 'INVALID_EMAIL'],
      ['signInWithPassword', { email: 'kai@example.com', password: 'Secret-01', tenantId: 'aurora', displayName: 'x\u0000' }, refuse],
      ['signInWithPassword', { email: 'kai@example.com', password: 'secret\u0000', tenantId: 'aurora' }, refuse],
      ['signInWithPassword', { email: 'kai@example.com', password: 'Secret-01', tenantId: 'aurora\u0000' }, refuse],
      ['signInWithPassword', { email: 'a\u0000@b.se', password: 'Secret-01', tenantId: 'aurora' }, 'INVALID_EMAIL'],
      ['signInWithPassword', { email: 'fay@example.com', password: 'Secret-01', tenantId: 'aur\nora' }, refuse],
      ['update', { idToken, displayName: 'x\u0000' }, refuse],
      ['update', { idToken, displayName: 'tab\there' }, refuse],
      ['update', { idToken, email: 'fay\u0001@example.com' }, 'OPERATION_NOT_ALLOWED'],
      ['update', { idToken: `${idToken}\u0000` }, refuse],
      ['update', { idToken, deleteAttribute: ['DISPLAY_NAME\u0000'] }, refuse],
      ['lookup', { idToken: '\u0000' }, refuse],
      ['sendOobCode', { requestType: 'PASSWORD_RESET', email: 'fay\u0000@example.com', tenantId: 'aurora' }, 'INVALID_EMAIL'],
      ['sendOobCode', { requestType: 'PASSWORD_RESET', email: 'fay@example.com', tenantId: '\u001faurora' }, refuse],
      ['sendOobCode', { requestType: 'PASSWORD_RESET', email: 'fay@example.com', tenantId: 'aurora', continueUrl: 'http://localhost/\u0000' }, refuse],
      ['resetPassword', { oobCode: 'code\u0000' }, refuse],
      ['resetPassword', { oobCode: 'code', newPassword: 'secret\u0000', tenantId: 'aurora' }, refuse],
      ['signInWithCustomToken', { token: 'a.b.c\u0000' }, refuse],
    ];
    for (const [method, body, code] of cases) {
      const answer = await t.call(method, body);
      expect({ method, body, status: answer.status, code: answer.body.error?.message.split(' : ')[0] }).toEqual({ method, body, status: 400, code });
    }
    const refresh = await post('/securetoken.googleapis.com/v1/token?key=k', 'grant_type=refresh_token&refresh_token=password.x%00', 'application/x-www-form-urlencoded');
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json().error.message).toBe("INVALID_ARGUMENT : Invalid value at 'refresh_token' (control characters are not allowed)");
    expect(await t.identity.findAccountByEmail('aurora', 'kai@example.com')).toBeNull();
  });

  it('keeps any character but NUL and whitespace in passwords', async () => {
    const password = 'Del\u007fand\u00e9-9';
    await t.identity.createAccount({ tenantId: 'aurora', email: 'lou@example.com', password });
    expect((await t.call('signInWithPassword', { email: 'lou@example.com', password, tenantId: 'aurora' })).status).toBe(200);
  });

  it('routes the literal colon exactly and wants an API key', async () => {
    for (const path of ['v1/accounts:signUpX', 'v1/accounts/signUp', 'v1/accounts:foo', 'v3/anything']) {
      const unknown = await post(`/identitytoolkit.googleapis.com/${path}?key=k`, '{}');
      expect({ path, status: unknown.statusCode, body: unknown.json() }).toEqual({
        path,
        status: 404,
        body: { error: { code: 404, message: 'NOT_FOUND : No such method in the identity protocol', errors: [expect.any(Object)] } },
      });
    }
    const unknownToken = await t.app.inject({ method: 'GET', url: '/securetoken.googleapis.com/v1/foo?key=k' });
    expect(unknownToken.statusCode).toBe(404);
    expect(unknownToken.json().error.message).toMatch(/^NOT_FOUND/);
    const withoutKey = await post('/identitytoolkit.googleapis.com/v1/accounts:lookup', JSON.stringify({ idToken }));
    expect(withoutKey.statusCode).toBe(400);
    expect(withoutKey.json().error.message).toMatch(/^API_KEY_INVALID/);
    expect((await post('/identitytoolkit.googleapis.com/v1/accounts:lookup?key=any', JSON.stringify({ idToken }))).statusCode).toBe(200);
  });

  it('keeps the form parser and the error shape inside its own routes', async () => {
    const app = Fastify();
    await (await createEmbeddedIdentity({ db: t.db, projectId })).registerRoutes(app);
    app.post('/api/echo', async (request) => ({ body: request.body }));
    const form = await app.inject({ method: 'POST', url: '/api/echo', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
    expect(form.statusCode).toBe(415);
    expect(form.json().error).toBe('Unsupported Media Type');
    const json = await app.inject({ method: 'POST', url: '/api/echo', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(json.json()).toMatchObject({ statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
    await app.close();
  });

  it('serves the public key set', async () => {
    const jwks = await t.app.inject({ method: 'GET', url: '/identity/.well-known/jwks.json' });
    expect(jwks.json()).toEqual(t.identity.jwks());
    expect(jwks.json().keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.json().keys[0].d).toBeUndefined();
  });
});

describe('embedded identity: untrustworthy ID tokens', () => {
  const claimsOf = () => decodePayload(idToken);

  it('refuses a token signed by another key, even with the same kid', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const kid = t.identity.jwks().keys[0]!.kid!;
    const forged = await new SignJWT(claimsOf()).setProtectedHeader({ alg: 'RS256', kid }).sign(privateKey);
    await expect(t.identity.verifyIdToken(forged)).rejects.toMatchObject({ status: 401, code: 'auth/invalid-id-token' });
    expect((await t.call('lookup', { idToken: forged })).body).toEqual(toolkitErrorBody('INVALID_ID_TOKEN'));
  });

  it('refuses a tampered payload and an unsigned token', async () => {
    const [header, , signature] = idToken.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claimsOf(), sub: 'someone-else', user_id: 'someone-else' })).toString('base64url');
    await expect(t.identity.verifyIdToken(`${header}.${payload}.${signature}`)).rejects.toMatchObject({ code: 'auth/invalid-id-token' });
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await expect(t.identity.verifyIdToken(`${none}.${payload}.`)).rejects.toMatchObject({ code: 'auth/invalid-id-token' });
  });

  it('reports expiry, then refuses a deleted user', async () => {
    clock.advance(3601_000);
    await expect(t.identity.verifyIdToken(idToken)).rejects.toMatchObject({ status: 401, code: 'auth/id-token-expired' });
    expect((await t.call('lookup', { idToken })).body).toEqual(toolkitErrorBody('TOKEN_EXPIRED'));
    const fresh = await t.call('signInWithPassword', { email: 'fay@example.com', password: 'Secret-01', tenantId: 'aurora' });
    expect(fresh.body.localId).toBe(uid);
    await t.identity.deleteAccount('aurora', uid);
    await expect(t.identity.verifyIdToken(fresh.body.idToken)).rejects.toMatchObject({ status: 401, code: 'auth/user-not-found' });
    expect((await t.call('lookup', { idToken: fresh.body.idToken })).body).toEqual(toolkitErrorBody('USER_NOT_FOUND'));
  });
});
