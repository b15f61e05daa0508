import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { AnalyticsBatch, AnalyticsEvent } from '../../contract/analytics.ts';
import { sessionIdPattern } from '../../contract/analyticsEvents.ts';
import {
  analyticsBodies,
  base64OfText,
  buildAnalyticsEvent,
  makeSessionId,
  numericLegacyId,
  randomString,
  type EventFacts,
} from '../../src/domain/analyticsEvent.ts';

const eventShape = Compile(AnalyticsEvent);
const batchShape = Compile(AnalyticsBatch);
const cryptoBytes = (count: number) => crypto.getRandomValues(new Uint8Array(count));
const decode = (body: string) => JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(body), (c) => c.charCodeAt(0)))) as { events: unknown[]; idToken?: string };

const iphoneUa = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

const facts = (change: Partial<EventFacts> = {}): EventFacts => ({
  device: {
    profile: { os: 'iOS', browser: 'safari', device: { name: 'iPhone 15', type: 'mobile', containerType: 'ios-wv' } },
    userAgent: iphoneUa,
    coreVersion: '5.23.3',
    sessionId: 'ABCDEFGHIJ-0123456789-KLMNOPQRST',
  },
  scope: { brandId: 'aurora', userId: 'uid-1', brandRoleId: 'role-1', legacyId: 4711, container: { build: 412, version: '5.2.0' } },
  place: { origin: 'https://aurora.example', host: 'aurora.example', pathName: '/live/aurora-live-001' },
  at: 1_800_000_000_123,
  name: 'offer_opened',
  customParams: { offerId: 'aurora-live-001' },
  ...change,
});

describe('the analytics event (spec 3)', () => {
  it('has every field of the spec, from the device, the member, the container and the page', () => {
    const event = buildAnalyticsEvent(facts());
    expect(event).toEqual({
      brandId: 'aurora',
      brandRoleId: 'role-1',
      browser: 'safari',
      clientTimestamp: 1_800_000_000_123,
      containerType: 'ios-wv',
      deviceName: 'iPhone 15',
      deviceType: 'mobile',
      href: 'https://aurora.example/live/aurora-live-001',
      eventName: 'offer_opened',
      eventType: 'interaction',
      host: 'aurora.example',
      coreVersion: '5.23.3',
      containerVersion: '5.2.0',
      containerBuild: 412,
      os: 'iOS',
      pathName: '/live/aurora-live-001',
      platform: 'core',
      sessionId: 'ABCDEFGHIJ-0123456789-KLMNOPQRST',
      userAgent: iphoneUa,
      userId: 'uid-1',
      legacyUserId: '4711',
      customParams: { offerId: 'aurora-live-001' },
    });
    expect(eventShape.Check(event)).toBe(true);
  });

  it("is a visitor's without ids, and a plain browser's with the default container 0.0.0 build 0", () => {
    const event = buildAnalyticsEvent(
      facts({ scope: { brandId: 'aurora', userId: null, brandRoleId: 'ignored', legacyId: 12, container: null }, name: 'page_view', customParams: undefined }),
    );
    expect(event).toMatchObject({ userId: null, brandRoleId: null, containerVersion: '0.0.0', containerBuild: 0, eventType: 'page_view' });
    expect(event).not.toHaveProperty('legacyUserId');
    expect(event).not.toHaveProperty('customParams');
    expect(eventShape.Check(event)).toBe(true);
  });

  it('sends legacyUserId only when the legacy id is numeric', () => {
    expect(numericLegacyId(4711)).toBe('4711');
    expect(numericLegacyId('0042')).toBe('0042');
    expect(numericLegacyId(' 77 ')).toBe('77');
    for (const notNumeric of [undefined, null, '', 'abc', '12a', '-5', -5, 1.5, Number.NaN, '1'.repeat(21), {}, true]) {
      expect(numericLegacyId(notNumeric), String(notNumeric)).toBeUndefined();
    }
    const member = (legacyId: unknown) => buildAnalyticsEvent(facts({ scope: { ...facts().scope, legacyId } }));
    expect(member('A-12')).not.toHaveProperty('legacyUserId');
    expect(member(undefined)).not.toHaveProperty('legacyUserId');
    expect(member('987')).toHaveProperty('legacyUserId', '987');
  });

  it('leaves the query and fragment out of href (one-time codes and tokens), and keeps every text within the contract', () => {
    const event = buildAnalyticsEvent(
      facts({
        place: { origin: 'https://aurora.example', host: 'aurora.example', pathName: '/' + 'p'.repeat(3000) },
        device: { ...facts().device, userAgent: 'U'.repeat(900), profile: { ...facts().device.profile, device: { name: 'N'.repeat(300), type: 'mobile', containerType: 'web' } } },
      }),
    );
    expect(event.href).not.toContain('?');
    expect(event.href.length).toBe(2048);
    expect(event.userAgent.length).toBe(512);
    expect(event.deviceName.length).toBe(100);
    expect(eventShape.Check(event)).toBe(true);
    expect(buildAnalyticsEvent(facts({ place: { origin: 'https://a.example', host: 'a.example', pathName: '' } })).pathName).toBe('/');
  });
});

describe('random strings and the session id (spec 9)', () => {
  it('makes 20 uppercase letters or digits by default', () => {
    expect(randomString(cryptoBytes)).toMatch(/^[A-Z0-9]{20}$/);
  });

  it('draws again for bytes that would favour some characters, so every byte it keeps maps evenly', () => {
    // 252..255 are past the last whole run of 36: skipped, never folded onto A..D.
    const bytes = [252, 253, 254, 255, 0, 35, 36, 251];
    let next = 0;
    const scripted = (count: number) => Uint8Array.from({ length: count }, () => bytes[next++ % bytes.length]!);
    expect(randomString(scripted, 4)).toBe('A9A9');
  });

  it('is three groups of 10 joined by hyphens, different each load', () => {
    const ids = Array.from({ length: 50 }, () => makeSessionId(cryptoBytes));
    for (const id of ids) expect(id).toMatch(new RegExp(sessionIdPattern));
    expect(new Set(ids).size).toBe(50);
  });
});

describe('the body of POST /v1/a', () => {
  it("is base64 of the UTF-8 JSON of a batch with the member's ID token", () => {
    const events = [buildAnalyticsEvent(facts({ customParams: { offerId: 'Ålandsfärjan ✓' } }))];
    const [body, ...more] = analyticsBodies(events, 'token-1', 50);
    expect(more).toEqual([]);
    expect(body).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const batch = decode(body!);
    expect(batchShape.Check(batch)).toBe(true);
    expect(batch).toEqual({ events, idToken: 'token-1' });
    expect(decode(analyticsBodies(events, null, 50)[0]!)).toEqual({ events });
  });

  it('splits into requests of at most 50 events and 64 KiB each, every event sent once', () => {
    const many = Array.from({ length: 120 }, (_, i) => buildAnalyticsEvent(facts({ at: i })));
    const byCount = analyticsBodies(many, 'token', 50);
    expect(byCount.map((body) => decode(body).events.length)).toEqual([50, 50, 20]);

    const big = Array.from({ length: 40 }, (_, i) => buildAnalyticsEvent(facts({ at: i, customParams: { note: 'x'.repeat(480), a: 'y'.repeat(480), b: 'z'.repeat(480) } })));
    const bySize = analyticsBodies(big, 'token', 50);
    expect(bySize.length).toBeGreaterThan(1);
    for (const body of bySize) expect(body.length).toBeLessThanOrEqual(64 * 1024);
    expect(bySize.flatMap((body) => decode(body).events)).toEqual(big);
  });

  it('leaves out an event too big to go alone, and sends nothing for no events', () => {
    const huge = buildAnalyticsEvent(facts({ customParams: { a: 'x'.repeat(60_000) } }));
    const small = buildAnalyticsEvent(facts());
    expect(analyticsBodies([huge, small], null, 50).map((body) => decode(body).events)).toEqual([[small]]);
    expect(analyticsBodies([], null, 50)).toEqual([]);
  });

  it('encodes any text as the standard alphabet of its UTF-8 bytes', () => {
    expect(base64OfText('Hej då ✓')).toBe(Buffer.from('Hej då ✓', 'utf8').toString('base64'));
    const long = 'å'.repeat(40_000);
    expect(base64OfText(long)).toBe(Buffer.from(long, 'utf8').toString('base64'));
  });
});
