import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react-swc';
import { lingui } from '@lingui/vite-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/precompress.ts';
import { serviceWorker } from './scripts/serviceWorker.ts';

const apiPort = process.env.API_PORT ?? '8081';
/** In `npm run dev` the API runs beside Vite; these paths go to it. */
const apiPaths = ['/v1', '/identitytoolkit.googleapis.com', '/securetoken.googleapis.com', '/media', '/identity', '/dev', '/booking', '/manifest.webmanifest'];

/** The app's version (spec 9: 5.23.3), shown on the About page. */
const appVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** The app's start, imported by the entry once the HTML shell has painted (src/main.tsx). */
const appStart = fileURLToPath(new URL('./src/start.tsx', import.meta.url));
const staticImports = new WeakMap<object, Set<string>>();

/** A module and everything it imports statically, directly or not (per chunking pass). */
function staticImportsOf(root: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }): Set<string> {
  let found = staticImports.get(ctx);
  if (found) return found;
  found = new Set();
  const queue = [root];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  staticImports.set(ctx, found);
  return found;
}

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  plugins: [
    // Lingui's macros compile in SWC (@lingui/swc-plugin must be built for the installed @swc/core).
    react({ plugins: [['@lingui/swc-plugin', {}]] }),
    lingui(),
    vanillaExtractPlugin(),
    precompress(),
    serviceWorker(),
  ],
  // Source maps are written for debugging but never served (see server/app.ts).
  // The bundler's per-plugin timing report is for profiling, not for every `npm start`.
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      checks: { bundlerTimings: false },
      // Everything the app's start imports statically loads with it anyway: one chunk for all of it,
      // not a dozen small shared ones (each costs its own imports, exports and gzip overhead).
      output: { codeSplitting: { groups: [{ name: (id, ctx) => (staticImportsOf(appStart, ctx).has(id) ? 'start' : null) }] } },
    },
  },
  server: {
    proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: `http://127.0.0.1:${apiPort}`, xfwd: true }])),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}', 'tests/domain/**/*.test.ts'],
          setupFiles: ['tests/client/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'scripts',
          environment: 'node',
          include: ['tests/scripts/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
