import type { RegisterSWOptions } from 'virtual:pwa-register';

type RegisterSW = (options: RegisterSWOptions) => unknown;

export interface ServiceWorkerDeps {
  /** A production build: `npm run dev` and the tests never get a worker (it would serve stale code). */
  production?: boolean;
  navigator?: Navigator;
  /** vite-plugin-pwa's registration (workbox-window), loaded after the first screen. */
  load?: () => Promise<{ registerSW: RegisterSW }>;
  warn?: (message: string, error: unknown) => void;
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
}: ServiceWorkerDeps = {}): boolean {
  if (!production || !nav || !('serviceWorker' in nav)) return false;
  load().then(
    ({ registerSW }) => registerSW({ immediate: true, onRegisterError: (error) => warn('The service worker could not be registered', error) }),
    (error: unknown) => warn('The service worker could not be loaded', error),
  );
  return true;
}
