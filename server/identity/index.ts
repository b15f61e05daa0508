import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { IdentityProvider } from './identity.ts';
import type { MailSender } from '../mail/mail.ts';

export type { IdentityProvider, NewAccount, VerifiedToken } from './identity.ts';

/**
 * The configured identity provider: embedded (accounts in our database, Firebase Auth
 * protocol served by the app) or real Firebase through firebase-admin. Each is imported
 * only when chosen. Call `registerRoutes` when present (embedded only).
 */
export async function createIdentity(
  config: Pick<Config, 'identity'>,
  dependencies: { db: Database; now?: () => number; mail?: MailSender },
): Promise<IdentityProvider> {
  if (config.identity.kind === 'firebase') {
    const { createFirebaseIdentity } = await import('./firebase/index.ts');
    return createFirebaseIdentity({
      projectId: config.identity.projectId,
      serviceAccount: config.identity.serviceAccount,
      apiKey: config.identity.apiKey,
      emulatorHost: config.identity.emulatorHost,
    });
  }
  const { createEmbeddedIdentity } = await import('./embedded/index.ts');
  return createEmbeddedIdentity({ ...dependencies, projectId: config.identity.projectId });
}
