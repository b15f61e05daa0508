import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createEmbeddedIdentity } from '../../server/identity/embedded/index.ts';
import { openTestDatabase } from './support/testDatabase.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'klubb-client-'));
const script = 'console.log("klubb");'.repeat(50);
let app: Awaited<ReturnType<typeof buildApp>>;
let close: () => Promise<void>;

beforeAll(async () => {
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>Klubb</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(clientDir, 'assets/app-abc123.js'), script);
  writeFileSync(join(clientDir, 'assets/app-abc123.js.gz'), gzipSync(script));
  writeFileSync(join(clientDir, 'assets/app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(clientDir, 'assets/app-abc123.js.map'), '{"version":3}');
  writeFileSync(join(clientDir, 'sw.js'), 'self.skipWaiting();');
  writeFileSync(join(clientDir, 'workbox-0123abcd.js'), 'define([], () => {});');
  const database = await openTestDatabase();
  const identity = await createEmbeddedIdentity({ db: database.db, projectId: 'klubb-test' });
  app = await buildApp({ db: database.db, identity, clientDir });
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(async () => {
  await close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('serving the built app', () => {
  it('sends hashed assets precompressed and cached for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the service worker revalidated on every visit, and its hashed Workbox runtime cached for a year', async () => {
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const runtime = await app.inject({ method: 'GET', url: '/workbox-0123abcd.js' });
    expect(runtime.headers['cache-control']).toContain('immutable');
  });

  it('never serves source maps', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js.map' });
    expect(response.statusCode).toBe(404);
  });

  it('answers every app route with the single-page app, revalidated each time', async () => {
    for (const url of ['/', '/more/faq', '/mixedFeed/live/aurora-live-001']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps unknown API and media paths as JSON 404s', async () => {
    for (const url of ['/v1/nothing', '/media/nothing.jpg']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
    }
  });

  it('sends a content security policy that allows only this origin', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });
});
