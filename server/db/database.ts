import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One type for both drivers, so repositories do not care which database runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction; repositories take either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any fixed number: the advisory lock that serialises migrations across instances. */
const migrationLockId = 4_711_001;

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite in `${dataDir}/pglite`
 * (`memory://` keeps it in memory, for tests). Migrations run before it is returned; on
 * PostgreSQL under an advisory lock, so instances starting together do not race.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool reconnects.
    pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
    const db = drizzle(pool, { schema });
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [migrationLockId]);
      await migrate(db, { migrationsFolder });
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
      lock.release();
    }
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const memory = options.dataDir.startsWith('memory://');
  const pgliteDir = memory ? options.dataDir : join(options.dataDir, 'pglite');
  if (!memory) mkdirSync(pgliteDir, { recursive: true });
  const client = await PGlite.create(pgliteDir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}
