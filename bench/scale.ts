import { existsSync } from 'node:fs';
import autocannon, { type Options } from 'autocannon';
import { startPgBouncer, pgbouncerPath } from '../tests/scale/support/pgbouncer.ts';
import { startStandInProcess } from '../tests/scale/support/standInProcess.ts';
import { signInForIdToken } from './apiLoad.ts';
import { heading, printTable } from './format.ts';
import { createBenchDatabase } from './postgres.ts';
import { asMembers, benchMembers, claimSettings, fillCarts } from './promoClaims.ts';
import { freePort, startServer, type RunningServer } from './server.ts';

/**
 * One instance against three, all behind PgBouncer (transaction pooling, 20 server connections)
 * on one PostgreSQL database, with the shared payments stand-in: the member's offer list and
 * checkout opens at 50 connections in all, spread evenly over the instances as a balancer would.
 */
// Split evenly over three instances, each with at least as many members as connections (no member opens twice at once).
const connections = 48;
const warmupSeconds = 2;
const durationSeconds = 10;

interface Spread {
  label: string;
  rps: number;
  p99: number;
  requests: number;
  statusCodes: Record<string, number>;
}

/** Runs one load per instance at once (connections split evenly) and adds them up. */
async function spreadLoad(
  label: string,
  servers: RunningServer[],
  options: (server: RunningServer, index: number) => Omit<Options, 'url' | 'connections'> & { path: string },
): Promise<Spread> {
  const each = Math.max(1, Math.round(connections / servers.length));
  const run = (duration: number) =>
    Promise.all(servers.map((server, index) => {
      const { path, ...rest } = options(server, index);
      return autocannon({ ...rest, url: `${server.origin}${path}`, connections: each, duration });
    }));
  await run(warmupSeconds);
  const results = await run(durationSeconds);
  const statusCodes: Record<string, number> = {};
  for (const r of results) for (const [code, s] of Object.entries(r.statusCodeStats)) statusCodes[code] = (statusCodes[code] ?? 0) + s.count;
  for (const r of results) if (r.errors + r.timeouts > 0) statusCodes.errors = (statusCodes.errors ?? 0) + r.errors + r.timeouts;
  return {
    label,
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    requests: results.reduce((sum, r) => sum + r.requests.total, 0),
    statusCodes,
  };
}

async function measure(servers: RunningServer[], memberToken: string, checkoutTokens: string[]) {
  const offerList = await spreadLoad('offer list', servers, (s) => ({
    path: '/v1/get_list/offer?offset=0',
    headers: { authorization: `Bearer ${memberToken}`, 'x-app-url': s.origin },
  }));
  // Each instance gets its own members, so no member opens on two instances at once.
  const checkouts = await spreadLoad('open checkout', servers, (s, index) => ({
    path: '/v1/payment/checkout',
    method: 'POST',
    ...asMembers(s.origin, checkoutTokens.filter((_, k) => k % servers.length === index), { testMode: true }),
  }));
  return [offerList, checkouts];
}

/** The scale section; answers false when a run had failures, and skips (saying why) without PostgreSQL or PgBouncer. */
export async function benchScale(postgresUrl: string | undefined): Promise<boolean> {
  heading(`Scale-out: one instance vs three behind PgBouncer (transaction pooling, pool 20), ${connections} connections in all, ${durationSeconds} s measured`);
  if (!postgresUrl) {
    console.log('(skipped: pass --postgres postgres://… or BENCH_DATABASE_URL)');
    return true;
  }
  if (!existsSync(pgbouncerPath)) {
    console.log(`(skipped: no PgBouncer at ${pgbouncerPath}; apt-get install pgbouncer, or set PGBOUNCER_PATH)`);
    return true;
  }
  const database = await createBenchDatabase(postgresUrl);
  const name = new URL(database.url).pathname.slice(1);
  const bouncer = await startPgBouncer(postgresUrl, { poolSize: 20 });
  const servers: RunningServer[] = [];
  let standIn: Awaited<ReturnType<typeof startStandInProcess>> | undefined;
  try {
    // Migrated and seeded once, directly, as a deployment's migration step does.
    const first = await startServer(database.url);
    await first.stop();
    const ports = [await freePort(), await freePort(), await freePort()];
    // The balancer's address, played by the stand-in posting to the instances in turn (the next when one is not up).
    standIn = await startStandInProcess(ports.map((port) => `http://localhost:${port}/v1/payment/webhook`));
    const instance = (port: number) =>
      startServer(bouncer.urlOf(name), { port, env: { ...standIn!.env, MIGRATE_ON_START: 'false', SEED_DEMO: 'false' } });
    servers.push(await instance(ports[0]!));
    const origin = servers[0]!.origin;
    const memberToken = await signInForIdToken(origin, 'member@aurora.test', 'Password1', 'aurora-tenant');
    const checkoutTokens = await benchMembers(origin);
    await fillCarts(origin, checkoutTokens);
    const one = await measure(servers, memberToken, checkoutTokens);
    servers.push(await instance(ports[1]!), await instance(ports[2]!));
    const three = await measure(servers, memberToken, checkoutTokens);
    console.log(`${claimSettings.members} members open checkouts in turn (each open ends the member's previous one); the offer list is one member's first page.`);
    printTable(
      ['endpoint', ' 1 instance req/s', ' p99 ms', ' 3 instances req/s', ' p99 ms', ' ratio', ' status codes (3)'],
      one.map((a, i) => {
        const b = three[i]!;
        return [a.label, a.rps.toFixed(0), String(a.p99), b.rps.toFixed(0), String(b.p99), `${(b.rps / a.rps).toFixed(2)}x`, JSON.stringify(b.statusCodes)];
      }),
    );
    const failed = [...one, ...three].filter((r) => Object.keys(r.statusCodes).some((code) => code !== '200'));
    if (failed.length > 0) console.log(`!!! Some requests failed or were refused (${failed.map((r) => r.label).join(', ')}); the rates include them.`);
    return failed.length === 0;
  } finally {
    for (const server of servers) await server.stop();
    await standIn?.stop();
    await bouncer.stop();
    await database.drop();
  }
}
