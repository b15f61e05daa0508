import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { call, makeAccountBrands, signUpMember } from './accounts.helpers.ts';

/** The member's push token (spec 3, 4): stored through PUT /v1/update/user, the OpenAPI document's update path. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await makeAccountBrands(t);
}, 60_000);
afterAll(() => t.close());

const update = (idToken: string | undefined, body: unknown) => call(t, { method: 'PUT', url: '/v1/update/user', idToken, body });
const getUser = (idToken: string) => call(t, { method: 'GET', url: '/v1/get/user', idToken });
const error = (status: number, code: string) => ({ status, body: expect.objectContaining({ status, code, message: expect.any(String) }) });
/** An FCM registration token's shape: about 160 characters with a colon. */
const fcmToken = `dQw4w9WgXcQ:APA91b${'H'.repeat(140)}_x-Y.z`;

describe('pushNotificationToken on PUT /v1/update/user', () => {
  it('stores the token on the caller, shows it on the record, and forgets it on null', async () => {
    const member = await signUpMember(t);
    const stored = await update(member.idToken, { pushNotificationToken: fcmToken });
    expect(stored).toMatchObject({ status: 200, body: expect.objectContaining({ id: member.uid, pushNotificationToken: fcmToken }) });
    expect((await getUser(member.idToken)).body).toMatchObject({ pushNotificationToken: fcmToken });
    expect(await update(member.idToken, { pushNotificationToken: null })).toMatchObject({ status: 200, body: expect.objectContaining({ pushNotificationToken: null }) });
  });

  it('refuses an oversize, empty or garbage token with the error shape, and keeps the one stored', async () => {
    const member = await signUpMember(t);
    await update(member.idToken, { pushNotificationToken: fcmToken });
    const hostile: unknown[] = ['x'.repeat(1025), '', 'token with spaces', '<script>alert(1)</script>', "a'; DROP TABLE app_user;--", 'tök\u0000en', 42, { token: 'a' }, ['a']];
    for (const pushNotificationToken of hostile) {
      expect({ pushNotificationToken, ...(await update(member.idToken, { pushNotificationToken })) }).toMatchObject({ pushNotificationToken, ...error(400, 'invalid_request') });
    }
    expect(await update(member.idToken, { pushNotificationToken: 'a'.repeat(1024) })).toMatchObject({ status: 200 });
    expect((await getUser(member.idToken)).body).toMatchObject({ pushNotificationToken: 'a'.repeat(1024) });
  });

  it("never writes another member's record, nor anyone's without a sign-in", async () => {
    const alice = await signUpMember(t);
    const bob = await signUpMember(t);
    await update(bob.idToken, { pushNotificationToken: 'bob-token' });
    expect(await update(alice.idToken, { id: bob.uid, pushNotificationToken: 'mallory' })).toMatchObject(error(400, 'invalid_request'));
    expect(await update(undefined, { pushNotificationToken: 'mallory' })).toMatchObject(error(401, 'auth/unauthenticated'));
    const elsewhere = await call(t, { method: 'PUT', url: '/v1/update/user', brand: 'borealis', idToken: alice.idToken, body: { pushNotificationToken: 'mallory' } });
    expect(elsewhere.status).toBe(403);
    expect((await getUser(bob.idToken)).body).toMatchObject({ pushNotificationToken: 'bob-token' });
    expect((await getUser(alice.idToken)).body).toMatchObject({ pushNotificationToken: null });
  });

  it('the database refuses an oversize token from any writer (migration 0020)', async () => {
    const member = await signUpMember(t);
    const write = t.db.update(users).set({ pushNotificationToken: 'x'.repeat(1025) }).where(and(eq(users.id, member.uid)));
    await expect(write).rejects.toThrow();
    const [row] = await t.db.select({ token: users.pushNotificationToken }).from(users).where(eq(users.id, member.uid));
    expect(row?.token).toBeNull();
  });
});
