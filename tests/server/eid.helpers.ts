import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { users } from '../../server/db/schema/index.ts';
import { createSimulatedEid } from '../../server/eid/simulator.ts';
import { createEmbeddedIdentity } from '../../server/identity/embedded/index.ts';
import { makeBrand, makeMember } from './support/factories.ts';
import { openTestDatabase } from './support/testDatabase.ts';
import { createClock } from './identity.helpers.ts';

export const auroraUrl = 'http://aurora.localhost:8080';
export const borealisUrl = 'http://borealis.localhost:8080';
/** Valid personal numbers (date and check digit). */
export const majaSsn = '199001012385';
export const strangerSsn = '198507142381';

/**
 * The server with the simulated bank eID on a fresh database and a clock the test moves: two
 * brands, and Aurora's member Maja with a personal number. Everything it logs is kept.
 */
export async function startEidApp(options: Partial<AppOptions> = {}) {
  const clock = createClock();
  const database = await openTestDatabase();
  const db = database.db;
  const identity = await createEmbeddedIdentity({ db, projectId: 'klubb-test', now: clock.now });
  const eid = createSimulatedEid({ db, now: clock.now });
  let logged = '';
  const stream = new Writable({ write: (chunk, _encoding, done) => ((logged += String(chunk)), done()) });
  const app = await buildApp({ db, identity, eid, now: clock.now, logger: { level: 'trace', stream }, ...options });
  await app.ready();
  const aurora = await makeBrand(db, 'aurora', ['aurora.localhost']);
  const borealis = await makeBrand(db, 'borealis', ['borealis.localhost']);
  const majaUid = await makeMember(db, identity, aurora, { email: 'maja@aurora.test', firstName: 'Maja', lastName: 'Lind' });
  await db.update(users).set({ ssn: majaSsn }).where(eq(users.id, majaUid));

  /** POSTs JSON to an /v1/eid call as the app on `appUrl`. */
  async function call(path: string, body?: unknown, appUrl = auroraUrl) {
    const response = await app.inject({
      method: 'POST',
      url: `/v1/eid/${path}`,
      headers: { 'x-app-url': appUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.body ? response.json() : null, raw: response.body };
  }

  /** Starts an order on `appUrl` and answers its orderRef and autostart token. */
  async function start(appUrl = auroraUrl): Promise<{ orderRef: string; autoStartToken: string }> {
    const started = await call('auth', undefined, appUrl);
    if (started.status !== 200) throw new Error(`auth failed: ${started.raw}`);
    return started.body;
  }

  return {
    app,
    db,
    eid,
    identity,
    clock,
    aurora,
    borealis,
    majaUid,
    call,
    start,
    logs: () => logged,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type EidTestApp = Awaited<ReturnType<typeof startEidApp>>;
