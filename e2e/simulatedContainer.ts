/**
 * A simulated native container for the e2e specs and for developers (README, Development): run
 * `simulatedContainer` in the page before the app (Playwright's `page.addInitScript(simulatedContainer,
 * options)`) and the page is inside the iOS container (the `window.webkit.messageHandlers` bridge)
 * or the Android one (its local service at `{serviceUrl}/get_version` and `/{id}/get_fcm_token`,
 * answered in the page by a wrapped `fetch`). It answers the version and the push token, records
 * the messages and the links it is asked to open, and can be told to stay silent (time out).
 *
 * `npx tsx e2e/simulatedContainer.ts ios|android [url]` opens Chromium with it (a display is needed).
 */
export interface SimulatedContainerOptions {
  kind: 'ios' | 'android';
  version?: { build: number; version: string };
  /** The device's push token; null: none. */
  pushToken?: string | null;
  /** The Android container's service: the URL the build names (`npm run test:e2e` builds with http://127.0.0.1:3100). */
  serviceUrl?: string;
}

/** What the page's `window.simulatedContainer` holds, for a test (page.evaluate) or a developer (the console). */
export interface SimulatedContainerState {
  kind: 'ios' | 'android';
  /** Every bridge message or service call, in order ('getFCMToken', 'GET /aurora/get_fcm_token'). */
  calls: string[];
  /** Links the app handed to the container (app schemes, bank-identity links). */
  opened: string[];
  pushToken: string | null;
  /** While true the container answers nothing: every call times out. */
  silent: boolean;
}

/** Runs in the page, before the app (serialised by Playwright: self-contained, no imports). */
export function simulatedContainer(options: SimulatedContainerOptions) {
  const version = options.version ?? { build: 500, version: '5.23.3' };
  const state: SimulatedContainerState = { kind: options.kind, calls: [], opened: [], pushToken: options.pushToken ?? null, silent: false };
  const win = window as unknown as Record<string, unknown> & Window;
  win.simulatedContainer = state;

  // The container takes the app's in-place opens of its schemes and of bank-identity links; the page stays.
  const open = window.open.bind(window);
  window.open = (url?: string | URL, target?: string, features?: string) => {
    const href = String(url ?? '');
    if (target === '_self' && /^(klubbs?|bankid):|^https:\/\/app\.bankid\.com\//.test(href)) {
      state.opened.push(href);
      return null;
    }
    return open(url, target, features);
  };

  if (options.kind === 'ios') {
    const answer = (message: string, body: unknown, reply: unknown) => {
      const path = (body as { answerWith?: string } | null)?.answerWith;
      if (state.silent || !path) return;
      const [object, method] = path.split('.') as [string, string];
      setTimeout(() => (win[object] as Record<string, (m: string, a: string) => void>)[method]!(message, JSON.stringify(reply)), 20);
    };
    const handler = (message: string, reply?: () => unknown) => ({
      postMessage(body: unknown) {
        state.calls.push(message);
        if (reply) answer(message, body, reply());
      },
    });
    win.webkit = {
      messageHandlers: {
        getBuildAndVersion: handler('getBuildAndVersion', () => version),
        getFCMToken: handler('getFCMToken', () => ({ token: state.pushToken ?? '' })),
        registerForPushNotifications: handler('registerForPushNotifications'),
        unRegisterForPushNotifications: handler('unRegisterForPushNotifications'),
        promptAllowTracking: handler('promptAllowTracking'),
        createCalendarEvent: handler('createCalendarEvent'),
      },
    };
    return;
  }

  // Android: the web view's user agent carries "; wv)", and the service answers on the device.
  const userAgent = navigator.userAgent.includes('; wv)') ? navigator.userAgent : navigator.userAgent.replace(/\)/, '; wv)');
  Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => userAgent, configurable: true });
  const service = (options.serviceUrl ?? 'http://127.0.0.1:3100').replace(/\/$/, '');
  const fetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(`${service}/`)) return fetch(input, init);
    const path = url.slice(service.length);
    state.calls.push(`GET ${path}`);
    return new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('The container did not answer', 'AbortError')));
      if (state.silent) return;
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      const reply = path === '/get_version' ? json(version) : /^\/[^/]+\/get_fcm_token$/.test(path) ? json({ token: state.pushToken ?? '' }) : json({}, 404);
      setTimeout(() => resolve(reply), 20);
    });
  };
}

/** The user agent of an iPhone app's web view (WKWebView: no "Safari/" token). */
export const iosWebViewUserAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

async function openForDeveloper(kind: string, url: string) {
  if (kind !== 'ios' && kind !== 'android') throw new Error('Usage: npx tsx e2e/simulatedContainer.ts ios|android [url]');
  const { chromium, devices } = await import('@playwright/test');
  const browser = await chromium.launch({ headless: false, executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const device = kind === 'ios' ? { ...devices['iPhone 13'], userAgent: iosWebViewUserAgent } : devices['Pixel 7'];
  const page = await (await browser.newContext(device)).newPage();
  await page.addInitScript(simulatedContainer, { kind, pushToken: `simulated-${kind}-token` } satisfies SimulatedContainerOptions);
  await page.goto(url);
  console.log(`The ${kind} container is simulated; window.simulatedContainer in the console records its calls. Close the window to end.`);
  await page.waitForEvent('close', { timeout: 0 });
  await browser.close();
}

if (typeof process !== 'undefined' && process.argv[1]?.endsWith('simulatedContainer.ts')) {
  void openForDeveloper(process.argv[2] ?? '', process.argv[3] ?? 'http://aurora.localhost:5173/');
}
