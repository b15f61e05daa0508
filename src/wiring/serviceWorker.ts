export interface ServiceWorkerDeps {
  /** A production build: `npm run dev` and the tests never get a worker (it would serve stale code). */
  production?: boolean;
  navigator?: Navigator;
  warn?: (message: string, error: unknown) => void;
  document?: Document;
  /** Loads the page again, onto the new worker. */
  reload?: () => void;
}

/** The worker vite-plugin-pwa generates (scripts/serviceWorker.ts), at the root so it controls every app page. */
const workerUrl = '/sw.js';

/**
 * Registers the service worker where the browser has them, in production builds only. It updates
 * itself (autoUpdate): a new deploy's worker takes over at once and open pages reload onto it, see
 * docs/architecture.md "Offline and updates". The platform's API does all of it: workbox-window
 * would add 3 kB to the first load for the same. Returns whether it registers.
 */
export function registerServiceWorker({
  production = import.meta.env.PROD,
  navigator: nav = globalThis.navigator,
  warn = (message, error) => console.warn(message, error),
  document: doc = globalThis.document,
  reload = () => globalThis.location.reload(),
}: ServiceWorkerDeps = {}): boolean {
  if (!production || !nav || !('serviceWorker' in nav)) return false;
  const workers = nav.serviceWorker;
  // A worker that activates while an older one controls the page is a new deploy: the page must not
  // go on running the old build beside it. The first install of a first visit only starts caching.
  const controlled = Boolean(workers.controller);
  // Offline the check fails; the next visit asks again.
  const checkForUpdate = (registration: ServiceWorkerRegistration) => registration.update().catch(() => undefined);
  workers.register(workerUrl, { scope: '/' }).then(
    (registration) => {
      let found = 0;
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        // One found after this visit's first worker (the app shown again later) is a new deploy too.
        const replacesAnother = controlled || found++ > 0;
        worker?.addEventListener('statechange', () => {
          if (worker.state === 'activated' && replacesAnother) reload();
        });
      });
      // Each visit (a page load, or the app shown again after it was hidden) asks the server for a
      // new worker: browsers otherwise check when they see fit, which may be well after the visit.
      // A first visit's register() has just fetched it: asking again while that worker installs
      // can install it twice, and the second would reload the page for nothing.
      if (controlled) void checkForUpdate(registration);
      doc.addEventListener('visibilitychange', () => {
        if (doc.visibilityState === 'visible') void checkForUpdate(registration);
      });
    },
    (error: unknown) => warn('The service worker could not be registered', error),
  );
  return true;
}
