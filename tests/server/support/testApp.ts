import { buildApp, type AppOptions } from '../../../server/app.ts';
import type { LoginLimits } from '../../../server/identity/embedded/loginLimiter.ts';
import { createEmbeddedIdentity } from '../../../server/identity/embedded/index.ts';
import type { OpenDatabase } from '../../../server/db/database.ts';
import { openTestDatabase } from './testDatabase.ts';
import type { IdentityUnderTest } from './identityUnderTest.ts';
import { testPassword } from './factories.ts';

export const testProjectId = 'klubb-test';

/** Limits no test of something else reaches; the limit tests pass their own. */
export const roomyCommerceLimits = { checkoutsPerMember: 10_000, checkoutsPerAddress: 100_000, waitingListJoinsPerAddress: 100_000 };

/**
 * The whole server on a fresh database, with the embedded identity provider (or the one `identity`
 * names); or, given `database`, another instance on that one (as behind a load balancer), which
 * leaves closing it to its owner.
 */
export async function createTestApp(
  options: { now?: () => number; loginLimits?: Partial<LoginLimits>; database?: OpenDatabase; identity?: IdentityUnderTest } & Pick<
    AppOptions,
    'mail' | 'devTools' | 'logger' | 'accountRateLimits' | 'adminToken' | 'operatorToken' | 'trustProxy' | 'clientDir' | 'payments' | 'checkoutSweepMs' | 'commerceLimits' | 'googleMaps' | 'tableBookingLimits' | 'frameSources' | 'visitorRateLimit' | 'analytics'
  > = {},
) {
  const database: OpenDatabase & { url?: string } = options.database ?? (await openTestDatabase());
  const identity = options.identity
    ? await options.identity.create({ db: database.db, now: options.now })
    : await createEmbeddedIdentity({
        db: database.db,
        projectId: testProjectId,
        now: options.now,
        loginLimits: options.loginLimits,
        mail: options.mail,
      });
  // Mail goes to the outbox table unless a test passes a sender.
  const app = await buildApp({
    db: database.db,
    identity,
    now: options.now,
    mail: options.mail,
    devTools: options.devTools,
    logger: options.logger,
    accountRateLimits: options.accountRateLimits,
    adminToken: options.adminToken,
    operatorToken: options.operatorToken,
    trustProxy: options.trustProxy,
    clientDir: options.clientDir,
    payments: options.payments,
    googleMaps: options.googleMaps,
    checkoutSweepMs: options.checkoutSweepMs ?? 0,
    // Every injected request comes from one address: tests of other things must not meet the per-address limits.
    commerceLimits: { ...roomyCommerceLimits, ...options.commerceLimits },
    tableBookingLimits: options.tableBookingLimits,
    frameSources: options.frameSources,
    visitorRateLimit: options.visitorRateLimit,
    analytics: options.analytics,
  });
  await app.ready();

  /** Signs in through the identity protocol, as the firebase SDK would, and returns the ID token. */
  async function idTokenFor(tenantId: string, email: string, password = testPassword): Promise<string> {
    const body = { email, password, tenantId, returnSecureToken: true };
    if (options.identity) {
      const answer = await options.identity.toolkit(app, 'signInWithPassword', body);
      if (answer.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(answer.body)}`);
      return answer.body.idToken as string;
    }
    const response = await app.inject({ method: 'POST', url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=test', payload: body });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
    return response.json().idToken as string;
  }

  return {
    app,
    db: database.db,
    database,
    identity,
    idTokenFor,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
