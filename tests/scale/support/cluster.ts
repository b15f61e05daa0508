import { openTestDatabase } from '../../server/support/testDatabase.ts';
import { freePort } from '../../server/support/paymentsApp.ts';
import { startServerProcesses } from '../../server/support/serverProcesses.ts';
import { startSmtpRelay } from '../../server/support/smtpRelay.ts';
import { createTestApp, type TestApp } from '../../server/support/testApp.ts';
import { startPgBouncer } from './pgbouncer.ts';
import { startStandInProcess } from './standInProcess.ts';

/** How long a dead instance's claims (swept work, mail batches) last in these tests. */
export const testJobLeaseMs = 3_000;

/**
 * A deployment in small: `count` server processes on one PostgreSQL database through PgBouncer
 * (transaction pooling, 20 server connections), one shared payments stand-in posting its events
 * to the instances in turn (the load balancer), one SMTP relay that records every mail. The
 * database is migrated first, as a deployment's migration step does; the instances do not
 * migrate. `t` is an in-process app on the same database, for factories and reading rows.
 * `env` adds to (or overrides) the instances' environment.
 */
export async function startCluster(count = 3, env: Record<string, string> = {}) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('the scale suite needs TEST_DATABASE_URL (a PostgreSQL server)');
  // What started so far, stopped in reverse when a later step fails (a server that does not come up).
  const started: (() => Promise<unknown> | void)[] = [];
  const stopStarted = async () => {
    for (const stop of started.splice(0).reverse()) await stop();
  };
  try {
    const database = await openTestDatabase();
    started.push(() => database.close());
    const bouncer = await startPgBouncer(serverUrl, { poolSize: 20 });
    started.push(() => bouncer.stop());
    const relay = await startSmtpRelay();
    started.push(() => void relay.server.close());
    const ports: number[] = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    const standIn = await startStandInProcess(ports.map((port) => `http://127.0.0.1:${port}/v1/payment/webhook`));
    started.push(() => standIn.stop());
    const t: TestApp = await createTestApp({ database });
    started.push(() => t.close());
    const databaseName = new URL(database.url!).pathname.slice(1);
    const processes = await startServerProcesses({ databaseUrl: bouncer.urlOf(databaseName) }, ports, {
      ...standIn.env,
      SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
      MIGRATE_ON_START: 'false',
      SWEEP_INTERVAL_MS: '1000',
      JOB_LEASE_MS: String(testJobLeaseMs),
      CHECKOUT_MEMBER_LIMIT: '100000',
      ...env,
    });
    started.push(() => processes.stop());
    return {
      t,
      ports,
      processes,
      standIn,
      relay,
      bouncer,
      /** Recipients of every mail the relay took, one entry per mail. */
      mailedTo: () => relay.received.flatMap((mail) => mail.to.map((line) => /<([^>]+)>/.exec(line)?.[1] ?? line)),
      stop: stopStarted,
    };
  } catch (error) {
    await stopStarted();
    throw error;
  }
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** Waits until `condition` holds (polling), or fails after `timeoutMs` with what it last saw. */
export async function eventually<T>(read: () => Promise<T>, condition: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (condition(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
