import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JSONWebKeySet } from 'jose';
import { loadOrCreateTicketKey, signTicket, ticketPublicKeys, verifyTicket, type TicketClaims } from '../../server/tickets/ticketCodes.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand } from './support/factories.ts';
import { altered } from './support/ticketCodes.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await makeBrand(t.db, 'aurora', ['localhost', 'aurora.localhost']);
  await makeBrand(t.db, 'borealis', ['borealis.localhost']);
});
afterAll(() => t.close());

const claims: TicketClaims = { ticketId: 'ticket-1', orderId: 'order-1', offerId: 'aurora-live-001', itemVariantId: 'aurora-live-001-v2', brandId: 'aurora' };

const publicKeysOf = async (appUrl: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/v1/get/tickets/public_keys', query: { appUrl } });
  expect(response.statusCode).toBe(200);
  return response.json() as JSONWebKeySet;
};

describe('signed ticket codes', () => {
  it('verify offline with the brand published keys, and say what they are for', async () => {
    const key = await loadOrCreateTicketKey(t.db, 'aurora');
    const code = await signTicket(key, claims);
    const keys = await publicKeysOf('http://aurora.localhost:8080');
    // Only public parts are published.
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).toEqual({ kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: key.kid, alg: 'EdDSA', use: 'sig' });
    expect(await verifyTicket(code, keys, 'aurora')).toEqual({ ok: true, kid: key.kid, claims });
  });

  it('one key per brand, made once even when asked in parallel', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateTicketKey(t.db, 'borealis')));
    expect(new Set(made.map((k) => k.kid)).size).toBe(1);
    expect((await ticketPublicKeys(t.db, 'borealis')).keys).toHaveLength(1);
  });

  it('refuses a forged, altered, foreign or malformed code', async () => {
    const aurora = await loadOrCreateTicketKey(t.db, 'aurora');
    const borealis = await loadOrCreateTicketKey(t.db, 'borealis');
    const auroraKeys = await publicKeysOf('http://localhost:8080');
    const code = await signTicket(aurora, claims);

    // Another payload under the same signature, and a changed signature.
    expect(await verifyTicket(altered(code, 1), auroraKeys)).toMatchObject({ ok: false });
    expect((await verifyTicket(altered(code, 2), auroraKeys)).ok).toBe(false);
    // Signed by another brand's key claiming to be Aurora's ticket: no Aurora key matches it.
    const forged = await signTicket({ ...borealis }, claims);
    expect(await verifyTicket(forged, auroraKeys, 'aurora')).toEqual({ ok: false, reason: 'unknown_key' });
    // A key that claims Aurora's kid does not make the signature Aurora's.
    const impostor = await signTicket({ kid: aurora.kid, privateJwk: { ...borealis.privateJwk, kid: aurora.kid } }, claims);
    expect(await verifyTicket(impostor, auroraKeys, 'aurora')).toEqual({ ok: false, reason: 'bad_signature' });
    // A genuine Borealis ticket shown at an Aurora door.
    const borealisKeys = await publicKeysOf('http://borealis.localhost:8080');
    const theirs = await signTicket(borealis, { ...claims, brandId: 'borealis' });
    expect(await verifyTicket(theirs, borealisKeys, 'aurora')).toEqual({ ok: false, reason: 'wrong_brand' });
    for (const junk of ['', 'not a code', 'a.b', `${code}.extra`, 'e30.e30.e30']) {
      expect((await verifyTicket(junk, auroraKeys)).ok, junk).toBe(false);
    }
  });

  it('answers the spec shapes for unknown brands and bad app URLs', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/v1/get/tickets/public_keys', query: { appUrl: 'http://nobody.test' } });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'brand_not_found']);
    const bad = await t.app.inject({ method: 'GET', url: '/v1/get/tickets/public_keys', query: { appUrl: '::::' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('npm run ticket:verify', () => {
  const run = promisify(execFile);
  const verify = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/ticketVerify.ts', ...args], { cwd: process.cwd() }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout + error.stderr }),
    );

  it('checks a code against a key file: valid, altered, and another brand', async () => {
    const key = await loadOrCreateTicketKey(t.db, 'aurora');
    const code = await signTicket(key, claims);
    const dir = mkdtempSync(join(tmpdir(), 'ticket-keys-'));
    const file = join(dir, 'aurora.jwks.json');
    writeFileSync(file, JSON.stringify(await ticketPublicKeys(t.db, 'aurora')));

    const good = await verify(code, '--keys', file, '--brand', 'aurora');
    expect(good.code).toBe(0);
    expect(good.stdout).toContain('VALID ticket ticket-1');
    expect(good.stdout).toContain('variant: aurora-live-001-v2');

    const bad = await verify(altered(code, 1), '--keys', file);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^INVALID/);

    const elsewhere = await verify(code, '--keys', file, '--brand', 'borealis');
    expect([elsewhere.code, elsewhere.stdout.trim()]).toEqual([1, 'INVALID: wrong brand (checked against 1 key)']);

    expect((await verify('--keys', file)).code).toBe(2);
  }, 60_000);
});
