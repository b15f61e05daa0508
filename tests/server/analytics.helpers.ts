import type { AnalyticsEvent } from '../../contract/analytics.ts';
import type { AnalyticsEventName } from '../../contract/analyticsEvents.ts';
import { analyticsEvents } from '../../server/db/schema/index.ts';
import type { TestApp } from './support/testApp.ts';

/** A session id of the spec's shape, different for each `n`. */
export const sessionId = (n: number) => `SESSION${String(n).padStart(3, '0')}-ABCDEFGHIJ-0123456789`;

/** An event as the app builds it (every field of spec section 3), for a visitor of Aurora on the web. */
export function event(eventName: AnalyticsEventName, change: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return {
    brandId: 'aurora',
    brandRoleId: null,
    browser: 'chrome',
    clientTimestamp: 1_800_000_000_000,
    containerType: 'web',
    deviceName: 'Desktop',
    deviceType: 'desktop',
    href: 'http://aurora.localhost:8080/',
    eventName,
    eventType: eventName === 'page_view' ? 'page_view' : 'interaction',
    host: 'aurora.localhost:8080',
    coreVersion: '5.23.3',
    containerVersion: '0.0.0',
    containerBuild: 0,
    os: 'linux',
    pathName: '/',
    platform: 'core',
    sessionId: sessionId(1),
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
    userId: null,
    ...change,
  };
}

/** The body of POST /v1/a as the app sends it: base64 of the UTF-8 JSON. */
export const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');

/** POST /v1/a (`url`: with a query) from Aurora's page (or `appUrl`) with a text/plain body, as navigator.sendBeacon sends a string. */
export const sendBeacon = (t: TestApp, body: string, options: { appUrl?: string; address?: string; headers?: Record<string, string>; url?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: options.url ?? '/v1/a',
    headers: { origin: options.appUrl ?? 'http://aurora.localhost:8080', 'content-type': 'text/plain;charset=UTF-8', ...options.headers },
    remoteAddress: options.address ?? '10.20.0.1',
    payload: body,
  });

export const storedEvents = (t: TestApp) => t.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);
