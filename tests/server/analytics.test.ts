import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxEventsPerRequest } from '../../contract/analyticsEvents.ts';
import { makeBrand, makeMember } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { encode, event, sendBeacon, sessionId, storedEvents } from './analytics.helpers.ts';

const clock = { ms: Date.parse('2026-11-20T10:00:00Z'), now: () => clock.ms };

let t: TestApp;
let memberUid: string;
let memberToken: string;
let borealisToken: string;
let borealisUid: string;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const aurora = await makeBrand(t.db, 'aurora', ['aurora.localhost', 'localhost']);
  const borealis = await makeBrand(t.db, 'borealis', ['borealis.localhost']);
  memberUid = await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test' });
  borealisUid = await makeMember(t.db, t.identity, borealis, { email: 'member@borealis.test' });
  memberToken = await t.idTokenFor('aurora-tenant', 'member@aurora.test');
  borealisToken = await t.idTokenFor('borealis-tenant', 'member@borealis.test');
}, 60_000);
afterAll(() => t.close());

/** The rows stored since `before` (the events each test sent). */
async function storedSince(before: number) {
  return (await storedEvents(t)).slice(before);
}

describe('POST /v1/a stores what the app sends', () => {
  it('keeps one event, as the spec sends it, for the brand of the app URL with its columns and the rest as details', async () => {
    const before = (await storedEvents(t)).length;
    const sent = event('offer_opened', { pathName: '/offer/o-1', customParams: { offerId: 'o-1', offerType: 'live' }, clientTimestamp: 1_700_000_000_000 });
    const answer = await sendBeacon(t, encode(sent));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ stored: 1, refused: [] });
    expect(answer.headers['cache-control']).toBe('no-store');
    const [row] = await storedSince(before);
    expect(row).toMatchObject({
      brandId: 'aurora',
      eventName: 'offer_opened',
      eventType: 'interaction',
      path: '/offer/o-1',
      offerId: 'o-1',
      sessionId: sessionId(1),
      userId: null,
      clientAt: new Date(1_700_000_000_000),
      receivedAt: new Date(clock.ms),
    });
    expect(row!.details).toEqual({
      browser: 'chrome', containerType: 'web', deviceName: 'Desktop', deviceType: 'desktop', href: 'http://aurora.localhost:8080/',
      host: 'aurora.localhost:8080', coreVersion: '5.23.3', containerVersion: '0.0.0', containerBuild: 0, os: 'linux', platform: 'core',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36', customParams: { offerId: 'o-1', offerType: 'live' },
    });
  });

  it('keeps the good events of a batch and refuses each bad one by its index, in the error shape', async () => {
    const before = (await storedEvents(t)).length;
    const { userAgent: _dropped, ...withoutUserAgent } = event('page_view');
    const batch = [
      event('page_view', { pathName: '/more' }),
      withoutUserAgent,
      event('page_view', { platform: 'web' as 'core' }),
      event('page_view', { sessionId: 'short' }),
      { ...event('page_view'), eventName: 'clicked_everything' },
      { ...event('page_view'), email: 'someone@example.com' },
      event('page_view', { pathName: '/nul\u0000' }),
      event('extend_offer_list', { customParams: { type: 'live', offset: 30, categoryId: null } }),
      event('page_view', { legacyUserId: '12ab' }),
      event('page_view', { pathName: 'no-slash' }),
    ];
    const answer = await sendBeacon(t, encode({ events: batch }));
    expect(answer.statusCode).toBe(200);
    const { stored, refused } = answer.json();
    expect(stored).toBe(2);
    expect(refused.map((r: { index: number; code: string }) => [r.index, r.code])).toEqual([
      [1, 'invalid_event'], [2, 'invalid_event'], [3, 'invalid_event'], [4, 'invalid_event'], [5, 'invalid_event'],
      [6, 'invalid_event'], [8, 'invalid_event'], [9, 'invalid_event'],
    ]);
    for (const r of refused) expect(r).toEqual({ index: r.index, status: 400, code: 'invalid_event', message: expect.any(String) });
    expect(refused[0].message).toMatch(/userAgent/);
    expect(refused[1].message).toMatch(/\/platform/);
    expect(refused[2].message).toMatch(/\/sessionId/);
    expect(refused[3].message).toMatch(/\/eventName/);
    expect(refused[5].message).toBe('event holds a character that cannot be stored');
    expect(refused[6].message).toMatch(/\/legacyUserId/);
    const rows = await storedSince(before);
    expect(rows.map((r) => [r.eventName, r.path])).toEqual([['page_view', '/more'], ['extend_offer_list', '/']]);
    expect(rows[1]!.details.customParams).toEqual({ type: 'live', offset: 30, categoryId: null });
  });
});

describe('whose events they are', () => {
  it('never stores an event for a brand other than the app URL’s, whatever brandId the payload names (IDOR)', async () => {
    const before = (await storedEvents(t)).length;
    const fromAurora = await sendBeacon(t, encode({ events: [event('page_view', { brandId: 'borealis' }), event('page_view')] }));
    expect(fromAurora.json()).toEqual({
      stored: 1,
      refused: [{ index: 0, status: 403, code: 'event_brand_mismatch', message: 'The event names another brand than the app URL it was sent from' }],
    });
    const fromBorealis = await sendBeacon(t, encode(event('page_view', { brandId: 'aurora' })), { appUrl: 'http://borealis.localhost:8080' });
    expect(fromBorealis.json()).toMatchObject({ stored: 0, refused: [{ index: 0, status: 403, code: 'event_brand_mismatch' }] });
    const own = await sendBeacon(t, encode(event('page_view', { brandId: 'borealis', pathName: '/borealis' })), { appUrl: 'http://borealis.localhost:8080' });
    expect(own.json()).toEqual({ stored: 1, refused: [] });
    expect((await storedSince(before)).map((r) => [r.brandId, r.path])).toEqual([['aurora', '/'], ['borealis', '/borealis']]);
  });

  it('answers 404 brand_not_found for an app URL of no brand, storing nothing', async () => {
    const before = (await storedEvents(t)).length;
    const answer = await sendBeacon(t, encode(event('page_view')), { appUrl: 'http://elsewhere.example' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ status: 404, code: 'brand_not_found', message: 'No brand is registered for this app URL' });
    expect(await storedSince(before)).toEqual([]);
  });

  it('keeps a userId (and the member’s other ids) only with that member’s valid ID token of the brand', async () => {
    const before = (await storedEvents(t)).length;
    const mine = { userId: memberUid, brandRoleId: `role-${memberUid}`, legacyUserId: '42' };
    // A visitor claiming to be the member, a forged token, another brand's member's token, the member's token with someone else's id.
    await sendBeacon(t, encode(event('page_view', { ...mine, pathName: '/claimed' })));
    await sendBeacon(t, encode({ idToken: 'not.a.token', events: [event('page_view', { ...mine, pathName: '/forged' })] }));
    await sendBeacon(t, encode({ idToken: borealisToken, events: [event('page_view', { ...mine, userId: borealisUid, pathName: '/other-tenant' })] }));
    await sendBeacon(t, encode({ idToken: memberToken, events: [event('page_view', { ...mine, userId: 'someone-else', pathName: '/not-theirs' })] }));
    // The member's own, with the token in the batch (sendBeacon) or in the Authorization header.
    await sendBeacon(t, encode({ idToken: memberToken, events: [event('page_view', { ...mine, pathName: '/in-batch' })] }));
    await sendBeacon(t, encode(event('page_view', { ...mine, pathName: '/in-header' })), { headers: { authorization: `Bearer ${memberToken}` } });
    const rows = await storedSince(before);
    expect(rows.map((r) => [r.path, r.userId, r.details.legacyUserId ?? null, r.details.brandRoleId ?? null])).toEqual([
      ['/claimed', null, null, null],
      ['/forged', null, null, null],
      ['/other-tenant', null, null, null],
      ['/not-theirs', null, null, null],
      ['/in-batch', memberUid, '42', `role-${memberUid}`],
      ['/in-header', memberUid, '42', `role-${memberUid}`],
    ]);
  });
});

describe('bad bodies', () => {
  const refusals: [string, () => Promise<{ statusCode: number; json: () => unknown }>, number, string][] = [
    ['not base64', () => sendBeacon(t, 'this is not base64!'), 400, 'invalid_analytics_payload'],
    ['base64 of no JSON', () => sendBeacon(t, Buffer.from('{"events": [').toString('base64')), 400, 'invalid_analytics_payload'],
    ['base64 of bytes that are no UTF-8', () => sendBeacon(t, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('base64')), 400, 'invalid_analytics_payload'],
    ['a JSON array', () => sendBeacon(t, encode([event('page_view')])), 400, 'invalid_analytics_payload'],
    ['a JSON number', () => sendBeacon(t, encode(42)), 400, 'invalid_analytics_payload'],
    ['JSON null', () => sendBeacon(t, encode(null)), 400, 'invalid_analytics_payload'],
    ['an empty batch', () => sendBeacon(t, encode({ events: [] })), 400, 'invalid_analytics_payload'],
    ['events that are no list', () => sendBeacon(t, encode({ events: { 0: event('page_view') } })), 400, 'invalid_analytics_payload'],
    ['a batch with another key', () => sendBeacon(t, encode({ events: [event('page_view')], brandId: 'borealis' })), 400, 'invalid_analytics_payload'],
    [`more than ${maxEventsPerRequest} events`, () => sendBeacon(t, encode({ events: Array.from({ length: maxEventsPerRequest + 1 }, () => event('page_view')) })), 400, 'invalid_analytics_payload'],
    ['an empty body', () => sendBeacon(t, ''), 400, 'invalid_request'],
    ['a body over 64 KiB', () => sendBeacon(t, 'A'.repeat(64 * 1024 + 4)), 413, 'body_too_large'],
    ['a JSON body', () => t.app.inject({ method: 'POST', url: '/v1/a', headers: { origin: 'http://aurora.localhost:8080' }, payload: { events: [event('page_view')] }, remoteAddress: '10.20.0.1' }), 400, 'invalid_request'],
    ['a form body', () => t.app.inject({ method: 'POST', url: '/v1/a', headers: { origin: 'http://aurora.localhost:8080', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1', remoteAddress: '10.20.0.1' }), 415, 'unsupported_media_type'],
  ];
  for (const [what, send, status, code] of refusals) {
    it(`refuses ${what} whole with ${status} ${code}, storing nothing`, async () => {
      const before = (await storedEvents(t)).length;
      const answer = await send();
      expect(answer.statusCode).toBe(status);
      expect(answer.json()).toEqual({ status, code, message: expect.any(String) });
      expect(await storedSince(before)).toEqual([]);
    });
  }

  it('refuses each hostile value in any field of an event by itself and never answers 5xx', async () => {
    const deep = (depth: number): unknown => (depth === 0 ? 'bottom' : { a: deep(depth - 1) });
    const hostile: unknown[] = [true, 0, -1, 1.5e308, 0.5, '', 'x'.repeat(10_000), null, [], {}, '\u0000', '\ud800', "' OR 1=1 --", deep(200)];
    const fields = Object.keys(event('page_view', { legacyUserId: '1', customParams: {} }));
    const events = fields.flatMap((field) => hostile.map((value) => ({ ...event('page_view'), [field]: value })));
    // Batches of 5 stay under the 64 KiB body limit with the long strings.
    for (let i = 0; i < events.length; i += 5) {
      const batch = events.slice(i, i + 5);
      const answer = await sendBeacon(t, encode({ events: batch }), { address: '10.21.0.1' });
      expect(answer.statusCode).toBe(200);
      const { stored, refused } = answer.json();
      expect(stored + refused.length).toBe(batch.length);
    }
    // An object is one event (refused in a 200); anything else is no payload at all.
    for (const value of hostile) {
      const answer = await sendBeacon(t, encode(value), { address: '10.21.0.2' });
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) expect(answer.json()).toMatchObject({ stored: 0, refused: [{ index: 0, code: 'invalid_event' }] });
      else expect(answer.json()).toMatchObject({ status: 400, code: 'invalid_analytics_payload' });
    }
  });

  it('takes base64 without padding and with line breaks, as some encoders write it', async () => {
    const body = encode(event('page_view', { pathName: '/ab' })).replace(/=+$/, '');
    const wrapped = body.replace(/(.{76})/g, '$1\r\n');
    expect((await sendBeacon(t, wrapped)).json()).toEqual({ stored: 1, refused: [] });
  });
});

describe('the OpenAPI document', () => {
  it('describes POST /v1/a with its text/plain body, its answer and its refusals', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const route = doc.paths['/v1/a'].post;
    expect(Object.keys(route.requestBody.content)).toEqual(['text/plain']);
    expect(route.description).toMatch(/base64/);
    expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['200', '4XX']));
  });
});
