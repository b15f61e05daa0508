import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { AuthClientErrorCode, FirebaseAuthError } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountError, verificationError } from '../../server/identity/firebase/adminErrors.ts';
import { createFirebaseIdentity } from '../../server/identity/firebase/index.ts';
import { auroraSignUp, call, makeAccountBrands, signUpMember } from './accounts.helpers.ts';
import { freePort } from './support/paymentsApp.ts';
import { madeUpServiceAccount } from './support/madeUpServiceAccount.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const projectId = 'demo-klubb-errors';
const serviceAccount = madeUpServiceAccount(projectId);

describe('firebase-admin errors, mapped by code', () => {
  // The SDK's own error class, built as firebase-admin builds it from a server answer (its typings omit that constructor).
  const SdkError = FirebaseAuthError as unknown as new (info: { code: string; message: string }) => Error;
  const sdkError = (code: { code: string; message: string }) => new SdkError(code);

  it('answers a tenant, permission or credential set up wrongly as a configuration error that names the provider code', () => {
    for (const [error, providerCode] of [
      [sdkError(AuthClientErrorCode.TENANT_NOT_FOUND), 'auth/tenant-not-found'],
      [sdkError(AuthClientErrorCode.INSUFFICIENT_PERMISSION), 'auth/insufficient-permission'],
      [sdkError(AuthClientErrorCode.INVALID_CREDENTIAL), 'auth/invalid-credential'],
      [sdkError(AuthClientErrorCode.PROJECT_NOT_FOUND), 'auth/project-not-found'],
    ] as const) {
      expect(accountError(error)).toMatchObject({ status: 503, code: 'auth/provider-misconfigured', providerCode });
    }
  });

  it("treats a tenant that does not exist in a token as the token's fault, and anything unexplained as an outage with its code", () => {
    expect(verificationError(sdkError(AuthClientErrorCode.TENANT_NOT_FOUND))).toMatchObject({ status: 401, code: 'auth/invalid-id-token' });
    expect(verificationError(sdkError(AuthClientErrorCode.MISMATCHING_TENANT_ID))).toMatchObject({
      status: 401,
      message: 'The ID token is of another tenant',
    });
    expect(verificationError(sdkError(AuthClientErrorCode.ID_TOKEN_REVOKED))).toMatchObject({ status: 401, code: 'auth/id-token-revoked' });
    expect(accountError(sdkError(AuthClientErrorCode.INTERNAL_ERROR))).toMatchObject({
      status: 503,
      code: 'auth/provider-unavailable',
      providerCode: 'auth/internal-error',
    });
    expect(accountError(new Error('socket hang up'))).toMatchObject({ status: 503, providerCode: 'Error' });
  });
});

describe('what the server logs when identity fails', () => {
  let logged = '';
  let t: TestApp;
  let unreachable: TestApp;
  const logger = { level: 'info', stream: new Writable({ write: (chunk, _encoding, done) => ((logged += String(chunk)), done()) }) };

  beforeAll(async () => {
    t = await createTestApp({ logger });
    await makeAccountBrands(t);
    // The firebase provider pointed at an Auth Emulator that is not there: every call fails for real.
    const port = await freePort();
    unreachable = await createTestApp({
      logger,
      identity: {
        kind: 'firebase-emulator',
        projectId,
        exactRevocation: false,
        create: () => createFirebaseIdentity({ projectId, serviceAccount, apiKey: 'key', emulatorHost: `127.0.0.1:${port}` }),
        toolkit: async () => ({ status: 0, body: null }),
      },
    });
    await makeAccountBrands(unreachable);
  });
  afterAll(async () => {
    await t?.close();
    await unreachable?.close();
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  });

  it('logs why a token was refused, without the token', async () => {
    const member = await signUpMember(t);
    const [header, payload] = member.idToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(342)}`;
    const answer = await call(t, { method: 'GET', url: '/v1/get/user', idToken: forged });
    expect(answer).toMatchObject({ status: 401, body: { code: 'auth/invalid-id-token' } });
    expect(logged).toContain('"reason":"The ID token signature does not verify"');
    expect(logged).toContain('ID token refused');
    expect(logged).not.toContain(payload);

    const elsewhere = await call(t, { method: 'GET', url: '/v1/get/user', brand: 'borealis', idToken: member.idToken });
    expect(elsewhere.status).toBe(403);
    expect(logged).toContain('"code":"auth/wrong-tenant"');
    expect(logged).not.toContain(member.idToken);
  });

  it('answers an unreachable provider with 503 and logs its code, never the member data', async () => {
    const body = auroraSignUp();
    const answer = await call(unreachable, { method: 'POST', url: '/v1/create/user', body });
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('auth/provider-unavailable');
    expect(logged).toMatch(/"code":"auth\/provider-unavailable","providerCode":"[a-z/-]+"/);
    expect(logged).not.toContain(body.email);
    expect(logged).not.toContain(body.password);
  });
});

describe("Identity Platform's tenants, as the brand command meets them", () => {
  // The Auth Emulator makes every tenant it is asked about, so Google's answers for a missing
  // tenant and a missing role are played here by a server that answers as Identity Platform does.
  const created: unknown[] = [];
  let server: Server;
  let host: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const answer = (status: number, json: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
        const tenant = /\/v2\/projects\/[^/]+\/tenants(?:\/([^/?]+))?/.exec(request.url ?? '');
        if (!tenant) return answer(404, { error: { code: 404, message: 'NOT_FOUND' } });
        if (request.method === 'POST') {
          created.push(JSON.parse(body));
          return answer(200, { name: `projects/${projectId}/tenants/polaris-k3x9q`, displayName: 'polaris', allowPasswordSignup: true });
        }
        if (tenant[1] === 'locked') return answer(403, { error: { code: 403, message: 'PERMISSION_DENIED: Missing identitytoolkit.tenants.get' } });
        if (tenant[1] === 'polaris-k3x9q') return answer(200, { name: `projects/${projectId}/tenants/polaris-k3x9q`, displayName: 'polaris' });
        return answer(404, { error: { code: 404, message: 'TENANT_NOT_FOUND' } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = `127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  });

  it('finds a tenant or its absence, names a missing role as a configuration error, and creates tenants with the password policy', async () => {
    const identity = await createFirebaseIdentity({ projectId, serviceAccount, apiKey: 'key', emulatorHost: host });
    const tenants = identity.tenants!;
    expect(await tenants.exists('polaris-k3x9q')).toBe(true);
    expect(await tenants.exists('gone')).toBe(false);
    await expect(tenants.exists('locked')).rejects.toMatchObject({ code: 'auth/provider-misconfigured', providerCode: 'auth/insufficient-permission' });
    expect(await tenants.create('polaris')).toBe('polaris-k3x9q');
    expect(created).toEqual([
      expect.objectContaining({
        displayName: 'polaris',
        allowPasswordSignup: true,
        passwordPolicyConfig: expect.objectContaining({
          passwordPolicyEnforcementState: 'ENFORCE',
          passwordPolicyVersions: [expect.objectContaining({ customStrengthOptions: expect.objectContaining({ minPasswordLength: 8, maxPasswordLength: 30, containsNumericCharacter: true, containsLowercaseCharacter: true, containsUppercaseCharacter: true }) })],
        }),
      }),
    ]);
  });
});
