import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { majaSsn, startEidApp, type EidTestApp } from './eid.helpers.ts';
import { demoUsers } from '../../server/db/seed/users.ts';

let t: EidTestApp;
beforeAll(async () => {
  t = await startEidApp({ devTools: true });
}, 60_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const postForm = (url: string, form: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

describe('/dev/bankid, the simulated phone', () => {
  it('opens an order from the autostart link, identifies as a chosen member and approves', async () => {
    const { orderRef, autoStartToken } = await t.start();
    const opened = await get(`/dev/bankid?autostarttoken=${autoStartToken}`);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/dev/bankid/order/${autoStartToken}`);
    expect((await t.call('collect', { orderRef })).body.hintCode).toBe('started');

    const page = await get(opened.headers.location as string);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('Order from Aurora');
    // The seeded members with a personal number are offered, named but not by number.
    const seeded = demoUsers.filter((u) => u.ssn);
    expect(seeded.map((u) => u.email).sort()).toEqual(['member@aurora.test', 'member@borealis.test']);
    for (const u of seeded) {
      expect(page.body).toContain(u.email);
      expect(page.body).not.toContain(u.ssn!);
    }

    // Another personal number, typed with a hyphen: Maja's.
    const identified = await postForm(`/dev/bankid/order/${autoStartToken}/identify`, {
      person: 'other',
      personalNumber: `${majaSsn.slice(0, 8)}-${majaSsn.slice(8)}`,
    });
    expect(identified.statusCode).toBe(303);
    expect((await t.call('collect', { orderRef })).body.hintCode).toBe('userSign');
    expect((await get(`/dev/bankid/order/${autoStartToken}`)).body).toContain('Identifying as Test Person');
    expect((await postForm(`/dev/bankid/order/${autoStartToken}/approve`)).statusCode).toBe(303);
    expect((await t.call('collect', { orderRef })).body.status).toBe('complete');
    expect((await get(`/dev/bankid/order/${autoStartToken}`)).body).toContain('Identified');
  });

  it('lists pending orders, scans a QR code, cancels, and lets an order time out', async () => {
    const first = await t.start();
    const second = await t.start();
    const list = await get('/dev/bankid');
    expect(list.body).toContain(`/dev/bankid/order/${first.autoStartToken}`);
    expect(list.body).toContain(`/dev/bankid/order/${second.autoStartToken}`);
    expect(list.body).not.toContain(first.orderRef);

    const qrCode = (await t.call('qr', { orderRef: first.orderRef })).body.qrCode as string;
    const scanned = await postForm('/dev/bankid/scan', { qr: qrCode });
    expect(scanned.statusCode).toBe(303);
    expect(scanned.headers.location).toBe(`/dev/bankid/order/${first.autoStartToken}`);
    expect((await postForm(`/dev/bankid/order/${first.autoStartToken}/cancel`)).statusCode).toBe(303);
    expect((await t.call('collect', { orderRef: first.orderRef })).body).toEqual({ status: 'failed', hintCode: 'userCancel' });

    expect((await postForm(`/dev/bankid/order/${second.autoStartToken}/timeout`)).statusCode).toBe(303);
    expect((await t.call('collect', { orderRef: second.orderRef })).body).toEqual({ status: 'failed', hintCode: 'expiredTransaction' });
    expect((await get('/dev/bankid')).body).not.toContain(second.autoStartToken);
  });

  it('tells the member what went wrong', async () => {
    const bad = await postForm('/dev/bankid/scan', { qr: 'not a code' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('The QR code is not valid or too old');
    const unknown = await get('/dev/bankid?autostarttoken=nope');
    expect(unknown.body).toContain('There is no such BankID order');
    const { autoStartToken } = await t.start();
    const early = await postForm(`/dev/bankid/order/${autoStartToken}/approve`);
    expect(early.statusCode).toBe(400);
    expect(early.body).toContain('The order is not at that step');
    await postForm(`/dev/bankid/order/${autoStartToken}/open`);
    const invalid = await postForm(`/dev/bankid/order/${autoStartToken}/identify`, { person: 'other', personalNumber: '<b>1</b>' });
    expect(invalid.body).toContain('not a valid personal number');
    expect(invalid.body).not.toContain('<b>1</b>');
  });
});

describe('for a client not on this machine', () => {
  it('is not found, and cannot identify anyone', async () => {
    const { orderRef, autoStartToken } = await t.start();
    const remote = { remoteAddress: '198.51.100.7' };
    for (const url of ['/dev/bankid', `/dev/bankid?autostarttoken=${autoStartToken}`, `/dev/bankid/order/${autoStartToken}`]) {
      const answer = await t.app.inject({ method: 'GET', url, ...remote });
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
    }
    for (const action of ['open', 'identify', 'approve']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/dev/bankid/order/${autoStartToken}/${action}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ person: 'other', personalNumber: majaSsn }).toString(),
        ...remote,
      });
      expect({ action, status: answer.statusCode }).toEqual({ action, status: 404 });
    }
    expect((await t.call('collect', { orderRef })).body).toEqual({ status: 'pending', hintCode: 'outstandingTransaction' });
  });

  it('judges by the forwarded address when the proxy is trusted', async () => {
    const proxied = await startEidApp({ devTools: true, trustProxy: 'loopback' });
    try {
      const via = (forwardedFor?: string) =>
        proxied.app.inject({ method: 'GET', url: '/dev/bankid', headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
      expect((await via('203.0.113.5')).statusCode).toBe(404);
      expect((await via('127.0.0.1')).statusCode).toBe(200);
      expect((await via()).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('without dev tools', () => {
  it('/dev/bankid is not found, even with a client build that serves app routes', async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'klubb-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>Klubb</title></head><body><div id="root"></div></body></html>');
    const off = await startEidApp({ devTools: false, clientDir });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/more/faq' })).statusCode).toBe(200);
      for (const url of ['/dev/bankid', '/dev/bankid?autostarttoken=x', '/dev/bankid/order/x']) {
        const answer = await off.app.inject({ method: 'GET', url });
        expect(answer.statusCode).toBe(404);
      }
    } finally {
      await off.close();
    }
  });
});
