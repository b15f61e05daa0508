import { createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { pendingMigrations } from '../../server/db/migrate.ts';
import { registerErrorHandler } from '../../server/plugins/errorHandler.ts';
import { healthRoutes } from '../../server/routes/health.ts';
import type { App } from '../../server/routes/types.ts';
import { newRequestId } from '../../src/api/client.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand } from './support/factories.ts';

/*
 * Liveness, readiness and request ids, as a load balancer and an operator reading logs meet them:
 * /v1/ready says 503 while the database is unreachable or a migration is pending, and every answer
 * carries the request's id, which is in the server's JSON log line as reqId.
 */

const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: logStream } });
  await makeBrand(t.db, 'aurora', ['localhost', 'aurora.localhost']);
});
afterAll(() => t.close());

describe('liveness and readiness', () => {
  it('answers live and ready on a migrated database', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/v1/ready' });
    expect({ status: ready.statusCode, body: ready.json() }).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('is not ready while a migration this build has is not applied, and ready again once it is', async () => {
    const [newest] = (
      (await t.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations) RETURNING hash, created_at`)) as unknown as {
        rows: { hash: string; created_at: string }[];
      }
    ).rows;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/v1/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 503, code: 'ready/migrations_pending' });
      expect(ready.json().message).toContain('1 database migration');
      // Liveness is not readiness: the process still answers.
      expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${newest!.hash}, ${newest!.created_at})`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/ready' })).statusCode).toBe(200);
  });

  describe('with a PostgreSQL that cannot be reached', () => {
    let blackHole: Server;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      // Takes connections and never answers: a database behind a dead network path.
      blackHole = createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => blackHole.close(resolve));
    });

    const readinessOn = async (databaseUrl: string) => {
      const database = await openDatabase({ databaseUrl, dataDir: 'unused', migrate: false });
      const app = Fastify() as unknown as App;
      registerErrorHandler(app);
      await healthRoutes(app, { readiness: { pendingMigrations: () => pendingMigrations(database.db) } });
      return { app, close: async () => (await app.close(), await database.close()) };
    };

    it('is not ready, within seconds, when the database does not answer; live all the same', async () => {
      const { port } = blackHole.address() as AddressInfo;
      const probe = await readinessOn(`postgres://postgres@127.0.0.1:${port}/klubb`);
      try {
        const started = Date.now();
        const ready = await probe.app.inject({ method: 'GET', url: '/v1/ready' });
        expect({ status: ready.statusCode, code: ready.json().code }).toEqual({ status: 503, code: 'ready/database_unreachable' });
        expect(Date.now() - started).toBeLessThan(10_000);
        expect((await probe.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
      } finally {
        for (const socket of sockets) socket.destroy();
        await probe.close();
      }
    });

    it('is not ready when the database refuses connections', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise((resolve) => closed.close(resolve));
      const probe = await readinessOn(`postgres://postgres@127.0.0.1:${port}/klubb`);
      try {
        const ready = await probe.app.inject({ method: 'GET', url: '/v1/ready' });
        expect({ status: ready.statusCode, code: ready.json().code }).toEqual({ status: 503, code: 'ready/database_unreachable' });
      } finally {
        await probe.close();
      }
    });
  });
});

describe('request ids', () => {
  const linesOf = (reqId: string) => logLines.filter((line) => line.reqId === reqId);

  it("takes the caller's well-formed X-Request-Id, echoes it and logs the request under it", async () => {
    const id = 'c0ffee00-1234-4abc-8def-0123456789ab';
    const response = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-request-id': id } });
    expect(response.headers['x-request-id']).toBe(id);
    const lines = linesOf(id);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it("takes the ids the app's API client makes", async () => {
    const id = newRequestId();
    const response = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-request-id': id } });
    expect(response.headers['x-request-id']).toBe(id);
  });

  it('makes its own id when the caller sends none, and for every answer, errors included', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/v1/health' });
    const missing = await t.app.inject({ method: 'GET', url: '/v1/no/such/route' });
    const ids = [plain.headers['x-request-id'], missing.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(missing.statusCode).toBe(404);
    expect(linesOf(String(ids[1])).length).toBeGreaterThan(0);
  });

  it('refuses an id that is too long, too short or could forge a log line, and logs none of it', async () => {
    const hostile = ['x'.repeat(129), 'short', 'id with spaces', 'abc\u2028defghij', '"},{"level":60,"msg":"forged', '../../../etc/passwd'];
    for (const sent of hostile) {
      const response = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-request-id': sent } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.stringify(logLines)).not.toContain(sent.slice(0, 40));
    }
  });

  it("lets a brand's app on another origin send it and read it back (CORS)", async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/health',
      headers: { origin: 'http://aurora.localhost:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-request-id' },
    });
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('x-request-id');
    const answer = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { origin: 'http://aurora.localhost:5173', 'x-request-id': 'app-0000000001' } });
    expect(answer.headers['access-control-expose-headers']).toBe('X-Request-Id');
    expect(answer.headers['x-request-id']).toBe('app-0000000001');
  });
});
