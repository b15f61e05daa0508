import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFirebaseIdentity } from '../../server/identity/firebase/index.ts';
import { verifyIdTokenClaims } from '../../server/identity/tokenClaims.ts';

const projectId = 'klubb-claims';
const nowSeconds = 1_800_000_000;
const now = () => nowSeconds * 1000;
let signingKey: CryptoKey;
let otherKey: CryptoKey;
let keys: JWTVerifyGetKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'RS256' }] });
});

const goodClaims = (): JWTPayload => ({
  iss: `https://securetoken.google.com/${projectId}`,
  aud: projectId,
  sub: 'user-1',
  user_id: 'user-1',
  iat: nowSeconds - 60,
  exp: nowSeconds + 3540,
  auth_time: nowSeconds - 120,
  email: 'lea@example.com',
  email_verified: true,
  firebase: { identities: { email: ['lea@example.com'] }, sign_in_provider: 'password', tenant: 'aurora' },
});
const sign = (claims: JWTPayload, { key = signingKey, kid = 'key-1' }: { key?: CryptoKey; kid?: string } = {}) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
const check = async (token: string, requireTenant = true) => verifyIdTokenClaims(token, { projectId, keys, now, requireTenant });

describe('shared ID-token claim checks', () => {
  it('accepts a correct token and reads its claims', async () => {
    await expect(check(await sign(goodClaims()))).resolves.toEqual({
      uid: 'user-1',
      tenantId: 'aurora',
      email: 'lea@example.com',
      emailVerified: true,
      authTime: nowSeconds - 120,
      issuedAt: nowSeconds - 60,
      expiresAt: nowSeconds + 3540,
      signInProvider: 'password',
      // Only the embedded provider's tokens carry a token generation.
      tokenGeneration: null,
    });
    await expect(check(await sign({ ...goodClaims(), token_generation: 3 }))).resolves.toMatchObject({ tokenGeneration: 3 });
    await expect(check(await sign({ ...goodClaims(), token_generation: '3' }))).resolves.toMatchObject({ tokenGeneration: null });
  });

  it.each([
    ['wrong issuer', { iss: 'https://securetoken.google.com/other' }],
    ['wrong audience', { aud: 'other' }],
    ['auth_time in the future', { auth_time: nowSeconds + 60 }],
    ['no auth_time', { auth_time: undefined }],
    ['empty subject', { sub: '', user_id: '' }],
    ['user_id different from sub', { user_id: 'user-2' }],
    ['no tenant', { firebase: { sign_in_provider: 'password' } }],
  ])('refuses %s as invalid', async (_name, change) => {
    await expect(check(await sign({ ...goodClaims(), ...change }))).rejects.toMatchObject({ status: 401, code: 'auth/invalid-id-token' });
  });

  it('reports expiry separately', async () => {
    await expect(check(await sign({ ...goodClaims(), exp: nowSeconds - 1 }))).rejects.toMatchObject({ status: 401, code: 'auth/id-token-expired' });
  });

  it('accepts a token without tenant only when not required', async () => {
    const token = await sign({ ...goodClaims(), firebase: { sign_in_provider: 'password' } });
    await expect(check(token, false)).resolves.toMatchObject({ tenantId: null });
  });

  it('refuses wrong signatures, unknown kids and other algorithms', async () => {
    await expect(check(await sign(goodClaims(), { key: otherKey }))).rejects.toMatchObject({ code: 'auth/invalid-id-token' });
    await expect(check(await sign(goodClaims(), { kid: 'key-2' }))).rejects.toMatchObject({ code: 'auth/invalid-id-token' });
    const hmac = await new SignJWT(goodClaims()).setProtectedHeader({ alg: 'HS256', kid: 'key-1' }).sign(new Uint8Array(32));
    await expect(check(hmac)).rejects.toMatchObject({ code: 'auth/invalid-id-token' });
    await expect(check('')).rejects.toMatchObject({ code: 'auth/invalid-id-token' });
    await expect(check('a.b.c')).rejects.toMatchObject({ code: 'auth/invalid-id-token' });
  });

  it('answers 503 when the key set cannot be loaded, so clients are not signed out', async () => {
    const unreachable: JWTVerifyGetKey = async () => {
      throw new TypeError('fetch failed');
    };
    const token = await sign(goodClaims());
    await expect(verifyIdTokenClaims(token, { projectId, keys: unreachable, now })).rejects.toMatchObject({ status: 503, code: 'auth/provider-unavailable' });
  });
});

const privateKeyPem = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const serviceAccount = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({ type: 'service_account', project_id: projectId, client_email: `admin@${projectId}.iam.gserviceaccount.com`, private_key: privateKeyPem(), ...fields });

describe('firebase identity provider (offline)', () => {
  it('rejects malformed service accounts with a clear message', async () => {
    const create = (text: string) => createFirebaseIdentity({ projectId, serviceAccount: text, apiKey: 'key' });
    await expect(create('{not json')).rejects.toThrow('FIREBASE_SERVICE_ACCOUNT: not valid JSON');
    await expect(create('/nonexistent/key.json')).rejects.toThrow(/neither JSON nor a readable file path \(ENOENT/);
    await expect(create(serviceAccount({ private_key: 'nope', type: 'user' }))).rejects.toThrow(
      'invalid service-account key: "type" must be "service_account"; "private_key" is missing or not a PEM private key',
    );
    await expect(create(serviceAccount({ client_email: undefined }))).rejects.toThrow('"client_email" is missing');
    await expect(create(serviceAccount({ project_id: 'elsewhere' }))).rejects.toThrow('set FIREBASE_PROJECT_ID=elsewhere');
    const dir = await mkdtemp(join(tmpdir(), 'klubb-sa-'));
    try {
      await writeFile(join(dir, 'key.json'), '[]');
      await expect(create(join(dir, 'key.json'))).rejects.toThrow('not a JSON object');
      await writeFile(join(dir, 'good.json'), serviceAccount());
      await expect(create(join(dir, 'good.json'))).resolves.toMatchObject({ kind: 'firebase' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('checks claims before asking Firebase, and signs custom tokens locally', async () => {
    const identity = await createFirebaseIdentity({ projectId, serviceAccount: serviceAccount(), apiKey: 'key', keys, now });
    await expect(identity.verifyIdToken(await sign({ ...goodClaims(), aud: 'other' }))).rejects.toMatchObject({
      code: 'auth/invalid-id-token',
      message: 'The ID token has a wrong "aud" claim',
    });
    await expect(identity.verifyIdToken(await sign(goodClaims(), { key: otherKey }))).rejects.toMatchObject({
      code: 'auth/invalid-id-token',
      message: 'The ID token signature does not verify',
    });
    await expect(identity.verifyIdToken(await sign({ ...goodClaims(), exp: nowSeconds - 1 }))).rejects.toMatchObject({ code: 'auth/id-token-expired' });
    await expect(identity.verifyIdToken(await sign({ ...goodClaims(), firebase: {} }))).rejects.toMatchObject({ code: 'auth/invalid-id-token' });
    const custom = await identity.createCustomToken('aurora', 'user-1');
    const payload = JSON.parse(Buffer.from(custom.split('.')[1]!, 'base64url').toString());
    expect(payload).toMatchObject({ uid: 'user-1', tenant_id: 'aurora', iss: `admin@${projectId}.iam.gserviceaccount.com` });
  });
});
