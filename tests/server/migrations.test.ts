import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate as drizzleMigrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { applyMigrations, migrationsFolder, pendingMigrations } from '../../server/db/migrate.ts';

const all = readMigrationFiles({ migrationsFolder }).length;
const serverUrl = process.env.TEST_DATABASE_URL;
const temp = mkdtempSync(join(tmpdir(), 'klubb-migrations-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const applied = async (db: Database) =>
  (await db.execute(sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id`) as unknown as { rows: { hash: string; created_at: string }[] }).rows;

describe('migrations', () => {
  it('applies every pending migration once, and answers how many are pending', async () => {
    const database = await openDatabase({ dataDir: 'memory://', migrate: false });
    try {
      expect(await pendingMigrations(database.db)).toBe(all);
      expect(await applyMigrations(database.db)).toBe(all);
      expect(await pendingMigrations(database.db)).toBe(0);
      expect(await applyMigrations(database.db)).toBe(0);
      expect(await applied(database.db)).toHaveLength(all);
    } finally {
      await database.close();
    }
  });

  it("carries on from a database drizzle's own migrator migrated: applies only what is newer, in its table", async () => {
    // An older build's folder: the journal without its newest migration.
    const older = join(temp, 'older');
    cpSync(migrationsFolder, older, { recursive: true });
    const journalPath = join(older, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: unknown[] };
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }));
    const database = await openDatabase({ dataDir: 'memory://', migrate: false });
    try {
      await drizzleMigrate(database.db as never, { migrationsFolder: older });
      expect(await pendingMigrations(database.db)).toBe(1);
      expect(await applyMigrations(database.db)).toBe(1);
      expect((await applied(database.db)).map((row) => row.hash)).toEqual(readMigrationFiles({ migrationsFolder }).map((file) => file.hash));
    } finally {
      await database.close();
    }
  });

  it('leaves nothing half applied when a migration fails: its transaction rolls back, the error reaches the caller', async () => {
    const database = await openDatabase({ dataDir: 'memory://', migrate: false });
    try {
      // A table the first migration creates, made beforehand, makes it fail part-way.
      await database.db.execute(sql`CREATE TABLE brand (id text)`);
      await expect(applyMigrations(database.db)).rejects.toThrow(/brand/);
      expect(await pendingMigrations(database.db)).toBe(all);
      const tables = await database.db.execute(sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
      expect((tables as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    } finally {
      await database.close();
    }
  });

  it.runIf(serverUrl)('on PostgreSQL, instances starting together on an empty database never race: one migrates, the others wait and find it done', async () => {
    for (let trial = 0; trial < 3; trial++) {
      const name = `klubb_migrate_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      try {
        const instances = await Promise.all([0, 1, 2].map(() => openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', poolSize: 2, migrate: false })));
        try {
          const counts = await Promise.all(instances.map((instance) => applyMigrations(instance.db)));
          expect(counts.sort((a, b) => a - b)).toEqual([0, 0, all]);
          expect(await applied(instances[0]!.db)).toHaveLength(all);
          for (const instance of instances) expect(await pendingMigrations(instance.db)).toBe(0);
          // The lock went with its transaction: no backend still holds it.
          const held = await instances[0]!.db.execute(sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'`);
          expect((held as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
        } finally {
          await Promise.all(instances.map((instance) => instance.close()));
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
  }, 120_000);
});
