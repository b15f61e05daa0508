import type { AnalyticsAnswer } from '../../contract/analytics.ts';
import { maxEventsPerRequest, type AnalyticsEventName } from '../../contract/analyticsEvents.ts';
import type { AnalyticsEvent } from '../../contract/analytics.ts';
import { analyticsBodies, buildAnalyticsEvent, makeSessionId, type AnalyticsDevice, type AnalyticsScope, type CustomParams, type RandomBytes } from '../domain/analyticsEvent.ts';
import type { DeviceProfile } from '../domain/deviceProfile.ts';

/** What the app knows when an event happens; null before the brand is known. */
export type AnalyticsContext = AnalyticsScope & {
  /** The brand's `settings.analyticsDisabled`: nothing is gathered or sent (spec 7). */
  disabled: boolean;
};

export interface Analytics {
  /** The page load's session id (spec 3: made once per load). */
  readonly sessionId: string;
  /** Who and where the next events are about (the wiring follows the app: brand, member, container). */
  setContext(context: AnalyticsContext | null): void;
  /**
   * Gathers one event; sent with the others on page hide, or once `batchSize` are waiting.
   * `pathName` is the page's path (a page view's own), else the address bar's.
   */
  track(name: AnalyticsEventName, customParams?: CustomParams, pathName?: string): void;
  /** Sends what is waiting now. */
  flush(): void;
  /** Stops listening for page hide (tests). */
  stop(): void;
}

export interface AnalyticsOptions {
  /** `POST /v1/a` on the API's base, naming the app (analyticsUrl). */
  url: string;
  profile: DeviceProfile;
  coreVersion: string;
  /** The signed-in member's ID token, or null (a beacon carries no Authorization header: it goes in the batch). */
  getIdToken: () => Promise<string | null>;
  win?: Window;
  /** Events gathered before they are sent without waiting for the page hide. */
  batchSize?: number;
  randomBytes?: RandomBytes;
  now?: () => number;
  /** Given in development only: refused events and failed sends are told there, never to the member. */
  log?: (message: string, detail?: unknown) => void;
}

export const defaultBatchSize = 20;

/**
 * Where the beacons go: `POST /v1/a` on the API's base, naming the page's origin as `appUrl`. A
 * beacon cannot carry the X-App-Url header of the app's other calls, and under the app's
 * `Referrer-Policy: no-referrer` Firefox sends it with `Origin: null` and no Referer: with the API
 * on another origin (VITE_API_BASE) nothing else would tell the server the brand.
 */
export function analyticsUrl(apiBase: string, appUrl: string): string {
  const url = new URL(`${apiBase}/v1/a`, appUrl);
  url.searchParams.set('appUrl', new URL(appUrl).origin);
  return url.href;
}

/**
 * The app's analytics (issue 27): events built with every field of spec 3, kept in memory and sent
 * base64-encoded to `POST /v1/a` with `navigator.sendBeacon` when the page is hidden (the tab
 * closes, the app goes to the background) or when a batch is full; `fetch` with keepalive where
 * there is no sendBeacon or it refuses. A brand with analytics disabled gets nothing sent.
 */
export function createAnalytics(options: AnalyticsOptions): Analytics {
  const win = options.win ?? window;
  const batchSize = Math.min(options.batchSize ?? defaultBatchSize, maxEventsPerRequest);
  const now = options.now ?? Date.now;
  const randomBytes = options.randomBytes ?? ((count: number) => win.crypto.getRandomValues(new Uint8Array(count)));
  const device: AnalyticsDevice = {
    profile: options.profile,
    userAgent: win.navigator.userAgent,
    coreVersion: options.coreVersion,
    sessionId: makeSessionId(randomBytes),
  };
  let context: AnalyticsContext | null = null;
  let waiting: AnalyticsEvent[] = [];
  let idToken: string | null = null;

  // Read ahead of the page hide, which cannot wait for it.
  const readToken = () =>
    options.getIdToken().then(
      (token) => void (idToken = token),
      () => void (idToken = null),
    );

  function send(body: string) {
    const nav = win.navigator;
    try {
      if (typeof nav.sendBeacon === 'function' && nav.sendBeacon(options.url, body)) return;
    } catch (error) {
      options.log?.('sendBeacon failed; sending with fetch', error);
    }
    win
      .fetch(options.url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } })
      .then(async (response) => {
        if (!options.log) return;
        if (!response.ok) return options.log(`Analytics events were not taken (${response.status})`, await response.text());
        const answer = (await response.json()) as AnalyticsAnswer;
        if (answer.refused.length > 0) options.log('Analytics events refused', answer.refused);
      })
      .catch((error: unknown) => options.log?.('Analytics events could not be sent', error));
  }

  function flush() {
    if (waiting.length === 0) return;
    const events = waiting;
    waiting = [];
    for (const body of analyticsBodies(events, events.some((e) => e.userId !== null) ? idToken : null, maxEventsPerRequest)) send(body);
  }

  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') flush();
  };
  win.document.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pagehide', flush);

  return {
    sessionId: device.sessionId,
    setContext(next) {
      context = next;
      if (next?.disabled) waiting = [];
      if (next?.userId && !next.disabled) void readToken();
      else idToken = null;
    },
    track(name, customParams, pathName = win.location.pathname) {
      if (!context || context.disabled) return;
      const place = { origin: win.location.origin, host: win.location.host, pathName };
      waiting.push(buildAnalyticsEvent({ device, scope: context, place, at: now(), name, customParams }));
      if (context.userId === null) {
        if (waiting.length >= batchSize) flush();
        return;
      }
      // A member's full batch goes once their current token is known, so the server keeps their id.
      const read = readToken();
      if (waiting.length >= batchSize) void read.then(flush);
    },
    flush,
    stop() {
      win.document.removeEventListener('visibilitychange', onVisibility);
      win.removeEventListener('pagehide', flush);
    },
  };
}
