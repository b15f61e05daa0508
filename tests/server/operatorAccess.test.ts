import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config.ts';
import { adminTokenHeader, operatorNameHeader } from '../../server/plugins/operatorOnly.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand } from './support/factories.ts';

/**
 * The operator token of a deployment (OPERATOR_TOKEN): the /admin routes of any instance, from any
 * address but only over HTTPS (as the trusted proxy says) or from loopback; the DATA_DIR token of
 * the embedded server stays loopback-only. Forwarded headers fake a proxy in front.
 */
const operatorToken = 'Vq3s9JkLx2Rm7TnB4wZc8YhD1pFg6NaE5uKoQi0Wt';
const localToken = 'the-DATA_DIR-token-of-this-machine-0123456789';
const proxy = '10.0.0.5';

let t: TestApp;
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

beforeAll(async () => {
  t = await createTestApp({ operatorToken, adminToken: localToken, trustProxy: proxy, logger: { level: 'info', stream: logStream } });
  await makeBrand(t.db, 'aurora', ['localhost']);
});
afterAll(() => t.close());

interface Call {
  token?: string;
  /** The connecting address: the proxy, or a client straight on. */
  from?: string;
  forwardedFor?: string;
  forwardedProto?: string;
}

const report = ({ token, from = proxy, forwardedFor, forwardedProto }: Call) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/analytics/report',
    remoteAddress: from,
    payload: { brandId: 'aurora', since: null },
    headers: {
      ...(token === undefined ? {} : { [adminTokenHeader]: token }),
      [operatorNameHeader]: 'ops@laptop',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      ...(forwardedProto ? { 'x-forwarded-proto': forwardedProto } : {}),
    },
  });

const operatorLines = () => lines.map((l) => JSON.parse(l) as { msg: string; operatorCall?: Record<string, unknown> }).filter((l) => l.operatorCall);

describe('the operator token on the /admin routes', () => {
  it('opens them from another machine over HTTPS behind the trusted proxy, and from loopback', async () => {
    const https = await report({ token: operatorToken, forwardedFor: '203.0.113.9', forwardedProto: 'https' });
    expect(https.statusCode).toBe(200);
    expect(https.json()).toHaveProperty('funnel');
    expect((await report({ token: operatorToken, from: '127.0.0.1' })).statusCode).toBe(200);
    expect((await report({ token: operatorToken, from: '::1' })).statusCode).toBe(200);
  });

  it('refuses plain HTTP from another machine, even with the right token', async () => {
    // Behind the proxy, which says the client came over http.
    const forwarded = await report({ token: operatorToken, forwardedFor: '203.0.113.9', forwardedProto: 'http' });
    // Straight on, with no proxy in between.
    const direct = await report({ token: operatorToken, from: '198.51.100.7' });
    // A client that claims https itself is not believed: only the trusted proxy's headers count.
    const faked = await report({ token: operatorToken, from: '198.51.100.7', forwardedProto: 'https' });
    for (const response of [forwarded, direct, faked]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, code: 'not_found', message: 'No route for POST /admin/analytics/report' });
    }
  });

  it('refuses a missing, wrong, shortened or lengthened token with the ordinary 404', async () => {
    const https = { forwardedFor: '203.0.113.9', forwardedProto: 'https' };
    for (const token of [undefined, '', 'wrong', operatorToken.slice(0, -1), `${operatorToken}x`, operatorToken.toLowerCase()]) {
      const response = await report({ token, ...https });
      expect([token, response.statusCode, response.json().code]).toEqual([token, 404, 'not_found']);
    }
  });

  it("keeps the embedded server's DATA_DIR token to this machine", async () => {
    expect((await report({ token: localToken, from: '127.0.0.1' })).statusCode).toBe(200);
    expect((await report({ token: localToken, forwardedFor: '203.0.113.9', forwardedProto: 'https' })).statusCode).toBe(404);
  });

  it('logs every call with its route, outcome, address and operator, and never the token', async () => {
    lines.length = 0;
    await report({ token: operatorToken, forwardedFor: '203.0.113.9', forwardedProto: 'https' });
    await report({ token: operatorToken, forwardedFor: '203.0.113.10', forwardedProto: 'http' });
    await report({ token: 'not-the-token', forwardedFor: '203.0.113.11', forwardedProto: 'https' });
    await t.app.inject({ method: 'POST', url: '/admin/analytics/report', remoteAddress: '127.0.0.1', headers: { [adminTokenHeader]: operatorToken }, payload: { brandId: 'nope', since: null } });
    expect(operatorLines().map((l) => [l.msg, l.operatorCall])).toEqual([
      ['operator call done', { route: '/admin/analytics/report', address: '203.0.113.9', protocol: 'https', operator: 'ops@laptop', credential: 'operator token', outcome: 'done', status: 200 }],
      ['operator call refused', { route: '/admin/analytics/report', address: '203.0.113.10', protocol: 'http', operator: 'ops@laptop', outcome: 'refused', reason: 'plain HTTP from another machine' }],
      ['operator call refused', { route: '/admin/analytics/report', address: '203.0.113.11', protocol: 'https', operator: 'ops@laptop', outcome: 'refused', reason: 'wrong token' }],
      ['operator call failed', { route: '/admin/analytics/report', address: '127.0.0.1', protocol: 'http', credential: 'operator token', outcome: 'failed', status: 404 }],
    ]);
    const all = lines.join('');
    expect(all).not.toContain(operatorToken);
    expect(all).not.toContain(operatorToken.slice(0, 12));
    expect(all).not.toContain(localToken);
  });

  it('serves no /admin route on a server without any token', async () => {
    const plain = await createTestApp({ database: t.database, trustProxy: proxy });
    try {
      const response = await plain.app.inject({ method: 'POST', url: '/admin/analytics/report', remoteAddress: '127.0.0.1', headers: { [adminTokenHeader]: operatorToken }, payload: { brandId: 'aurora', since: null } });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('OPERATOR_TOKEN in the configuration', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'klubb-operator-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const problem = (env: Record<string, string>) => {
    try {
      readConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('accepted');
  };

  it('is off by default, and read from the variable or from a secret file', () => {
    expect(readConfig({}).operatorToken).toBeUndefined();
    expect(readConfig({ OPERATOR_TOKEN: operatorToken }).operatorToken).toBe(operatorToken);
    const file = join(dir, 'operator_token');
    writeFileSync(file, `${operatorToken}\n`);
    expect(readConfig({ OPERATOR_TOKEN_FILE: file }).operatorToken).toBe(operatorToken);
  });

  it('refuses a weak token at start, never showing it', () => {
    const short = 'Short-but-varied-token-1234';
    const repetitive = 'abcabcabcabcabcabcabcabcabcabcabcabc';
    const spaced = 'a token with spaces that is long enough 123';
    expect(problem({ OPERATOR_TOKEN: short })).toContain('OPERATOR_TOKEN is 27 characters long; an operator token needs at least 32 (make one with: openssl rand -base64 32)');
    expect(problem({ OPERATOR_TOKEN: repetitive })).toContain('repeats too few different characters');
    expect(problem({ OPERATOR_TOKEN: spaced })).toContain('visible ASCII characters only');
    for (const [token, message] of [[short, problem({ OPERATOR_TOKEN: short })], [repetitive, problem({ OPERATOR_TOKEN: repetitive })]]) {
      expect(message).not.toContain(token);
    }
    const weakFile = join(dir, 'weak');
    writeFileSync(weakFile, 'password\n');
    expect(problem({ OPERATOR_TOKEN_FILE: weakFile })).toContain(`OPERATOR_TOKEN_FILE (${weakFile}) is 8 characters long`);
  });

  it('refuses a missing file, and both ways at once', () => {
    expect(problem({ OPERATOR_TOKEN_FILE: join(dir, 'absent') })).toContain(`OPERATOR_TOKEN_FILE=${join(dir, 'absent')} cannot be read (ENOENT)`);
    expect(problem({ OPERATOR_TOKEN: operatorToken, OPERATOR_TOKEN_FILE: join(dir, 'absent') })).toContain('both set');
  });
});
