import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { e2eClientDir } from './e2e/deployedBuild.ts';
import { e2eBasePort, e2ePort, e2eWorkers } from './e2e/e2eServer.ts';

const workers = e2eWorkers(availableParallelism());

/**
 * Debian's Chromium (Playwright cannot download its own here), without background traffic. Its
 * headless shell (package chromium-headless-shell, what Playwright itself runs headless) when
 * installed: the same Blink and V8 without the browser's UI layers, a fifth less CPU per run.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium'),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** The e2e server's settings besides its port and directories (playwright.emulator.config.ts uses them too). */
export const e2eServerEnv = {
  LOG_LEVEL: 'warn',
  // The specs read the outbox and play the bank-eID phone (as loopback clients) whatever the shell sets.
  DEV_TOOLS: 'true',
  // Every browser of the run is 127.0.0.1: the per-address and per-member limits are the server tests' subject.
  ACCOUNT_CREATE_LIMIT: '1000',
  CHECKOUT_MEMBER_LIMIT: '1000',
  CHECKOUT_ADDRESS_LIMIT: '10000',
  WAITING_LIST_JOIN_LIMIT: '10000',
  VISITOR_RATE_LIMIT: '100000',
  // Google's maps script is served by a stand-in in the restaurant spec (e2e/fakeGoogleMaps.ts).
  GOOGLE_MAPS_API_KEY: 'e2e-maps-key',
};

/**
 * A server of its own for worker `index` (e2e/e2eServer.ts): a fresh embedded database the demo
 * seed fills, serving a copy of the build, which the offline spec redeploys (e2e/deployedBuild.ts).
 */
function workerServer(index: number) {
  const port = e2eBasePort + index;
  const clientDir = e2eClientDir(port);
  // E2E_BUILD_DIR: a build of one's own (`vite build --outDir X`) while another run rebuilds dist.
  const buildDir = process.env.E2E_BUILD_DIR ?? 'dist';
  return {
    command: `rm -rf .data/e2e-${port} ${clientDir} && mkdir -p .data && cp -r ${buildDir} ${clientDir} && tsx server/index.ts`,
    env: { PORT: String(port), CLIENT_DIR: clientDir, DATA_DIR: `.data/e2e-${port}`, ...e2eServerEnv },
    url: `http://localhost:${port}/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
  };
}

export default defineConfig({
  testDir: 'e2e',
  // Spec files spread over the workers; a file's tests run in order, in one worker.
  fullyParallel: false,
  workers,
  // A test that fails once fails the run: a retry would hide a flaky one.
  retries: 0,
  // The run's shared record of the screens axe has checked (e2e/fixtures.ts).
  globalSetup: './e2e/globalSetup.ts',
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    // Read in each worker: its own server.
    baseURL: `http://localhost:${e2ePort}`,
    locale: 'en-US',
    launchOptions: chromium,
    // Recording a trace costs a fifth of the run (its snapshots and screencast), so none is recorded
    // unless asked for: `npx playwright test --trace retain-on-failure` keeps one of each failed test.
    trace: 'off',
    // No service worker outside the offline spec: installing it precaches the whole build in every
    // fresh context, and it would stand between page.route and the app's requests.
    serviceWorkers: 'block',
    // A member who asked for less motion: pages and dialogs appear without sliding and skeletons
    // do not pulse, which saves a tenth of the run's CPU (software-painted frames). The specs of
    // the stacked navigation and the layout (navigation.spec.ts, layout.spec.ts) keep the motion.
    reducedMotion: 'reduce',
  },
  projects: [
    // A phone's viewport, touch and user agent, drawn at 1 device pixel per CSS pixel: Chromium paints
    // in software here, and at the Pixel's 2.6 it paints seven times the pixels for the same layout.
    { name: 'mobile', use: { ...devices['Pixel 7'], deviceScaleFactor: 1, launchOptions: chromium } },
  ],
  webServer: Array.from({ length: workers }, (_, index) => workerServer(index)),
});
