import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../server/db/database.ts';
import { analyticsEvents } from '../../server/db/schema/index.ts';
import { openTestDatabase } from './support/testDatabase.ts';
import { startServerProcesses } from './support/serverProcesses.ts';
import { makeBrand } from './support/factories.ts';
import { encode, event } from './analytics.helpers.ts';

/*
 * SIGTERM as an orchestrator sends it on a deploy: the instance stops taking connections, the
 * request it is in the middle of completes (and what it stores is stored), and the process exits 0;
 * one that would never finish does not hold the process past SHUTDOWN_TIMEOUT_MS.
 */

const postgres = Boolean(process.env.TEST_DATABASE_URL);
let dir: string;
let pgDatabase: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
const where = () => (postgres ? { databaseUrl: pgDatabase!.url! } : { dataDir: join(dir, 'data') });
const withData = async <T>(work: (database: OpenDatabase) => Promise<T>) => {
  const database = postgres ? pgDatabase! : await openDatabase({ dataDir: join(dir, 'data') });
  try {
    return await work(database);
  } finally {
    if (!postgres) await database.close();
  }
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'klubb-shutdown-'));
  if (postgres) pgDatabase = await openTestDatabase();
  await withData((database) => makeBrand(database.db, 'aurora', ['aurora.localhost', 'localhost']));
}, 120_000);
afterAll(async () => {
  await pgDatabase?.close();
  rmSync(dir, { recursive: true, force: true });
});

const until = async (condition: () => boolean, what: string, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const untilAsync = async (condition: () => Promise<boolean>, what: string, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** A beacon POST whose body arrives in two parts: the server has the request in flight until the second. */
function slowBeacon(port: number, requestId: string) {
  const body = encode(event('page_view'));
  const socket: Socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += String(chunk)));
  const ended = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  socket.write(
    `POST /v1/a HTTP/1.1\r\nHost: aurora.localhost:${port}\r\nOrigin: http://aurora.localhost:8080\r\nContent-Type: text/plain;charset=UTF-8\r\n` +
      `X-Request-Id: ${requestId}\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
  );
  return { finish: () => socket.write(body.slice(10)), ended };
}

const refusesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

describe('SIGTERM', () => {
  it('refuses new connections, completes the request in flight, then exits 0', async () => {
    const server = await startServerProcesses(where(), 1, { LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '60000' });
    const [port] = server.ports as [number];
    const log = () => server.logs.join('');
    const inFlight = slowBeacon(port, 'slow-beacon-0001');
    await until(() => log().includes('slow-beacon-0001'), 'the server to receive the slow request');

    const stopped = server.stop();
    await until(() => log().includes('shutting down'), 'the server to start shutting down');
    // The listener closes once Fastify's pre-close hooks have run, a moment after the log line: wait for it, with the request still in flight.
    await untilAsync(() => refusesConnections(port), 'the server to refuse new connections');
    expect(server.exits()).toEqual([null]);

    inFlight.finish();
    const answer = await inFlight.ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('x-request-id: slow-beacon-0001');
    await stopped;
    expect(server.exits()).toEqual([0]);
    // What the request stored is there: it was finished, not cut off.
    const stored = await withData((database) => database.db.select().from(analyticsEvents));
    expect(stored.map((row) => row.eventName)).toEqual(['page_view']);
  }, 120_000);

  it('does not wait past SHUTDOWN_TIMEOUT_MS for a request that never completes: it exits 1', async () => {
    const server = await startServerProcesses(where(), 1, { LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '1000' });
    const [port] = server.ports as [number];
    const log = () => server.logs.join('');
    const stuck = slowBeacon(port, 'stuck-beacon-0001');
    await until(() => log().includes('stuck-beacon-0001'), 'the server to receive the stuck request');
    await server.stop();
    expect(server.exits()).toEqual([1]);
    expect(log()).toContain('shutdown took longer than SHUTDOWN_TIMEOUT_MS');
    await stuck.ended;
  }, 120_000);
});
