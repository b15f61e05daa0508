import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../server/db/schema/index.ts';
import { testPassword } from './support/factories.ts';
import { auroraUrl, majaSsn, startEidApp, type EidTestApp } from './eid.helpers.ts';

/*
 * The per-account ceiling against a guesser spread over many addresses (issue 20): sixty wrong
 * passwords for one account from sixty addresses close password sign-in to that account for
 * everyone, the member included. The member keeps two ways in that no stranger can block: bank
 * eID, and a password reset, which opens the account again; the refusal says so.
 */

let t: EidTestApp;
beforeAll(async () => {
  t = await startEidApp();
}, 60_000);
afterAll(() => t.close());

const signIn = (password: string, remoteAddress: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test',
      remoteAddress,
      payload: { email: 'maja@aurora.test', password, tenantId: 'aurora-tenant', returnSecureToken: true },
    })
    .then((response) => ({ status: response.statusCode, body: response.json() }));
const api = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { host: new URL(auroraUrl).host, 'x-app-url': auroraUrl }, payload }).then((response) => ({ status: response.statusCode, body: response.json() }));

describe('sixty failed sign-ins from sixty addresses', () => {
  it('lock password sign-in for everyone, but bank eID still signs the member in, and a password reset opens the account again', async () => {
    for (let i = 0; i < 60; i++) await signIn(`Wrong${i}guess`, `10.66.${Math.floor(i / 200)}.${(i % 200) + 1}`);

    const locked = await signIn(testPassword, '192.0.2.200');
    expect(locked.status).toBe(400);
    expect(locked.body.error.message).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER : .*resetting your password/);

    // Bank eID does not go through the password limits.
    const { orderRef, autoStartToken } = await t.start();
    expect((await t.eid.phone.openWithAutoStartToken(autoStartToken)).ok).toBe(true);
    expect((await t.eid.phone.identify(autoStartToken, { personalNumber: majaSsn, givenName: 'Maja', surname: 'Lind' })).ok).toBe(true);
    expect((await t.eid.phone.approve(autoStartToken)).ok).toBe(true);
    const collected = await t.call('collect', { orderRef });
    expect(collected.body).toMatchObject({ status: 'complete', customToken: expect.any(String) });
    const viaEid = await t.app.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=test',
      payload: { token: collected.body.customToken, tenantId: 'aurora-tenant', returnSecureToken: true },
    });
    expect(viaEid.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(String(viaEid.json().idToken).split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims.sub).toBe(t.majaUid);

    // A password reset clears the account's failures: the new password works at once.
    expect(await api('POST', '/v1/password_reset/user', { email: 'maja@aurora.test', appUrl: auroraUrl })).toEqual({ status: 200, body: {} });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'maja@aurora.test')).orderBy(desc(mailOutbox.id)).limit(1);
    const token = /\/password_reset\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect((await api('PUT', '/v1/password_update/user', { verificationId: token, password: 'Fresh2start' })).status).toBe(200);
    expect((await signIn('Fresh2start', '192.0.2.201')).status).toBe(200);
  }, 120_000);
});
