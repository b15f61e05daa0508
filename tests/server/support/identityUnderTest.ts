import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../server/db/database.ts';
import { createEmbeddedIdentity } from '../../../server/identity/embedded/index.ts';
import { createFirebaseIdentity } from '../../../server/identity/firebase/index.ts';
import type { IdentityProvider } from '../../../server/identity/identity.ts';
import { madeUpServiceAccount } from './madeUpServiceAccount.ts';

/**
 * The identity provider a test runs against: the embedded one (always), or the firebase provider
 * against Google's Firebase Auth Emulator when `TEST_IDENTITY=firebase-emulator` and
 * `FIREBASE_AUTH_EMULATOR_HOST` are set (`.ci/run` starts the emulator for that run).
 * Sign-in goes where the app's firebase SDK would send it: the app's own identity routes, or the emulator.
 */
export interface IdentityUnderTest {
  kind: 'embedded' | 'firebase-emulator';
  projectId: string;
  /**
   * Whether a revocation also stops tokens issued earlier in the same second: the embedded
   * provider counts generations; Firebase compares whole seconds (docs/identity.md).
   */
  exactRevocation: boolean;
  create(options: { db: Database; now?: () => number }): Promise<IdentityProvider>;
  /** POSTs accounts:<method> of the identity toolkit (signInWithPassword, signInWithCustomToken, ...). */
  toolkit(app: FastifyInstance, method: string, body: Record<string, unknown>): Promise<{ status: number; body: any }>;
}

function embeddedIdentity(projectId: string): IdentityUnderTest {
  return {
    kind: 'embedded',
    projectId,
    exactRevocation: true,
    create: ({ db, now }) => createEmbeddedIdentity({ db, projectId, now }),
    async toolkit(app, method, body) {
      const response = await app.inject({
        method: 'POST',
        url: `/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test`,
        payload: body,
      });
      return { status: response.statusCode, body: response.json() };
    },
  };
}

function emulatorIdentity(projectId: string, emulatorHost: string): IdentityUnderTest {
  let serviceAccount: string | undefined;
  return {
    kind: 'firebase-emulator',
    projectId,
    exactRevocation: false,
    create: () => createFirebaseIdentity({ projectId, serviceAccount: (serviceAccount ??= madeUpServiceAccount(projectId)), apiKey: 'emulator-key', emulatorHost }),
    async toolkit(_app, method, body) {
      const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=emulator-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
  };
}

/** The provider this run tests; its project is `demo-…` with the emulator, as the emulator expects of a project without Google. */
export function identityUnderTest(): IdentityUnderTest {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (process.env.TEST_IDENTITY === 'firebase-emulator') {
    if (!emulatorHost) throw new Error('TEST_IDENTITY=firebase-emulator needs FIREBASE_AUTH_EMULATOR_HOST (host:port of a running Auth Emulator)');
    return emulatorIdentity('demo-klubb', emulatorHost);
  }
  return embeddedIdentity('klubb-test');
}
