import { defineConfig, devices } from '@playwright/test';
import { e2eClientDir } from './e2e/deployedBuild.ts';

const port = Number(process.env.E2E_PORT ?? 8091);
const clientDir = e2eClientDir(port);

/** Debian's Chromium (Playwright cannot download its own here), without background traffic. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-US',
    launchOptions: chromium,
    // CI keeps no test artefacts (only the printed log), and recording a trace costs every test time.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // No service worker outside the offline spec: installing it precaches the whole build in every
    // fresh context, and it would stand between page.route and the app's requests.
    serviceWorkers: 'block',
  },
  projects: [
    // A phone's viewport, touch and user agent, drawn at 1 device pixel per CSS pixel: Chromium paints
    // in software here, and at the Pixel's 2.6 it paints seven times the pixels for the same layout.
    { name: 'mobile', use: { ...devices['Pixel 7'], deviceScaleFactor: 1, launchOptions: chromium } },
  ],
  webServer: {
    // A fresh embedded database each run; the demo seed fills it. The server serves a copy of the
    // build, which the offline spec redeploys (e2e/deployedBuild.ts).
    command: `rm -rf .data/e2e-${port} ${clientDir} && mkdir -p .data && cp -r dist ${clientDir} && tsx server/index.ts`,
    env: { PORT: String(port), CLIENT_DIR: clientDir, DATA_DIR: `.data/e2e-${port}`, ...e2eServerEnv },
    url: `http://localhost:${port}/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
