import { describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'virtual:pwa-register';
import { registerServiceWorker } from '../../src/wiring/serviceWorker.ts';
import { isAppNavigation, isMedia } from '../../scripts/serviceWorker.ts';

const withWorkers = { serviceWorker: {} } as Navigator;
const withoutWorkers = {} as Navigator;

describe('the service worker registration', () => {
  it('registers at once in a production build where the browser has service workers', async () => {
    const registerSW = vi.fn();
    expect(registerServiceWorker({ production: true, navigator: withWorkers, load: async () => ({ registerSW }) })).toBe(true);
    await vi.waitFor(() => expect(registerSW).toHaveBeenCalledTimes(1));
    expect(registerSW.mock.calls[0]![0]).toMatchObject({ immediate: true });
  });

  it('asks the server for a new worker on each visit: when the page loads and when the app is shown again', async () => {
    const registration = { update: vi.fn(async () => undefined) } as unknown as ServiceWorkerRegistration;
    const registerSW = vi.fn((options: RegisterSWOptions) => options.onRegisteredSW?.('/sw.js', registration));
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' }) as unknown as Document;
    registerServiceWorker({ production: true, navigator: withWorkers, load: async () => ({ registerSW }), document: doc });
    await vi.waitFor(() => expect(registration.update).toHaveBeenCalledTimes(1));
    Object.assign(doc, { visibilityState: 'hidden' });
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(registration.update).toHaveBeenCalledTimes(1);
    Object.assign(doc, { visibilityState: 'visible' });
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('takes a failed update check offline quietly', async () => {
    const registration = { update: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) } as unknown as ServiceWorkerRegistration;
    const warn = vi.fn();
    const registerSW = (options: RegisterSWOptions) => options.onRegisteredSW?.('/sw.js', registration);
    registerServiceWorker({ production: true, navigator: withWorkers, load: async () => ({ registerSW }), warn });
    await vi.waitFor(() => expect(registration.update).toHaveBeenCalled());
    expect(warn).not.toHaveBeenCalled();
  });

  it('never registers in `npm run dev` and the tests, nor where there are no service workers', () => {
    const load = vi.fn();
    expect(registerServiceWorker({ production: false, navigator: withWorkers, load })).toBe(false);
    expect(registerServiceWorker({ production: true, navigator: withoutWorkers, load })).toBe(false);
    expect(registerServiceWorker({ load })).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('only warns when the worker cannot be loaded or registered: the app runs without it', async () => {
    const warn = vi.fn();
    registerServiceWorker({ production: true, navigator: withWorkers, load: () => Promise.reject(new Error('chunk gone')), warn });
    registerServiceWorker({
      production: true,
      navigator: withWorkers,
      load: async () => ({ registerSW: (options) => options.onRegisterError?.(new Error('insecure')) }),
      warn,
    });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
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
