import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../server/errors.ts';
import { createIdentity } from '../../server/identity/index.ts';
import { brandsFor, createAndSignIn, createClock, decodePayload, projectId, startIdentityApp, toolkitErrorBody, type IdentityTestApp } from './identity.helpers.ts';

const clock = createClock();
let t: IdentityTestApp;

beforeAll(async () => {
  t = await startIdentityApp({ now: clock.now, brandForTenant: brandsFor(['aurora-1', 'aurora-2', 'aurora-3', 'aurora-5', 'north', 'south']) });
}, 60_000);
afterAll(() => t.close());

const signUp = (tenantId: string, email: string, password = 'Secret-01') => createAndSignIn(t, tenantId, email, password);
const signIn = (tenantId: string, email: string, password: string) =>
  t.call('signInWithPassword', { email, password, tenantId, returnSecureToken: true });

describe('embedded identity: account life cycle', () => {
  it('signs in, looks up, refreshes, changes the password; deleting is for the server', async () => {
    const created = await signUp('aurora-1', 'Ada@Example.com');
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ kind: 'identitytoolkit#VerifyPasswordResponse', email: 'ada@example.com', expiresIn: '3600' });
    const uid = created.body.localId as string;
    expect(uid).toMatch(/^[A-Za-z0-9]{28}$/);

    const signedIn = await signIn('aurora-1', 'ada@example.com', 'Secret-01');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ localId: uid, registered: true });
    const claims = decodePayload(signedIn.body.idToken);
    expect(claims).toMatchObject({
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      sub: uid,
      user_id: uid,
      email: 'ada@example.com',
      email_verified: false,
      firebase: { identities: { email: ['ada@example.com'] }, sign_in_provider: 'password', tenant: 'aurora-1' },
    });
    expect(claims.exp - claims.iat).toBe(3600);

    const lookup = await t.call('lookup', { idToken: signedIn.body.idToken });
    expect(lookup.status).toBe(200);
    const [user] = lookup.body.users;
    expect(user).toMatchObject({ localId: uid, email: 'ada@example.com', emailVerified: false, tenantId: 'aurora-1' });
    expect(user.providerUserInfo).toEqual([{ providerId: 'password', email: 'ada@example.com', federatedId: 'ada@example.com', rawId: 'ada@example.com' }]);
    expect(user.passwordHash).not.toContain('scrypt');
    expect(user.createdAt).toBe(String(clock.ms));
    expect(user.lastLoginAt).toBe(String(clock.ms));

    clock.advance(2000);
    const refreshed = await t.refresh(signedIn.body.refreshToken);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ expires_in: '3600', token_type: 'Bearer', user_id: uid, project_id: projectId });
    expect(refreshed.body.access_token).toBe(refreshed.body.id_token);
    expect(decodePayload(refreshed.body.id_token).auth_time).toBe(claims.auth_time);
    await expect(t.identity.verifyIdToken(refreshed.body.id_token)).resolves.toEqual({
      uid,
      tenantId: 'aurora-1',
      email: 'ada@example.com',
      authTime: claims.auth_time,
      expiresAt: decodePayload(refreshed.body.id_token).exp,
    });

    clock.advance(2000);
    const updated = await t.call('update', { idToken: refreshed.body.id_token, password: 'Secret-02', returnSecureToken: true });
    expect(updated.status).toBe(200);
    expect(updated.body.idToken).toBeTypeOf('string');
    await expect(t.identity.verifyIdToken(refreshed.body.id_token)).rejects.toMatchObject({ status: 401, code: 'auth/id-token-revoked' });
    expect((await t.call('lookup', { idToken: signedIn.body.idToken })).body).toEqual(toolkitErrorBody('TOKEN_EXPIRED'));
    expect((await t.refresh(signedIn.body.refreshToken)).body).toEqual(toolkitErrorBody('TOKEN_EXPIRED'));
    expect((await t.refresh(updated.body.refreshToken)).status).toBe(200);
    expect((await signIn('aurora-1', 'ada@example.com', 'Secret-01')).body).toEqual(toolkitErrorBody('INVALID_LOGIN_CREDENTIALS'));
    expect((await signIn('aurora-1', 'ada@example.com', 'Secret-02')).status).toBe(200);

    expect(await t.call('delete', { idToken: updated.body.idToken })).toEqual({ status: 400, body: toolkitErrorBody('ADMIN_ONLY_OPERATION') });
    await t.identity.deleteAccount('aurora-1', uid);
    await expect(t.identity.verifyIdToken(updated.body.idToken)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await t.refresh(updated.body.refreshToken)).body).toEqual(toolkitErrorBody('INVALID_REFRESH_TOKEN'));
    expect(await t.identity.findAccountByEmail('aurora-1', 'ada@example.com')).toBeNull();
  });

  it('answers INVALID_LOGIN_CREDENTIALS for a wrong password and an unknown e-mail alike', async () => {
    await signUp('aurora-2', 'bea@example.com');
    expect(await signIn('aurora-2', 'bea@example.com', 'wrong-password')).toEqual({ status: 400, body: toolkitErrorBody('INVALID_LOGIN_CREDENTIALS') });
    expect(await signIn('aurora-2', 'nobody@example.com', 'Secret-01')).toEqual({ status: 400, body: toolkitErrorBody('INVALID_LOGIN_CREDENTIALS') });
  });

  it('refuses a second account with the same e-mail in a tenant', async () => {
    expect((await signUp('aurora-3', 'cid@example.com')).status).toBe(200);
    await expect(t.identity.createAccount({ tenantId: 'aurora-3', email: 'CID@example.com', password: 'Secret-01' })).rejects.toMatchObject({ status: 409 });
    await expect(t.identity.createAccount({ tenantId: 'aurora-3', email: 'cid@example.com', password: 'Secret-01' })).rejects.toEqual(
      new ApiError(409, 'auth/email-already-exists', 'The e-mail address is already in use by another account'),
    );
  });

  it('keeps tenants apart', async () => {
    const inNorth = await signUp('north', 'dan@example.com', 'North-pass1');
    const inSouth = await signUp('south', 'dan@example.com', 'South-pass1');
    expect(inNorth.body.localId).not.toBe(inSouth.body.localId);
    expect((await signIn('north', 'dan@example.com', 'South-pass1')).body).toEqual(toolkitErrorBody('INVALID_LOGIN_CREDENTIALS'));
    expect((await signIn('east', 'dan@example.com', 'North-pass1')).body).toEqual(toolkitErrorBody('INVALID_LOGIN_CREDENTIALS'));
    const south = await signIn('south', 'dan@example.com', 'South-pass1');
    expect((await t.call('lookup', { idToken: south.body.idToken })).body.users[0].tenantId).toBe('south');
    expect(await t.identity.findAccountByEmail('north', 'DAN@example.com')).toBe(inNorth.body.localId);
  });

  it('lets the server create accounts in a tenant no brand owns', async () => {
    expect(await t.identity.findAccountByEmail('nowhere', 'ola@example.com')).toBeNull();
    const uid = await t.identity.createAccount({ tenantId: 'nowhere', email: 'ola@example.com', password: 'Secret-01' });
    expect(await t.identity.findAccountByEmail('nowhere', 'ola@example.com')).toBe(uid);
    expect((await signIn('nowhere', 'ola@example.com', 'Secret-01')).status).toBe(200);
  });

  it('signs in with a custom token the server made', async () => {
    const uid = await t.identity.createAccount({ tenantId: 'aurora-4', email: 'eve@example.com', password: 'Secret-01', uid: 'seed-eve' });
    expect(uid).toBe('seed-eve');
    const token = await t.identity.createCustomToken('aurora-4', uid);
    const signedIn = await t.call('signInWithCustomToken', { token, tenantId: 'aurora-4', returnSecureToken: true });
    expect(signedIn.status).toBe(200);
    expect(decodePayload(signedIn.body.idToken)).toMatchObject({ sub: uid, firebase: { sign_in_provider: 'custom', tenant: 'aurora-4' } });
    expect(decodePayload((await t.refresh(signedIn.body.refreshToken)).body.id_token).firebase.sign_in_provider).toBe('custom');
    expect((await t.call('signInWithCustomToken', { token, tenantId: 'other' })).body).toEqual(toolkitErrorBody('TENANT_ID_MISMATCH'));
    expect((await t.call('signInWithCustomToken', { token: signedIn.body.idToken })).body).toEqual(toolkitErrorBody('INVALID_CUSTOM_TOKEN'));
    expect((await t.call('signInWithCustomToken', { token: 'not.a.jwt' })).body).toEqual(toolkitErrorBody('INVALID_CUSTOM_TOKEN'));
  });

  it('wants a recent sign-in to change the password, not to rename', async () => {
    const created = await signUp('aurora-5', 'gia@example.com');
    clock.advance(6 * 60_000);
    const { idToken } = created.body;
    expect((await t.call('update', { idToken, password: 'Secret-02' })).body).toEqual(toolkitErrorBody('CREDENTIAL_TOO_OLD_LOGIN_AGAIN'));
    const renamed = await t.call('update', { idToken, displayName: 'Gia', returnSecureToken: true });
    expect(renamed.body).toMatchObject({ localId: created.body.localId, displayName: 'Gia' });
    expect(renamed.body.idToken).toBeUndefined();
    expect((await t.call('lookup', { idToken })).body.users[0].displayName).toBe('Gia');
  });
});

describe('createIdentity', () => {
  it('chooses the provider from the configuration', async () => {
    const embedded = await createIdentity({ identity: { kind: 'embedded', projectId } }, { db: t.db });
    expect(embedded.kind).toBe('embedded');
    expect(embedded.registerRoutes).toBeTypeOf('function');
    const firebase = createIdentity({ identity: { kind: 'firebase', projectId, serviceAccount: '{}', apiKey: 'key' } }, { db: t.db });
    await expect(firebase).rejects.toThrow('FIREBASE_SERVICE_ACCOUNT: invalid service-account key');
  });
});
