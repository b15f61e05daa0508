import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from '../../src/wiring/serviceWorker.ts';
import { isAppNavigation, isMedia } from '../../scripts/serviceWorker.ts';

/** The browser's service workers as the registration sees them: who controls the page, register() and its registration. */
function browserWorkers({ controlled = false, register }: { controlled?: boolean; register?: () => Promise<ServiceWorkerRegistration> } = {}) {
  const registration = Object.assign(new EventTarget(), { installing: null as ServiceWorker | null, update: vi.fn(async () => undefined) });
  const workers = {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: vi.fn(register ?? (async () => registration as unknown as ServiceWorkerRegistration)),
  };
  /** The browser finds a new worker, installs it and (it skips waiting) activates it. */
  const newWorkerActivates = () => {
    const worker = Object.assign(new EventTarget(), { state: 'installing' }) as unknown as ServiceWorker & { state: ServiceWorkerState };
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    for (const state of ['installed', 'activating', 'activated'] as const) {
      worker.state = state;
      worker.dispatchEvent(new Event('statechange'));
    }
  };
  return { navigator: { serviceWorker: workers } as unknown as Navigator, workers, registration, newWorkerActivates };
}

const withoutWorkers = {} as Navigator;

describe('the service worker registration', () => {
  it('registers the root worker at once in a production build where the browser has service workers', () => {
    const browser = browserWorkers();
    expect(registerServiceWorker({ production: true, navigator: browser.navigator })).toBe(true);
    expect(browser.workers.register).toHaveBeenCalledExactlyOnceWith('/sw.js', { scope: '/' });
  });

  it('asks the server for a new worker on each visit: when the page loads and when the app is shown again', async () => {
    const browser = browserWorkers({ controlled: true });
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' }) as unknown as Document;
    registerServiceWorker({ production: true, navigator: browser.navigator, document: doc });
    await vi.waitFor(() => expect(browser.registration.update).toHaveBeenCalledTimes(1));
    Object.assign(doc, { visibilityState: 'hidden' });
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(browser.registration.update).toHaveBeenCalledTimes(1);
    Object.assign(doc, { visibilityState: 'visible' });
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(browser.registration.update).toHaveBeenCalledTimes(2);
  });

  it('takes a failed update check offline quietly', async () => {
    const browser = browserWorkers({ controlled: true });
    browser.registration.update.mockRejectedValue(new TypeError('Failed to fetch'));
    const warn = vi.fn();
    registerServiceWorker({ production: true, navigator: browser.navigator, warn });
    await vi.waitFor(() => expect(browser.registration.update).toHaveBeenCalled());
    expect(warn).not.toHaveBeenCalled();
  });

  it('reloads an open page once a new deploy’s worker has activated over the old one, once', async () => {
    const browser = browserWorkers({ controlled: true });
    const reload = vi.fn();
    registerServiceWorker({ production: true, navigator: browser.navigator, reload });
    await vi.waitFor(() => expect(browser.registration.update).toHaveBeenCalled());
    expect(reload).not.toHaveBeenCalled();
    browser.newWorkerActivates();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload on the first visit when the first worker activates; a later deploy in the same visit does', async () => {
    const browser = browserWorkers({ controlled: false });
    const reload = vi.fn();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' }) as unknown as Document;
    registerServiceWorker({ production: true, navigator: browser.navigator, reload, document: doc });
    // The first visit's register() fetched the worker just now: no second check until the app is shown again.
    // Its callbacks run in order: the registration's first, then this test's.
    await browser.workers.register.mock.results[0]!.value;
    expect(browser.registration.update).not.toHaveBeenCalled();
    browser.newWorkerActivates();
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(browser.registration.update).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    browser.newWorkerActivates();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never registers in `npm run dev` and the tests, nor where there are no service workers', () => {
    const browser = browserWorkers();
    expect(registerServiceWorker({ production: false, navigator: browser.navigator })).toBe(false);
    expect(registerServiceWorker({ production: true, navigator: withoutWorkers })).toBe(false);
    expect(registerServiceWorker({ navigator: browser.navigator })).toBe(false);
    expect(browser.workers.register).not.toHaveBeenCalled();
  });

  it('only warns when the worker cannot be registered: the app runs without it', async () => {
    const browser = browserWorkers({ register: () => Promise.reject(new DOMException('insecure', 'SecurityError')) });
    const warn = vi.fn();
    expect(registerServiceWorker({ production: true, navigator: browser.navigator, warn })).toBe(true);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledExactlyOnceWith('The service worker could not be registered', expect.any(DOMException)));
  });
});

describe('what the worker answers', () => {
  const navigation = (path: string) => ({ request: { mode: 'navigate' } as Request, url: new URL(path, 'http://aurora.localhost') });

  it('answers the app’s own pages, network first with the shell as the offline fallback', () => {
    for (const path of ['/', '/offer/42', '/more/faq', '/createaccount', '/password_reset/abc', '/live?category=1']) {
      expect(isAppNavigation(navigation(path)), path).toBe(true);
    }
  });

  it('leaves the API, the identity provider, media, booking, admin and developer pages to the server', () => {
    for (const path of ['/v1/get/brand', '/dev/outbox', '/admin/content', '/media/brand/logo.svg', '/booking/a/b', '/identity/.well-known/jwks.json',
      '/identitytoolkit.googleapis.com/v1/accounts:lookup', '/securetoken.googleapis.com/v1/token', '/assets/index.js']) {
      expect(isAppNavigation(navigation(path)), path).toBe(false);
    }
    expect(isAppNavigation({ request: { mode: 'cors' } as Request, url: new URL('http://aurora.localhost/') })).toBe(false);
  });

  it('keeps only its own origin’s media', () => {
    expect(isMedia({ url: new URL('http://aurora.localhost/media/brand/logo.svg'), sameOrigin: true })).toBe(true);
    expect(isMedia({ url: new URL('http://cdn.example/media/x.png'), sameOrigin: false })).toBe(false);
    expect(isMedia({ url: new URL('http://aurora.localhost/v1/get/brand'), sameOrigin: true })).toBe(false);
  });
});
