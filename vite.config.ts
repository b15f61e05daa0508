import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react-swc';
import { lingui } from '@lingui/vite-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/precompress.ts';
import { serviceWorker } from './scripts/serviceWorker.ts';
import { startPreload } from './scripts/startPreload.ts';
import { startChunkNames, startChunks } from './scripts/startChunks.ts';

const apiPort = process.env.API_PORT ?? '8081';
/** In `npm run dev` the API runs beside Vite; these paths go to it. */
const apiPaths = ['/v1', '/identitytoolkit.googleapis.com', '/securetoken.googleapis.com', '/media', '/identity', '/dev', '/booking', '/manifest.webmanifest'];

/** The app's version (spec 9: 5.23.3), shown on the About page. */
const appVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;

const sourceFile = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const startChunk = startChunks({
  entry: sourceFile('./src/main.tsx'),
  start: sourceFile('./src/start.tsx'),
  firstScreens: [sourceFile('./src/routes/ContentRoutes.tsx'), sourceFile('./src/routes/AuthRoutes.tsx')],
  libraries: sourceFile('./src/startLibraries.ts'),
});

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  plugins: [
    // Lingui's macros compile in SWC (@lingui/swc-plugin must be built for the installed @swc/core).
    react({ plugins: [['@lingui/swc-plugin', {}]] }),
    lingui(),
    vanillaExtractPlugin(),
    precompress(),
    serviceWorker(),
    startPreload(startChunkNames),
  ],
  resolve: {
    // @xstate/react imports the shims for React < 18; React 19 has useSyncExternalStore itself.
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim$/, replacement: 'react' },
    ],
  },
  // Source maps are written for debugging but never served (see server/app.ts).
  // The bundler's per-plugin timing report is for profiling, not for every `npm start`.
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 600,
    // Every browser the app serves knows modulepreload; older ones fetch a chunk when it is imported.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      checks: { bundlerTimings: false },
      // The start's two chunks (scripts/startChunks.ts). A group takes only the modules it names, not
      // their imports too: the entry's own modules must stay out of them.
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: startChunk }] } },
    },
  },
  server: {
    proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: `http://127.0.0.1:${apiPort}`, xfwd: true }])),
  },
  test: {
    // One test file per core: Vitest's default for a run leaves one of them to itself (n - 1 files at a time).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          // Each file in a fresh VM context of a reused process: its modules are its own as with a new
          // process per file, but jsdom and Node's start are paid once per worker (half the run's CPU).
          pool: 'vmForks',
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
          // Files share a worker's loaded modules (each still builds its own app on its own database):
          // loading the server's modules once per worker instead of once per file saves a third of the run.
          isolate: false,
          // One migrated database for the run; each file's database is a copy of it.
          globalSetup: ['tests/server/support/databaseSnapshot.globalSetup.ts'],
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
