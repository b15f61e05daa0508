import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, makeAccountBrands, setSettings, signUpMember } from './accounts.helpers.ts';
import { seedRestaurants } from '../../server/db/seed/restaurants.ts';
import type { TestApp } from './support/testApp.ts';
import { createPaymentsTestApp } from './support/paymentsApp.ts';
import { adminTokenHeader } from '../../server/plugins/operatorOnly.ts';

/*
 * A bounded fuzz run over every route the API publishes in /v1/openapi.json and every method of
 * the identity protocol: wrong types, missing and extra fields, huge strings, deep nesting,
 * invalid UTF-8, control characters and injection strings, with and without a member's token.
 * Whatever comes in, the answer is never a 5xx and every error has its protocol's shape.
 * The inputs are fixed (a seeded generator), so a failure reproduces.
 */

let t: TestApp;
let idToken: string;
const adminToken = 'fuzz-test-admin-token';

beforeAll(async () => {
  // With the embedded payments provider, so the card form's call is fuzzed too.
  t = await createPaymentsTestApp({ accountRateLimits: { createPerWindow: 10_000, resetPerWindow: 10_000 }, visitorRateLimit: { perMinute: 100_000 }, adminToken });
  await makeAccountBrands(t);
  // Signed-out visitors may read Aurora's public offers: the public routes are fuzzed without a token too.
  await setSettings(t, 'aurora', { visitorBrowsing: true });
  // The guide on, so hostile ids and limits reach its queries.
  await setSettings(t, 'aurora', { restaurant: true });
  await seedRestaurants(t.db);
  idToken = (await signUpMember(t)).idToken;
}, 60_000);
afterAll(() => t.close());

/** mulberry32: small, seeded, good enough to pick inputs. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const deepNesting = (depth: number): unknown => (depth === 0 ? 'bottom' : { a: deepNesting(depth - 1), b: [deepNesting(0)] });

/** Values no field expects, of every JSON type. */
const hostileValues: unknown[] = [
  true,
  0,
  -1,
  1.5e308,
  '',
  '   ',
  'x'.repeat(70_000),
  '\u0000',
  'a\u0007b\r\nc\u2028d',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '\ud800lone surrogate',
  '😀'.repeat(40),
  '%00%ZZ',
  'a@b.se',
  '+46700000000',
  [],
  ['x', 1, null],
  {},
  { $ne: null, __proto__: { admin: true } },
  null,
  deepNesting(60),
];

/** Raw bodies no JSON parser should trust: broken JSON, wrong top-level types, invalid UTF-8. */
const rawBodies: (string | Buffer)[] = [
  '',
  '{',
  'null',
  '[1,2]',
  '"text"',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  Buffer.from([0x7b, 0x22, 0x65, 0x6d, 0x61, 0x69, 0x6c, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
  `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
];

interface Operation {
  method: string;
  path: string;
  queryNames: string[];
  bodyNames: string[] | null;
  /** Answers without a token too (a signed-out visitor), as its OpenAPI security says. */
  public: boolean;
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

async function send(method: string, url: string, payload: string | Buffer | undefined, headers: Record<string, string>): Promise<Answer> {
  const response = await t.app.inject({
    method: method as 'GET',
    url,
    payload,
    headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
  });
  return { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), body: response.body };
}

/** A value in a URL; a lone surrogate has no UTF-8, so it goes as the invalid bytes it would be. */
function encode(value: unknown): string {
  try {
    return encodeURIComponent(String(value));
  } catch {
    return '%ED%A0%80';
  }
}

/** The request, shortened for a failure message. */
const describeRequest = (method: string, url: string, payload: unknown) => `${method} ${url.slice(0, 120)} ${String(payload).slice(0, 120)}`;

function expectApiAnswer(answer: Answer, request: string) {
  expect(answer.status, request).toBeLessThan(500);
  if (answer.status < 400 || !answer.contentType.includes('json')) return;
  const body = JSON.parse(answer.body);
  expect({ request, keys: Object.keys(body).sort(), status: body.status }).toEqual({ request, keys: ['code', 'message', 'status'], status: answer.status });
  expect(typeof body.code === 'string' && typeof body.message === 'string', request).toBe(true);
}

function expectToolkitAnswer(answer: Answer, request: string) {
  expect(answer.status, request).toBeLessThan(500);
  if (answer.status < 400) return;
  const body = JSON.parse(answer.body);
  expect({ request, code: body.error?.code, message: typeof body.error?.message }).toEqual({ request, code: answer.status, message: 'string' });
}

async function publishedOperations(): Promise<Operation[]> {
  const spec = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; security?: Record<string, string[]>[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>>;
  };
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      queryNames: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodyNames: operation.requestBody ? Object.keys(operation.requestBody.content['application/json']?.schema.properties ?? {}) : null,
      public: (operation.security ?? []).some((requirement) => Object.keys(requirement).length === 0),
    })),
  );
}

/** Bodies for one operation: each hostile value in every field at once (alone and as a list's item), one field at a time, and extra fields. */
function bodiesFor(names: string[], random: () => number): unknown[] {
  const pick = () => hostileValues[Math.floor(random() * hostileValues.length)];
  const everyField = hostileValues.flatMap((value) => [value, [value, 'x']].map((held) => Object.fromEntries(names.map((name) => [name, held]))));
  const oneField = names.flatMap((name) => [0, 1].map(() => ({ [name]: pick() })));
  const mixed = Array.from({ length: 6 }, () => ({ ...Object.fromEntries(names.map((name) => [name, pick()])), unexpected: pick() }));
  return [{}, ...everyField, ...oneField, ...mixed];
}

const memberHeaders = () => ({ authorization: `Bearer ${idToken}`, 'x-app-url': appUrl.aurora });
const visitorHeaders = () => ({ 'x-app-url': appUrl.aurora });
const hostileHeaders: Record<string, string>[] = [
  { authorization: `Bearer ${'x'.repeat(9000)}`, 'x-app-url': appUrl.aurora },
  { authorization: 'Bearer a.b.c', 'x-app-url': 'javascript:alert(1)' },
  { authorization: 'Basic YWRtaW46YWRtaW4=', 'x-app-url': 'http://%zz' },
  { 'x-app-url': `http://${'a'.repeat(3000)}.example` },
];

describe('fuzzing every published API route', () => {
  it('never answers 5xx and always in the {status, code, message} shape', async () => {
    const operations = await publishedOperations();
    expect(operations.length).toBeGreaterThan(10);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'GET /v1/get/checkout/config',
        'POST /v1/payment/checkout',
        'POST /v1/expire/checkout',
        'POST /v1/payment/checkout/complete',
        'POST /v1/payment/local/confirm',
        'POST /v1/payment/webhook',
        'GET /v1/get_list/order_history',
        'GET /v1/get_list/waiting_list',
        'POST /v1/join/waiting_list',
        'POST /v1/leave/waiting_list',
        'GET /v1/get/tickets/public_keys',
        'GET /v1/get/brand/content',
        'GET /v1/get/user',
        'PUT /v1/update/user',
        'PUT /v1/update/user/category',
        'GET /v1/get_list/restaurant',
        'GET /v1/get/restaurant',
        'GET /v1/get/brand/role/restaurant_maps_settings',
      ]),
    );
    expect(operations.filter((o) => o.public).map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'GET /v1/get/billboard',
      'GET /v1/get/offer',
      'GET /v1/get_list/brand/category',
      'GET /v1/get_list/offer',
      'POST /v1/a',
      'POST /v1/search/offer',
    ]);
    const random = seeded(9);
    let requests = 0;
    for (const operation of operations) {
      const path = operation.path.replace(/\{[^}]+\}/g, () => encode(hostileValues[Math.floor(random() * hostileValues.length)]));
      for (const headers of [memberHeaders(), ...hostileHeaders]) {
        const answer = await send(operation.method, path, operation.bodyNames ? '{}' : undefined, headers);
        expectApiAnswer(answer, describeRequest(operation.method, path, JSON.stringify(headers)));
        requests++;
      }
      // A public route is fuzzed as a member and as a signed-out visitor.
      for (const who of operation.public ? [memberHeaders(), visitorHeaders()] : [memberHeaders()]) {
        for (const name of operation.queryNames) {
          for (const value of hostileValues.slice(0, 19)) {
            const url = `${path}?${name}=${encode(value)}&${name}=again`;
            expectApiAnswer(await send(operation.method, url, undefined, who), describeRequest(operation.method, url, JSON.stringify(who)));
            requests++;
          }
        }
        if (!operation.bodyNames) continue;
        for (const raw of rawBodies) {
          expectApiAnswer(await send(operation.method, path, raw, who), describeRequest(operation.method, path, raw));
          requests++;
        }
        for (const body of bodiesFor(operation.bodyNames, random)) {
          const payload = JSON.stringify(body);
          expectApiAnswer(await send(operation.method, path, payload, who), describeRequest(operation.method, path, payload));
          requests++;
        }
      }
    }
    expect(requests).toBeGreaterThan(300);
  }, 120_000);
});

/** The operator's routes (hidden from the OpenAPI document) and their body fields. */
const operatorRoutes: Record<string, string[]> = {
  '/admin/analytics/report': ['brandId', 'since', 'until'],
  '/admin/brand': ['action', 'brand', 'createTenant'],
  '/admin/brand/content': ['brandId', 'content'],
  '/admin/offers/on-sale': ['brandId', 'itemVariantId', 'at'],
  '/admin/orders/cancel': ['brandId', 'orderId'],
  '/admin/promo-codes/import': ['brandId', 'offerId', 'codes', 'commonCode', 'claimCap'],
};

/** Numbers at and past the edges of what a time or a count takes. */
const hostileNumbers = [1e30, -1e30, 2 ** 53, -(2 ** 53), 8_640_000_000_000_001, 253_402_300_800_000, 0.5, -0];

describe('fuzzing the operator routes', () => {
  it('never answers 5xx and always in the {status, code, message} shape, with the admin token from loopback', async () => {
    const random = seeded(13);
    const headers = { [adminTokenHeader]: adminToken };
    let requests = 0;
    for (const [path, names] of Object.entries(operatorRoutes)) {
      expect(t.app.hasRoute({ method: 'POST', url: path }), path).toBe(true);
      for (const raw of rawBodies) {
        expectApiAnswer(await send('POST', path, raw, headers), describeRequest('POST', path, raw));
        requests++;
      }
      const edges = names.flatMap((name) => hostileNumbers.map((value) => ({ brandId: 'aurora', [name]: value })));
      for (const body of [...bodiesFor(names, random), ...edges]) {
        const payload = JSON.stringify(body);
        expectApiAnswer(await send('POST', path, payload, headers), describeRequest('POST', path, payload));
        requests++;
      }
    }
    // The report's own edges: since and until outside 1970..9999 are the caller's mistake (400), not a crash.
    for (const since of [1e30, -1, 1.5, 253_402_300_800_000]) {
      const answer = await send('POST', '/admin/analytics/report', JSON.stringify({ brandId: 'aurora', since }), headers);
      expect(answer.status, String(since)).toBe(400);
    }
    expect(requests).toBeGreaterThan(300);
  }, 120_000);
});

const identityMethods: Record<string, string[]> = {
  signUp: ['email', 'password', 'tenantId', 'displayName', 'returnSecureToken'],
  signInWithPassword: ['email', 'password', 'tenantId', 'returnSecureToken'],
  signInWithCustomToken: ['token', 'tenantId', 'returnSecureToken'],
  lookup: ['idToken'],
  update: ['idToken', 'email', 'password', 'displayName', 'deleteAttribute', 'returnSecureToken'],
  delete: ['idToken'],
  sendOobCode: ['requestType', 'email', 'tenantId', 'continueUrl'],
  resetPassword: ['oobCode', 'newPassword', 'tenantId'],
  foo: ['anything'],
};

describe('fuzzing the identity protocol', () => {
  it("never answers 5xx and always in Firebase's {error: {code, message}} shape", async () => {
    const random = seeded(11);
    const identityUrl = (method: string) => `/identitytoolkit.googleapis.com/v1/accounts:${method}?key=fuzz`;
    for (const [method, names] of Object.entries(identityMethods)) {
      // Requests of one method come from one address, as an attacker's would; limits must answer, not crash.
      for (const raw of rawBodies) {
        expectToolkitAnswer(await send('POST', identityUrl(method), raw, {}), describeRequest('POST', identityUrl(method), raw));
      }
      for (const body of bodiesFor(names, random)) {
        const payload = JSON.stringify(body);
        expectToolkitAnswer(await send('POST', identityUrl(method), payload, {}), describeRequest('POST', identityUrl(method), payload));
      }
    }
    const tokenUrl = '/securetoken.googleapis.com/v1/token?key=fuzz';
    for (const value of hostileValues.slice(0, 19)) {
      const form = `grant_type=refresh_token&refresh_token=${encode(value)}&grant_type=${encode(value)}`;
      const answer = await t.app.inject({ method: 'POST', url: tokenUrl, payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expectToolkitAnswer({ status: answer.statusCode, contentType: '', body: answer.body }, describeRequest('POST', tokenUrl, form));
    }
    for (const value of hostileValues.slice(0, 19)) {
      const url = `/identitytoolkit.googleapis.com/v2/passwordPolicy?key=fuzz&tenantId=${encode(value)}`;
      const answer = await send('GET', url, undefined, {});
      expectToolkitAnswer(answer, describeRequest('GET', url, ''));
    }
  }, 120_000);
});
