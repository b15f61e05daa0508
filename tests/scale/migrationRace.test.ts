import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcesses } from '../server/support/serverProcesses.ts';
import { startPgBouncer, type PgBouncer } from './support/pgbouncer.ts';

/*
 * Three instances started together on an empty database through PgBouncer (transaction
 * pooling), each migrating on start: all come up, and the migrations are applied once each.
 * A session-level advisory lock cannot serialise this (lock, migrate and unlock land on
 * different server connections); see docs/architecture.md.
 */

const serverUrl = process.env.TEST_DATABASE_URL!;
const journal = JSON.parse(readFileSync(new URL('../../server/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] };

async function onServer<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('three instances starting together on an empty database', () => {
  const name = `klubb_race_${randomBytes(6).toString('hex')}`;
  let bouncer: PgBouncer | undefined;
  let processes: Awaited<ReturnType<typeof startServerProcesses>> | undefined;

  afterAll(async () => {
    await processes?.stop();
    await bouncer?.stop();
    await onServer('postgres', (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('all come up, and every migration is applied once', async () => {
    await onServer('postgres', (client) => client.query(`CREATE DATABASE ${name}`));
    bouncer = await startPgBouncer(serverUrl, { poolSize: 20 });
    processes = await startServerProcesses({ databaseUrl: bouncer.urlOf(name) }, 3, { MIGRATE_ON_START: 'true' });
    for (const port of processes.ports) expect((await fetch(`http://127.0.0.1:${port}/v1/health`)).status).toBe(200);
    const applied = await onServer(name, async (client) => {
      const table = await client.query<{ schema: string }>(
        "SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = '__drizzle_migrations'",
      );
      expect(table.rows).toHaveLength(1);
      return (await client.query<{ hash: string }>(`SELECT hash FROM "${table.rows[0]!.schema}".__drizzle_migrations`)).rows.map((r) => r.hash);
    });
    expect(applied).toHaveLength(journal.entries.length);
    expect(new Set(applied).size).toBe(applied.length);
    // No lock was left behind on a pooled server connection.
    const held = await onServer(name, (client) => client.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"));
    expect(held.rows).toEqual([]);
  }, 150_000);
});
