import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eidSignIns } from '../../server/db/schema/index.ts';
import { EidError } from '../../server/eid/eid.ts';
import { auroraUrl, borealisUrl, majaSsn, startEidApp, strangerSsn, type EidTestApp } from './eid.helpers.ts';

let t: EidTestApp;
beforeAll(async () => {
  t = await startEidApp();
}, 60_000);
afterAll(() => t.close());

const maja = { personalNumber: majaSsn, givenName: 'Maja', surname: 'Lind' };

/** The member's phone opens the order, identifies as `person` and approves. */
async function approveOnPhone(autoStartToken: string, person = maja) {
  expect((await t.eid.phone.openWithAutoStartToken(autoStartToken)).ok).toBe(true);
  expect((await t.eid.phone.identify(autoStartToken, person)).ok).toBe(true);
  expect((await t.eid.phone.approve(autoStartToken)).ok).toBe(true);
}

async function signInWithCustomToken(token: string, tenantId = 'aurora-tenant') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=test',
    headers: { 'content-type': 'application/json', origin: auroraUrl },
    payload: JSON.stringify({ token, tenantId, returnSecureToken: true }),
  });
  return { status: response.statusCode, body: response.json() };
}

/** Independent of the server's code: BankID's rule written out. */
const expectedQr = (token: string, secret: string, seconds: number) =>
  `bankid.${token}.${seconds}.${createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${seconds}`, 'utf8').digest('hex')}`;

describe('bank-eID sign-in over the simulated BankID', () => {
  it('answers only the orderRef and the autostart token; the QR secret stays on the server', async () => {
    const started = await t.call('auth');
    expect(started.status).toBe(200);
    expect(Object.keys(started.body).sort()).toEqual(['autoStartToken', 'orderRef']);
    expect(started.body.orderRef).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.db.select().from(eidSignIns).where(eq(eidSignIns.orderRef, started.body.orderRef));
    expect(row!.qrStartSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(started.raw).not.toContain(row!.qrStartSecret);
    expect(started.raw).not.toContain(row!.qrStartToken);
  });

  it('walks pending outstandingTransaction → started → userSign → complete, and signs the member in once', async () => {
    const { orderRef, autoStartToken } = await t.start();
    const collect = () => t.call('collect', { orderRef });
    expect((await collect()).body).toEqual({ status: 'pending', hintCode: 'outstandingTransaction' });
    await t.eid.phone.openWithAutoStartToken(autoStartToken);
    expect((await collect()).body).toEqual({ status: 'pending', hintCode: 'started' });
    await t.eid.phone.identify(autoStartToken, maja);
    expect((await collect()).body).toEqual({ status: 'pending', hintCode: 'userSign' });
    await t.eid.phone.approve(autoStartToken);

    const completed = await collect();
    expect(completed.status).toBe(200);
    expect(Object.keys(completed.body).sort()).toEqual(['customToken', 'status']);
    expect(completed.raw).not.toContain(majaSsn);
    const signedIn = await signInWithCustomToken(completed.body.customToken);
    expect(signedIn.status).toBe(200);
    expect(JSON.parse(Buffer.from(signedIn.body.idToken.split('.')[1], 'base64url').toString()).sub).toBe(t.majaUid);

    // The order is spent: replaying it gives no second token, nor QR codes.
    const replay = await collect();
    expect(replay.status).toBe(409);
    expect(replay.body.code).toBe('eid/order-finished');
    expect(replay.raw).not.toContain('customToken');
    expect((await t.call('qr', { orderRef })).status).toBe(409);
  });

  it('gives one token when two collects race for a completed order', async () => {
    const { orderRef, autoStartToken } = await t.start();
    await approveOnPhone(autoStartToken);
    const answers = await Promise.all([t.call('collect', { orderRef }), t.call('collect', { orderRef }), t.call('collect', { orderRef })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  });

  it('steps out of order are refused by the phone', async () => {
    const { autoStartToken } = await t.start();
    expect(await t.eid.phone.approve(autoStartToken)).toEqual({ ok: false, reason: 'wrongStep' });
    expect(await t.eid.phone.identify(autoStartToken, maja)).toEqual({ ok: false, reason: 'wrongStep' });
    await t.eid.phone.openWithAutoStartToken(autoStartToken);
    expect(await t.eid.phone.identify(autoStartToken, { ...maja, personalNumber: '199001012386' })).toEqual({
      ok: false,
      reason: 'invalidPersonalNumber',
    });
    expect(await t.eid.phone.approve('no-such-token')).toEqual({ ok: false, reason: 'unknownOrder' });
  });

  it('fails with userCancel when the member cancels on the phone', async () => {
    const { orderRef, autoStartToken } = await t.start();
    await t.eid.phone.openWithAutoStartToken(autoStartToken);
    expect((await t.eid.phone.cancel(autoStartToken)).ok).toBe(true);
    expect((await t.call('collect', { orderRef })).body).toEqual({ status: 'failed', hintCode: 'userCancel' });
    expect(await t.eid.phone.approve(autoStartToken)).toEqual({ ok: false, reason: 'notPending' });
  });

  it('expires an order after 3 minutes (expiredTransaction), not before', async () => {
    const { orderRef, autoStartToken } = await t.start();
    await t.eid.phone.openWithAutoStartToken(autoStartToken);
    t.clock.advance(3 * 60_000 - 1000);
    expect((await t.call('collect', { orderRef })).body).toEqual({ status: 'pending', hintCode: 'started' });
    t.clock.advance(1000);
    expect((await t.call('collect', { orderRef })).body).toEqual({ status: 'failed', hintCode: 'expiredTransaction' });
    expect(await t.eid.phone.identify(autoStartToken, maja)).toEqual({ ok: false, reason: 'notPending' });
  });

  it('the phone can make an order time out', async () => {
    const { orderRef, autoStartToken } = await t.start();
    expect((await t.eid.phone.timeOut(autoStartToken)).ok).toBe(true);
    expect((await t.call('collect', { orderRef })).body).toEqual({ status: 'failed', hintCode: 'expiredTransaction' });
  });

  it('cancels the order at the provider when the app cancels; collect then gets nothing', async () => {
    const { orderRef, autoStartToken } = await t.start();
    const cancelled = await t.call('cancel', { orderRef });
    expect(cancelled.status).toBe(204);
    expect((await t.eid.phone.find(autoStartToken))!.status).toBe('cancelled');
    expect(await t.eid.phone.openWithAutoStartToken(autoStartToken)).toEqual({ ok: false, reason: 'notPending' });
    expect((await t.call('collect', { orderRef })).status).toBe(409);
    // A second cancel changes nothing and is not an error.
    expect((await t.call('cancel', { orderRef })).status).toBe(204);
    await expect(t.eid.collect(orderRef)).rejects.toMatchObject({ errorCode: 'invalidParameters' });
  });

  it('keeps the order collectable when no token could be made (identity provider down)', async () => {
    const { orderRef, autoStartToken } = await t.start();
    await approveOnPhone(autoStartToken);
    const createCustomToken = t.identity.createCustomToken;
    t.identity.createCustomToken = async () => {
      throw new Error('identity provider down');
    };
    try {
      expect((await t.call('collect', { orderRef })).status).toBe(500);
    } finally {
      t.identity.createCustomToken = createCustomToken;
    }
    const again = await t.call('collect', { orderRef });
    expect(again.status).toBe(200);
    expect((await signInWithCustomToken(again.body.customToken)).status).toBe(200);
    expect((await t.call('collect', { orderRef })).body.code).toBe('eid/order-finished');
  });

  it('keeps the order cancellable (and not collectable behind the app’s back) when the provider cannot cancel', async () => {
    const { orderRef, autoStartToken } = await t.start();
    const cancel = t.eid.cancel;
    t.eid.cancel = async () => {
      throw new EidError('maintenance', 'down for maintenance');
    };
    try {
      expect((await t.call('cancel', { orderRef })).body.code).toBe('eid/unavailable');
    } finally {
      t.eid.cancel = cancel;
    }
    // Not spent: the app may collect it still, and cancel it for real now.
    const [row] = await t.db.select().from(eidSignIns).where(eq(eidSignIns.orderRef, orderRef));
    expect(row!.finishedAt).toBeNull();
    expect((await t.call('collect', { orderRef })).body).toEqual({ status: 'pending', hintCode: 'outstandingTransaction' });
    expect((await t.call('cancel', { orderRef })).status).toBe(204);
    expect((await t.eid.phone.find(autoStartToken))!.status).toBe('cancelled');
  });

  it('answers 404 auth/ssn-not-found for a personal number no member of the brand has', async () => {
    const { orderRef, autoStartToken } = await t.start();
    await approveOnPhone(autoStartToken, { personalNumber: strangerSsn, givenName: 'Sam', surname: 'Stranger' });
    const answer = await t.call('collect', { orderRef });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('auth/ssn-not-found');
    expect(answer.raw).not.toContain(strangerSsn);
  });

  it("binds orders to their brand: another brand's app cannot see, collect or cancel them", async () => {
    const { orderRef, autoStartToken } = await t.start(auroraUrl);
    await approveOnPhone(autoStartToken);
    for (const path of ['qr', 'collect', 'cancel']) {
      const answer = await t.call(path, { orderRef }, borealisUrl);
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('eid/order-not-found');
    }
    // Maja is not a Borealis member either way; on her own brand the order still works.
    expect((await t.call('collect', { orderRef }, auroraUrl)).body.status).toBe('complete');
  });

  it('the animated QR code is bankid.<token>.<seconds>.<HMAC-SHA256 of the seconds>, new every second', async () => {
    const { orderRef } = await t.start();
    const [row] = await t.db.select().from(eidSignIns).where(eq(eidSignIns.orderRef, orderRef));
    const seen: string[] = [];
    for (const [advance, seconds] of [[0, 0], [999, 0], [1, 1], [4000, 5], [55_000, 60]] as const) {
      t.clock.advance(advance);
      const answer = await t.call('qr', { orderRef });
      expect(answer.body).toEqual({ qrCode: expectedQr(row!.qrStartToken, row!.qrStartSecret, seconds), seconds });
      seen.push(answer.body.qrCode);
    }
    expect(new Set(seen).size).toBe(4);
    expect(seen[0]).toBe(seen[1]);
  });

  it('the phone starts an order from a fresh QR code and refuses forged or old ones (startFailed)', async () => {
    const fresh = await t.start();
    t.clock.advance(2000);
    const code = (await t.call('qr', { orderRef: fresh.orderRef })).body.qrCode as string;
    expect((await t.eid.phone.openWithQrCode(code)).ok).toBe(true);
    expect((await t.call('collect', { orderRef: fresh.orderRef })).body).toEqual({ status: 'pending', hintCode: 'started' });

    const forged = await t.start();
    const real = (await t.call('qr', { orderRef: forged.orderRef })).body.qrCode as string;
    const tampered = real.replace(/\.(\d+)\.([0-9a-f]{64})$/, (_m, s: string, h: string) => `.${s}.${h.startsWith('0') ? '1' : '0'}${h.slice(1)}`);
    expect(await t.eid.phone.openWithQrCode(tampered)).toEqual({ ok: false, reason: 'invalidQrCode' });
    expect((await t.call('collect', { orderRef: forged.orderRef })).body).toEqual({ status: 'failed', hintCode: 'startFailed' });

    const old = await t.start();
    const oldCode = (await t.call('qr', { orderRef: old.orderRef })).body.qrCode as string;
    t.clock.advance(20_000);
    expect(await t.eid.phone.openWithQrCode(oldCode)).toEqual({ ok: false, reason: 'invalidQrCode' });
    expect((await t.call('collect', { orderRef: old.orderRef })).body).toEqual({ status: 'failed', hintCode: 'startFailed' });
    expect(await t.eid.phone.openWithQrCode('bankid.nothing-here.1.' + '0'.repeat(64))).toEqual({ ok: false, reason: 'unknownOrder' });
    expect(await t.eid.phone.openWithQrCode('hello')).toEqual({ ok: false, reason: 'invalidQrCode' });
  });

  it('answers the contract codes for bad input, never a 500', async () => {
    expect((await t.call('collect', { orderRef: '00000000-0000-0000-0000-000000000000' })).body.code).toBe('eid/order-not-found');
    for (const body of [{}, { orderRef: { a: 1 } }, { orderRef: '' }, { orderRef: "x'; drop" }, { orderRef: 'a', extra: 1 }]) {
      const answer = await t.call('collect', body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('invalid_request');
    }
    expect((await t.call('auth', undefined, 'http://unknown.example')).body.code).toBe('brand_not_found');
  });

  it('never logs personal numbers', async () => {
    const { orderRef, autoStartToken } = await t.start();
    await approveOnPhone(autoStartToken);
    await t.call('collect', { orderRef });
    expect(t.logs()).toContain('/v1/eid/collect');
    expect(t.logs()).not.toContain(majaSsn);
    expect(t.logs()).not.toContain(strangerSsn);
  });
});

describe('order starts per address', () => {
  it('are limited: 30 in ten minutes, then 429 auth/too-many-attempts', async () => {
    const own = await startEidApp();
    try {
      for (let i = 0; i < 30; i++) expect((await own.call('auth')).status).toBe(200);
      const refused = await own.call('auth');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('auth/too-many-attempts');
      own.clock.advance(10 * 60_000 + 1);
      expect((await own.call('auth')).status).toBe(200);
    } finally {
      await own.close();
    }
  }, 60_000);
});
