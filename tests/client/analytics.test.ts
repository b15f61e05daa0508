import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionIdPattern } from '../../contract/analyticsEvents.ts';
import { analyticsUrl, createAnalytics, type AnalyticsContext, type AnalyticsOptions } from '../../src/services/analytics.ts';

const ua = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const url = 'https://aurora.example/v1/a';

/** A browser window: page hide is told through `hide()`; sendBeacon and fetch record their calls. */
function fakeWindow(options: { beacon?: 'accepts' | 'refuses' | 'missing'; fetchAnswer?: unknown } = {}) {
  const target = new EventTarget();
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const beacons: string[] = [];
  const sendBeacon = vi.fn((to: string, body: string) => {
    expect(to).toBe(url);
    beacons.push(body);
    return options.beacon !== 'refuses';
  });
  const fetch = vi.fn(async (_to: string, _init: RequestInit) => Response.json(options.fetchAnswer ?? { stored: 1, refused: [] }));
  const win = Object.assign(target, {
    document,
    navigator: { userAgent: ua, ...(options.beacon === 'missing' ? {} : { sendBeacon }) },
    location: new URL('https://aurora.example/live/aurora-live-001?oobCode=secret#x'),
    fetch,
    crypto: globalThis.crypto,
  }) as unknown as Window;
  return {
    win,
    beacons,
    sendBeacon,
    fetch,
    /** The tab goes to the background (visibilitychange to hidden). */
    hide() {
      document.visibilityState = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
    },
    /** The page is left or closed. */
    leave: () => target.dispatchEvent(new Event('pagehide')),
  };
}

const decode = (body: string) => JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(body), (c) => c.charCodeAt(0)))) as {
  events: Record<string, unknown>[];
  idToken?: string;
};

const member: AnalyticsContext = { brandId: 'aurora', disabled: false, userId: 'uid-1', brandRoleId: 'role-1', legacyId: 42, container: null };
const visitor: AnalyticsContext = { brandId: 'aurora', disabled: false, userId: null, brandRoleId: null, container: null };

function analyticsIn(win: Window, change: Partial<AnalyticsOptions> = {}) {
  const analytics = createAnalytics({
    url,
    win,
    profile: { os: 'android', browser: 'chrome', device: { name: 'unknown', type: 'mobile', containerType: 'web' } },
    coreVersion: '5.23.3',
    getIdToken: async () => 'id-token-1',
    now: () => 1_800_000_000_000,
    ...change,
  });
  stops.push(analytics.stop);
  return analytics;
}

const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('analytics sent on page hide', () => {
  it("gathers events and sends them in one beacon when the tab is hidden: base64 JSON with the member's ID token", async () => {
    const page = fakeWindow();
    const getIdToken = vi.fn(async () => 'id-token-1');
    const analytics = analyticsIn(page.win, { getIdToken });
    analytics.setContext(member);
    analytics.track('page_view', undefined, '/live/aurora-live-001');
    analytics.track('offer_opened', { offerId: 'aurora-live-001' });
    // The token is read ahead: the page hide cannot wait for it.
    await getIdToken.mock.results.at(-1)!.value;
    expect(page.sendBeacon).not.toHaveBeenCalled();

    page.hide();
    expect(page.beacons).toHaveLength(1);
    const batch = decode(page.beacons[0]!);
    expect(batch.idToken).toBe('id-token-1');
    expect(batch.events.map((e) => e.eventName)).toEqual(['page_view', 'offer_opened']);
    expect(batch.events[1]).toMatchObject({
      brandId: 'aurora',
      userId: 'uid-1',
      brandRoleId: 'role-1',
      legacyUserId: '42',
      platform: 'core',
      os: 'android',
      browser: 'chrome',
      userAgent: ua,
      href: 'https://aurora.example/live/aurora-live-001',
      host: 'aurora.example',
      pathName: '/live/aurora-live-001',
      containerType: 'web',
      containerVersion: '0.0.0',
      containerBuild: 0,
      coreVersion: '5.23.3',
      clientTimestamp: 1_800_000_000_000,
      customParams: { offerId: 'aurora-live-001' },
    });
    // Nothing is sent twice: the page hide after it finds nothing waiting.
    page.leave();
    expect(page.beacons).toHaveLength(1);
    expect(page.fetch).not.toHaveBeenCalled();
  });

  it('sends on pagehide too (the tab closes), and a visitor\'s batch carries no token', () => {
    const page = fakeWindow();
    const getIdToken = vi.fn(async () => 'never');
    const analytics = analyticsIn(page.win, { getIdToken });
    analytics.setContext(visitor);
    analytics.track('page_view', undefined, '/');
    page.leave();
    const batch = decode(page.beacons[0]!);
    expect(batch).not.toHaveProperty('idToken');
    expect(batch.events[0]).toMatchObject({ userId: null, brandRoleId: null, eventType: 'page_view', pathName: '/' });
    expect(batch.events[0]).not.toHaveProperty('legacyUserId');
    expect(getIdToken).not.toHaveBeenCalled();
  });

  it('keeps one session id all page load, and a new load makes another', () => {
    const page = fakeWindow();
    const analytics = analyticsIn(page.win);
    analytics.setContext(visitor);
    analytics.track('page_view', undefined, '/');
    page.hide();
    analytics.track('page_view', undefined, '/more');
    page.leave();
    const ids = page.beacons.flatMap((body) => decode(body).events.map((e) => e.sessionId));
    expect(ids).toEqual([analytics.sessionId, analytics.sessionId]);
    expect(analytics.sessionId).toMatch(new RegExp(sessionIdPattern));
    expect(analyticsIn(fakeWindow().win).sessionId).not.toBe(analytics.sessionId);
  });

  it('sends a full batch without waiting for the page hide, once the token is read', async () => {
    const page = fakeWindow();
    const analytics = analyticsIn(page.win, { batchSize: 3 });
    analytics.setContext(member);
    analytics.track('page_view', undefined, '/');
    analytics.track('offer_opened', { offerId: 'o1' });
    expect(page.beacons).toHaveLength(0);
    analytics.track('added_to_cart', { offerId: 'o1' });
    await vi.waitFor(() => expect(page.beacons).toHaveLength(1));
    expect(decode(page.beacons[0]!)).toMatchObject({ idToken: 'id-token-1', events: [{ eventName: 'page_view' }, { eventName: 'offer_opened' }, { eventName: 'added_to_cart' }] });
  });

  it('gathers nothing before the brand is known', () => {
    const page = fakeWindow();
    const analytics = analyticsIn(page.win);
    analytics.track('page_view', undefined, '/');
    page.hide();
    expect(page.sendBeacon).not.toHaveBeenCalled();
  });
});

describe("a brand with analytics disabled (settings.analyticsDisabled)", () => {
  it('sends nothing at all, and drops what was gathered before the flag was known', async () => {
    const page = fakeWindow();
    const getIdToken = vi.fn(async () => 'id-token-1');
    const analytics = analyticsIn(page.win, { batchSize: 2, getIdToken });
    analytics.setContext(visitor);
    analytics.track('page_view', undefined, '/');
    analytics.setContext({ ...member, disabled: true });
    for (let i = 0; i < 5; i++) analytics.track('offer_opened', { offerId: `o${i}` });
    page.hide();
    page.leave();
    await Promise.resolve();
    expect(page.sendBeacon).not.toHaveBeenCalled();
    expect(page.fetch).not.toHaveBeenCalled();
    expect(getIdToken).not.toHaveBeenCalled();
  });
});

describe('fetch with keepalive when there is no beacon', () => {
  it.each(['missing', 'refuses'] as const)('posts the same text/plain body with fetch when sendBeacon is %s', (beacon) => {
    const page = fakeWindow({ beacon });
    const analytics = analyticsIn(page.win);
    analytics.setContext(visitor);
    analytics.track('page_view', undefined, '/');
    page.hide();
    expect(page.fetch).toHaveBeenCalledTimes(1);
    const [to, init] = page.fetch.mock.calls[0]!;
    expect(to).toBe(url);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } });
    expect(decode(init.body as string).events[0]).toMatchObject({ eventName: 'page_view', pathName: '/' });
    if (beacon === 'refuses') expect(page.beacons).toEqual([init.body]);
  });

  it('tells refused events to the development log only, never to the member', async () => {
    const refused = [{ index: 0, status: 400, code: 'invalid_event', message: 'event/x is invalid' }];
    const page = fakeWindow({ beacon: 'missing', fetchAnswer: { stored: 0, refused } });
    const log = vi.fn();
    const analytics = analyticsIn(page.win, { log });
    analytics.setContext(visitor);
    analytics.track('page_view', undefined, '/');
    page.hide();
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('Analytics events refused', refused));

    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const quiet = fakeWindow({ beacon: 'missing', fetchAnswer: { stored: 0, refused } });
    const production = analyticsIn(quiet.win);
    production.setContext(visitor);
    production.track('page_view', undefined, '/');
    quiet.hide();
    await quiet.fetch.mock.results[0]!.value;
    await Promise.resolve();
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('where the beacons go (analyticsUrl)', () => {
  it("names the page's origin as appUrl, on the app's own origin and on an API's of its own (VITE_API_BASE)", () => {
    expect(analyticsUrl('', 'http://borealis.localhost:8080')).toBe('http://borealis.localhost:8080/v1/a?appUrl=http%3A%2F%2Fborealis.localhost%3A8080');
    expect(analyticsUrl('https://api.klubb.example', 'https://aurora.example')).toBe('https://api.klubb.example/v1/a?appUrl=https%3A%2F%2Faurora.example');
    expect(analyticsUrl('https://api.klubb.example/base', 'https://aurora.example/live/1?x=2')).toBe('https://api.klubb.example/base/v1/a?appUrl=https%3A%2F%2Faurora.example');
  });
});
