import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../../server/db/database.ts';

/** What the server project's global setup migrated once (tests/server/support/databaseSnapshot.globalSetup.ts). */
export type MigratedSnapshot = { kind: 'pglite'; file: string } | { kind: 'postgres'; template: string };

/**
 * A new, empty database on the PostgreSQL server at `serverUrl` (a copy of `template` when one is
 * named); `drop` removes it.
 */
export async function createEmptyPostgresDatabase(
  serverUrl: string,
  prefix = 'klubb_test',
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // FORCE ends what still holds the database: nothing of ours (the pool has ended), but a
      // pooler's idle server connections (PgBouncer keeps them), which a plain DROP waits on.
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            break;
          } catch (error) {
            if (attempt >= 10) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await dropper.end();
      }
    },
  };
}

/** The migrated snapshot of this run, or undefined where no global setup made one (the scale suite). */
const migratedSnapshot = (): MigratedSnapshot | undefined => inject('migratedSnapshot');

let pgliteDump: Blob | undefined;
/** Read once per test file's process. */
const migratedPgliteDump = (file: string) => (pgliteDump ??= new Blob([readFileSync(file)]));

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped on close). Both start
 * from the run's migrated snapshot where there is one, else they are migrated here.
 */
export async function openTestDatabase(): Promise<OpenDatabase & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const snapshot = migratedSnapshot();
  if (!serverUrl) {
    if (snapshot?.kind === 'pglite') return openDatabase({ dataDir: 'memory://', pgliteDump: migratedPgliteDump(snapshot.file), migrate: false });
    return openDatabase({ dataDir: 'memory://' });
  }
  const template = snapshot?.kind === 'postgres' ? snapshot.template : undefined;
  const empty = await createEmptyPostgresDatabase(serverUrl, 'klubb_test', template);
  const database = await openDatabase({ databaseUrl: empty.url, dataDir: 'unused', migrate: !template });
  return {
    ...database,
    /** For other processes on the same database. */
    url: empty.url,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}
