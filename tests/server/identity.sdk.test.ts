import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { desc, eq } from 'drizzle-orm';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  confirmPasswordReset,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  deleteUser,
  inMemoryPersistence,
  initializeAuth,
  sendPasswordResetEmail,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  validatePassword,
  verifyPasswordResetCode,
  type Auth,
} from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema/mail.ts';
import { apiKey, brandsFor, createClock, projectId, startIdentityApp, type IdentityTestApp } from './identity.helpers.ts';

let t: IdentityTestApp;
let origin: string;
let firebaseApp: FirebaseApp;
let auth: Auth;

beforeAll(async () => {
  t = await startIdentityApp({ brandForTenant: brandsFor(['aurora']) });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  firebaseApp = initializeApp({ apiKey, projectId }, 'identity-sdk-test');
  auth = initializeAuth(firebaseApp, { persistence: inMemoryPersistence });
  auth.tenantId = 'aurora';
  connectAuthEmulator(auth, origin, { disableWarnings: true });
}, 60_000);
afterAll(async () => {
  await deleteApp(firebaseApp);
  await t.close();
});

const email = 'mia@example.com';
const resetCodeFromOutbox = async () => {
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  // The brand's first app host, on the port the app listens on: never the caller's Host.
  expect(mail!.text).toContain(`${origin.replace('127.0.0.1', 'localhost')}/password_reset/`);
  return /\/password_reset\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
};

describe('the firebase JS SDK against the embedded identity provider', () => {
  it('signs in, refreshes, changes and resets the password; sign-up and delete are for the server', async () => {
    await expect(createUserWithEmailAndPassword(auth, email, 'Secret-01')).rejects.toMatchObject({ code: 'auth/admin-restricted-operation' });
    const uid = await t.identity.createAccount({ tenantId: 'aurora', email, password: 'Secret-01' });

    const signedIn = await signInWithEmailAndPassword(auth, email, 'Secret-01');
    expect(signedIn.user).toMatchObject({ uid, email, tenantId: 'aurora', emailVerified: false });
    expect(signedIn.user.providerData[0]).toMatchObject({ providerId: 'password', email });
    const firstToken = await signedIn.user.getIdToken();
    await sleep(1100);
    const refreshedToken = await signedIn.user.getIdToken(true);
    expect(refreshedToken).not.toBe(firstToken);
    const result = await signedIn.user.getIdTokenResult();
    expect(result).toMatchObject({ signInProvider: 'password', claims: { firebase: { tenant: 'aurora' } } });
    await expect(t.identity.verifyIdToken(refreshedToken)).resolves.toMatchObject({ uid, tenantId: 'aurora', email });

    await updatePassword(signedIn.user, 'Secret-02');
    const afterUpdate = await auth.currentUser!.getIdToken();
    await expect(t.identity.verifyIdToken(afterUpdate)).resolves.toMatchObject({ uid, tenantId: 'aurora' });
    await signOut(auth);
    await expect(signInWithEmailAndPassword(auth, email, 'Secret-01')).rejects.toMatchObject({
      name: 'FirebaseError',
      code: 'auth/invalid-credential',
    });
    await expect(signInWithEmailAndPassword(auth, 'nobody@example.com', 'Secret-01')).rejects.toMatchObject({ code: 'auth/invalid-credential' });

    await sendPasswordResetEmail(auth, email);
    const oobCode = await resetCodeFromOutbox();
    expect(await verifyPasswordResetCode(auth, oobCode)).toBe(email);
    await expect(confirmPasswordReset(auth, oobCode, 'aaaaaa')).rejects.toMatchObject({ code: 'auth/password-does-not-meet-requirements' });
    await confirmPasswordReset(auth, oobCode, 'Secret-03');
    await expect(confirmPasswordReset(auth, oobCode, 'Secret-04')).rejects.toMatchObject({ code: 'auth/invalid-action-code' });

    const afterReset = await signInWithEmailAndPassword(auth, email, 'Secret-03');
    expect(afterReset.user.uid).toBe(uid);
    await expect(deleteUser(afterReset.user)).rejects.toMatchObject({ code: 'auth/admin-restricted-operation' });
    await expect(updatePassword(afterReset.user, 'aaaaaa')).rejects.toMatchObject({ code: 'auth/password-does-not-meet-requirements' });
  }, 60_000);

  it('reads the password policy the server enforces, and checks passwords against it', async () => {
    expect(await validatePassword(auth, 'Secret-01')).toMatchObject({ isValid: true });
    const weak = await validatePassword(auth, 'aaaaaa');
    expect(weak).toMatchObject({ isValid: false, meetsMinPasswordLength: false, containsUppercaseLetter: false, containsNumericCharacter: false });
    expect(weak.passwordPolicy.customStrengthOptions).toEqual({
      minPasswordLength: 8,
      maxPasswordLength: 30,
      containsLowercaseLetter: true,
      containsUppercaseLetter: true,
      containsNumericCharacter: true,
      containsNonAlphanumericCharacter: false,
    });
    expect((await validatePassword(auth, 'A1bcdefghijklmnopqrstuvwxyz0123')).meetsMaxPasswordLength).toBe(false);
  });

  it('signs in with a custom token and rejects a user of another tenant', async () => {
    const uid = await t.identity.createAccount({ tenantId: 'aurora', email: 'ned@example.com', password: 'Secret-01' });
    const signedIn = await signInWithCustomToken(auth, await t.identity.createCustomToken('aurora', uid));
    expect(signedIn.user).toMatchObject({ uid, email: 'ned@example.com', tenantId: 'aurora' });
    await expect(t.identity.verifyIdToken(await signedIn.user.getIdToken())).resolves.toMatchObject({ uid, tenantId: 'aurora' });
    await signOut(auth);

    const elsewhere = await t.identity.createAccount({ tenantId: 'borealis', email: 'ned@example.com', password: 'Secret-01' });
    await expect(signInWithCustomToken(auth, await t.identity.createCustomToken('borealis', elsewhere))).rejects.toMatchObject({
      code: 'auth/tenant-id-mismatch',
    });
    await expect(signInWithEmailAndPassword(auth, 'ned@example.com', 'wrong')).rejects.toMatchObject({ code: 'auth/invalid-credential' });
  }, 60_000);
});

describe('a waiting account through the firebase JS SDK (issue 40)', () => {
  it('refuses with auth/too-many-requests (the app\'s text naming BankID and a reset) after sixty strangers\' failures; the server\'s device cookie is scoped to the paths the SDK calls', async () => {
    const clock = createClock();
    const server = await startIdentityApp({ now: clock.now, brandForTenant: brandsFor(['aurora']) });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const pageOrigin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    // As the app does with the embedded provider: the identity calls go to the page's own origin (src/config.ts).
    const deviceApp = initializeApp({ apiKey, projectId }, 'identity-sdk-device');
    const deviceAuth = initializeAuth(deviceApp, { persistence: inMemoryPersistence });
    deviceAuth.tenantId = 'aurora';
    connectAuthEmulator(deviceAuth, pageOrigin, { disableWarnings: true });
    try {
      const member = 'dora@example.com';
      await server.identity.createAccount({ tenantId: 'aurora', email: member, password: 'Secret-01' });
      // The answer the SDK reads sets the device cookie on a path that covers every accounts:* call it makes.
      const direct = await server.app.inject({
        method: 'POST',
        url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`,
        payload: { email: member, password: 'Secret-01', tenantId: 'aurora', returnSecureToken: true },
      });
      expect(String(direct.headers['set-cookie'])).toMatch(/^klubb_device=[A-Za-z0-9_-]{43}; Path=\/identitytoolkit\.googleapis\.com\/v1\/;/);

      for (let i = 0; i < 60; i++) {
        await server.call('signInWithPassword', { email: member, password: `Wrong${i}guess`, tenantId: 'aurora' }, { remoteAddress: `10.77.0.${i + 1}` });
      }
      // Node's fetch keeps no cookies: this is a device the member never signed in on.
      await expect(signInWithEmailAndPassword(deviceAuth, member, 'Secret-01')).rejects.toMatchObject({ code: 'auth/too-many-requests' });
      clock.advance(1000);
      expect((await signInWithEmailAndPassword(deviceAuth, member, 'Secret-01')).user.email).toBe(member);
    } finally {
      await deleteApp(deviceApp);
      await server.close();
    }
  }, 60_000);
});
