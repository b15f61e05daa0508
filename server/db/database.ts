import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { applyMigrations } from './migrate.ts';

export type Schema = typeof schema;
/** One type for both drivers, so repositories do not care which database runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction; repositories take either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: its data directory as a tarball, which `openDatabase({ pgliteDump })` starts from. */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite in `${dataDir}/pglite`
 * (`memory://` keeps it in memory, for tests). Pending migrations are applied before it is
 * returned unless `migrate` is false (a deployment that runs `npm run db:migrate` as its own step).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  migrate?: boolean;
  /** PGlite: start from this dump of a data directory (tests start from a migrated one) instead of an empty one. */
  pgliteDump?: Blob;
}): Promise<OpenDatabase> {
  const opened = options.databaseUrl ? await openPostgres(options.databaseUrl, options.poolSize ?? 10) : await openPglite(options.dataDir, options.pgliteDump);
  if (options.migrate ?? true) {
    try {
      await applyMigrations(opened.db);
    } catch (error) {
      await opened.close().catch(() => undefined);
      throw error;
    }
  }
  return opened;
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<OpenDatabase> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle connection the server drops (restart, failover) must not crash the process; the pool reconnects.
  pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
  const db = drizzle(pool, { schema });
  return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
}

async function openPglite(dataDir: string, dump?: Blob): Promise<OpenDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const memory = dataDir.startsWith('memory://');
  const pgliteDir = memory ? dataDir : join(dataDir, 'pglite');
  if (!memory) mkdirSync(pgliteDir, { recursive: true });
  const client = await PGlite.create(pgliteDir, dump ? { loadDataDir: dump } : {});
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    // 'none': an uncompressed tar loads faster than a gzipped one.
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
