import { VitePWA } from 'vite-plugin-pwa';

/**
 * Navigations the app itself answers (every app route), not the server's own pages and calls.
 * Workbox copies this function's source into the worker: it must use nothing from outside.
 */
export function isAppNavigation({ request, url }: { request: Request; url: URL }): boolean {
  return (
    request.mode === 'navigate' &&
    !/^\/(v1|dev|admin|assets|media|identity|booking|identitytoolkit\.googleapis\.com|securetoken\.googleapis\.com)(\/|$)/.test(url.pathname)
  );
}

/** The brand's logo and offer images under /media, kept for the last feed seen offline. */
export function isMedia({ url, sameOrigin }: { url: URL; sameOrigin: boolean }): boolean {
  return sameOrigin && url.pathname.startsWith('/media/');
}

/**
 * The service worker (Workbox through vite-plugin-pwa; see docs/architecture.md, "Offline and
 * updates"). It precaches the build (the shell and its hashed assets), answers navigations from
 * the network first so the server's per-host HTML is never stale, falls back to the precached
 * shell offline, and never caches /v1: the only offline data is what the app's persisted store keeps.
 * The web app manifest is the server's, per host (`manifest: false`).
 */
export function serviceWorker() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'autoUpdate',
    // Registered from the wiring (src/wiring/serviceWorker.ts), only in production builds.
    injectRegister: false,
    manifest: false,
    devOptions: { enabled: false },
    workbox: {
      globPatterns: ['**/*.{js,css,html,woff2,svg,png,ico,webp}'],
      // The precached shell is the offline fallback only: online, navigations go to the server.
      navigateFallback: null,
      directoryIndex: null,
      cleanupOutdatedCaches: true,
      sourcemap: false,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          urlPattern: isAppNavigation,
          handler: 'NetworkFirst',
          options: {
            cacheName: 'pages',
            expiration: { maxEntries: 20 },
            cacheableResponse: { statuses: [200] },
            precacheFallback: { fallbackURL: 'index.html' },
          },
        },
        {
          urlPattern: isMedia,
          handler: 'StaleWhileRevalidate',
          options: {
            cacheName: 'media',
            expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}
