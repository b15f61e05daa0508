import { generateKeyPairSync } from 'node:crypto';

/**
 * A service-account key of `projectId` that nothing at Google knows: enough for the Auth Emulator,
 * and for signing custom tokens. The server tests and the emulator's e2e run (playwright.emulator.config.ts) use it.
 */
export const madeUpServiceAccount = (projectId: string) =>
  JSON.stringify({
    type: 'service_account',
    project_id: projectId,
    client_email: `klubb-test@${projectId}.iam.gserviceaccount.com`,
    private_key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
  });
