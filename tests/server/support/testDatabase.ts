import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type OpenDatabase } from '../../../server/db/database.ts';

/** A new, empty database on the PostgreSQL server at `serverUrl`; `drop` removes it. */
export async function createEmptyPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `klubb_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // FORCE ends what still holds the database: nothing of ours (the pool has ended), but a
      // pooler's idle server connections (PgBouncer keeps them), which a plain DROP waits on.
      for (let attempt = 0; ; attempt++) {
        try {
          await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          break;
        } catch (error) {
          if (attempt >= 10) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await dropper.end();
    },
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped on close).
 */
export async function openTestDatabase(): Promise<OpenDatabase & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' });
  const empty = await createEmptyPostgresDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: empty.url, dataDir: 'unused' });
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
