import { defineConfig } from '@playwright/test';
import base, { e2eServerEnv } from './playwright.config.ts';
import type { IdentityEmulatorOptions } from './e2e/identityEmulator.spec.ts';
import { madeUpServiceAccount } from './tests/server/support/madeUpServiceAccount.ts';

/**
 * The e2e spec of the firebase provider against Google's Firebase Auth Emulator
 * (e2e/identityEmulator.spec.ts), run by scripts/ci/identityOnEmulator.sh: the emulator at
 * FIREBASE_AUTH_EMULATOR_HOST, and a build in E2E_CLIENT_DIR made with VITE_IDENTITY_ORIGIN
 * pointing at it (the ordinary `dist` talks to the app's own identity routes).
 */
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!emulatorHost) {
  throw new Error('playwright.emulator.config.ts needs FIREBASE_AUTH_EMULATOR_HOST (host:port of a running Auth Emulator): run npm run test:identity-emulator');
}
const port = Number(process.env.E2E_PORT ?? 8092);
const clientDir = process.env.E2E_CLIENT_DIR ?? 'dist-emulator';
const projectId = 'demo-klubb';
const dataDir = `.data/e2e-emulator-${port}`;

// The spec changes a demo member's password: each run starts from the demo seed's accounts, so the
// demo brands' tenants are emptied at the emulator before the server seeds them again.
const demoTenantAccounts = ['aurora-tenant', 'borealis-tenant'].map(
  (tenant) => `'http://${emulatorHost}/emulator/v1/projects/${projectId}/tenants/${tenant}/accounts'`,
);
const emptyDemoTenants = `node -e "Promise.all([${demoTenantAccounts.join(', ')}].map(async (url) => { const answer = await fetch(url, { method: 'DELETE' }); if (!answer.ok) throw new Error(url + ' answered ' + answer.status); })).catch((error) => { console.error(error); process.exit(1); })"`;

export default defineConfig<IdentityEmulatorOptions>({
  ...base,
  testMatch: 'identityEmulator.spec.ts',
  // One spec on one server.
  workers: 1,
  use: { ...base.use, baseURL: `http://localhost:${port}`, identityEmulator: `http://${emulatorHost}` },
  webServer: {
    command: `${emptyDemoTenants} && rm -rf ${dataDir} && mkdir -p .data && tsx server/index.ts`,
    env: {
      PORT: String(port),
      CLIENT_DIR: clientDir,
      DATA_DIR: dataDir,
      ...e2eServerEnv,
      // The firebase provider in emulator mode (docs/identity.md): the emulator checks no credentials.
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      FIREBASE_SERVICE_ACCOUNT: madeUpServiceAccount(projectId),
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_API_KEY: 'emulator-key',
      SEED_DEMO: 'true',
    },
    url: `http://localhost:${port}/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
