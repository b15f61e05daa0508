import type { RegisterSWOptions } from 'virtual:pwa-register';

type RegisterSW = (options: RegisterSWOptions) => unknown;

export interface ServiceWorkerDeps {
  /** A production build: `npm run dev` and the tests never get a worker (it would serve stale code). */
  production?: boolean;
  navigator?: Navigator;
  /** vite-plugin-pwa's registration (workbox-window), loaded after the first screen. */
  load?: () => Promise<{ registerSW: RegisterSW }>;
  warn?: (message: string, error: unknown) => void;
  document?: Document;
}

/**
 * Registers the service worker (scripts/serviceWorker.ts) where the browser has them, in
 * production builds only. It updates itself (autoUpdate): a new deploy's worker takes over at
 * once and open pages reload onto it, see docs/architecture.md "Offline and updates".
 * Returns whether it registers.
 */
export function registerServiceWorker({
  production = import.meta.env.PROD,
  navigator: nav = globalThis.navigator,
  load = () => import('virtual:pwa-register'),
  warn = (message, error) => console.warn(message, error),
  document: doc = globalThis.document,
}: ServiceWorkerDeps = {}): boolean {
  if (!production || !nav || !('serviceWorker' in nav)) return false;
  // Offline the check fails; the next visit asks again.
  const checkForUpdate = (registration: ServiceWorkerRegistration) => registration.update().catch(() => undefined);
  load().then(
    ({ registerSW }) =>
      registerSW({
        immediate: true,
        // Each visit (a page load, or the app shown again after it was hidden) asks the server for a
        // new worker: browsers otherwise check when they see fit, which may be well after the visit.
        onRegisteredSW: (_url, registration) => {
          if (!registration) return;
          void checkForUpdate(registration);
          doc.addEventListener('visibilitychange', () => {
            if (doc.visibilityState === 'visible') void checkForUpdate(registration);
          });
        },
        onRegisterError: (error) => warn('The service worker could not be registered', error),
      }),
    (error: unknown) => warn('The service worker could not be loaded', error),
  );
  return true;
}
