import Fastify, { type FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../../server/db/database.ts';
import type { TenantBrand } from '../../server/identity/embedded/context.ts';
import { createEmbeddedIdentity, type EmbeddedIdentity, type EmbeddedIdentityOptions } from '../../server/identity/embedded/index.ts';

export const projectId = 'klubb-test';
export const apiKey = 'test-key';

/** A `brandForTenant` that knows only these tenants, each owned by a brand `<tenant>-brand` served on `appHosts`. */
export const brandsFor =
  (tenantIds: string[], appHosts = ['localhost', '127.0.0.1']) =>
  async (tenantId: string): Promise<TenantBrand | null> =>
    tenantIds.includes(tenantId) ? { id: `${tenantId}-brand`, appHosts } : null;

/** A clock tests can move; starts at the real time so SDK-side expiry checks agree. */
export function createClock(start = Date.now()) {
  const clock = { ms: start, now: () => clock.ms, advance: (ms: number) => void (clock.ms += ms) };
  return clock;
}

export interface IdentityTestApp {
  app: FastifyInstance;
  identity: EmbeddedIdentity;
  db: Database;
  /** POST accounts:<method> with a JSON body; answers status and parsed body. */
  call(method: string, body: unknown, from?: { headers?: Record<string, string>; remoteAddress?: string }): Promise<{ status: number; body: any }>;
  /** POST securetoken v1/token, form-encoded. */
  refresh(refreshToken: string): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function startIdentityApp(
  options: Partial<Omit<EmbeddedIdentityOptions, 'db' | 'projectId'>> = {},
): Promise<IdentityTestApp> {
  const database = await openDatabase({ dataDir: 'memory://' });
  const identity = await createEmbeddedIdentity({ ...options, db: database.db, projectId });
  const app = Fastify();
  await identity.registerRoutes(app);
  await app.ready();
  return {
    app,
    identity,
    db: database.db,
    async call(method, body, from = {}) {
      const response = await app.inject({
        method: 'POST',
        url: `/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${apiKey}`,
        remoteAddress: from.remoteAddress,
        headers: { 'content-type': 'application/json', ...from.headers },
        payload: JSON.stringify(body),
      });
      return { status: response.statusCode, body: response.json() };
    },
    async refresh(refreshToken) {
      const response = await app.inject({
        method: 'POST',
        url: `/securetoken.googleapis.com/v1/token?key=${apiKey}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
      });
      return { status: response.statusCode, body: response.json() };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The Identity Toolkit error body for `message`. */
export const toolkitErrorBody = (message: string) => ({
  error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'invalid' }] },
});

export const decodePayload = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));

/**
 * An account made as the API makes them (accounts:signUp is admin-only), then signed in through
 * the protocol: the answer of that sign-in (idToken, refreshToken, localId, email).
 */
export async function createAndSignIn(t: IdentityTestApp, tenantId: string, email: string, password: string) {
  await t.identity.createAccount({ tenantId, email, password });
  return t.call('signInWithPassword', { email, password, tenantId, returnSecureToken: true }, { remoteAddress: '10.254.0.1' });
}
