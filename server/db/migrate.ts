import { join } from 'node:path';
import { serverDir } from '../serverDir.ts';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type { Database } from './database.ts';

/** The SQL files drizzle-kit generates, with their journal (meta/_journal.json). */
export const migrationsFolder = join(serverDir, 'db/migrations');
/** Any fixed number: the transaction-scoped advisory lock that serialises migrations across instances. */
const migrationLockId = 4_711_001;

/*
 * Drizzle's own migrator records each applied migration in drizzle.__drizzle_migrations (its
 * hash and the journal's `when`) and applies those newer than the newest row. We keep that table
 * and rule, so databases it migrated carry on, but do all of it in one transaction that first
 * takes a transaction-scoped lock: behind a pooler in transaction mode every statement of it
 * reaches the same backend, the lock ends with the transaction whatever happens, and a second
 * instance waits, then finds nothing left to do.
 */

let cachedFiles: MigrationMeta[] | undefined;
const migrationFiles = () => (cachedFiles ??= readMigrationFiles({ migrationsFolder }));

/** The `when` of the newest applied migration, or null when none was (or the table does not exist yet). */
async function newestApplied(db: Pick<Database, 'execute'>): Promise<number | null> {
  const table = await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!rowsOf(table)[0]?.present) return null;
  const newest = await db.execute(sql`SELECT max(created_at) AS "when" FROM drizzle.__drizzle_migrations`);
  const when = rowsOf(newest)[0]?.when;
  return when === null || when === undefined ? null : Number(when);
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** Applies every migration not applied yet, all in one transaction; answers how many it applied. */
export async function applyMigrations(db: Database): Promise<number> {
  const files = migrationFiles();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${migrationLockId})`);
    await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
    await tx.execute(sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
    const newest = await newestApplied(tx);
    const pending = files.filter((file) => newest === null || newest < file.folderMillis);
    for (const migration of pending) {
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`);
    }
    return pending.length;
  });
}

/** How many migrations this build has that the database has not applied (readiness waits for 0). */
export async function pendingMigrations(db: Pick<Database, 'execute'>): Promise<number> {
  const newest = await newestApplied(db);
  return migrationFiles().filter((file) => newest === null || newest < file.folderMillis).length;
}
