import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityAccounts } from '../../server/db/schema/identity.ts';
import { createIdentityService, type IdentityService } from '../../src/services/identity.ts';
import { readTokenLife } from '../../src/services/tokenLife.ts';
import { apiKey, brandsFor, createClock, projectId, startIdentityApp, type IdentityTestApp } from './identity.helpers.ts';

let t: IdentityTestApp;
let identity: IdentityService;
let closed = false;
// The provider's clock runs two hours ahead of this device's: expiry must not follow it.
const providerClock = createClock(Date.now() + 2 * 3600_000);

beforeAll(async () => {
  t = await startIdentityApp({ brandForTenant: brandsFor(['aurora']), now: providerClock.now });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  identity = createIdentityService({ apiKey, projectId, emulatorOrigin: origin }, 'aurora');
}, 60_000);
afterAll(async () => {
  if (!closed) await t.close();
});

async function signUpAndIn(email: string) {
  const uid = await t.identity.createAccount({ tenantId: 'aurora', email, password: 'Password1' });
  await identity.signInWithPassword(email, 'Password1');
  return uid;
}

const setAccount = (uid: string, values: Partial<typeof identityAccounts.$inferInsert>) =>
  t.db.update(identityAccounts).set(values).where(eq(identityAccounts.uid, uid));

/** The identity adapter's token life against the embedded provider, through the firebase SDK. */
describe('the ID token life the session machine reads', () => {
  it("gives the token and its expiry an hour ahead on this device's clock; a forced read asks anew", async () => {
    await signUpAndIn('life@aurora.test');
    const before = Date.now();
    const first = await identity.getIdTokenResult();
    expect(first!.token).toBe(await identity.getIdToken());
    expect(first!.expiresAt).toBeGreaterThanOrEqual(before + 3600_000);
    expect(first!.expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
    providerClock.advance(1000);
    const beforeRenewal = Date.now();
    const renewed = await identity.getIdTokenResult(true);
    expect(renewed!.token).not.toBe(first!.token);
    expect(renewed!.expiresAt).toBeGreaterThanOrEqual(beforeRenewal + 3600_000);
    expect(renewed!.expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
    const life = await readTokenLife(identity, false);
    // The same token, read later: its expiry on this device's clock is no earlier than when renewed.
    expect(life.expiresAt).toBeGreaterThanOrEqual(renewed!.expiresAt);
    expect(life.expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(life.readAt).toBeLessThanOrEqual(Date.now());
  });

  it('reports a disabled account as auth/user-disabled on renewal, then nobody is signed in', async () => {
    const uid = await signUpAndIn('disabled@aurora.test');
    await setAccount(uid, { disabled: true });
    await expect(identity.getIdTokenResult(true)).rejects.toMatchObject({ code: 'auth/user-disabled' });
    expect(await identity.getIdTokenResult()).toBeNull();
    await expect(readTokenLife(identity, false)).rejects.toMatchObject({ code: 'auth/no-current-user' });
  });

  it('reports revoked sessions (a password changed elsewhere) as auth/user-token-expired', async () => {
    const uid = await signUpAndIn('revoked@aurora.test');
    await setAccount(uid, { validSince: Math.ceil(providerClock.now() / 1000) + 1 });
    await expect(identity.getIdTokenResult(true)).rejects.toMatchObject({ code: 'auth/user-token-expired' });
  });

  it('reports an unreachable provider as the network failure the session retries', async () => {
    await signUpAndIn('offline@aurora.test');
    await t.close();
    closed = true;
    await expect(identity.getIdTokenResult(true)).rejects.toMatchObject({ status: 600, code: 'failed_to_fetch' });
  });
});
