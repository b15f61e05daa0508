/**
 * `npm run db:migrate` (compiled: `node dist-server/scripts/dbMigrate.js`): applies the pending
 * migrations to the configured database (DATABASE_URL, else the PGlite database in DATA_DIR) and
 * exits; a deployment runs it as its own step before starting instances with MIGRATE_ON_START=false.
 * Safe to run while instances serve or start: it takes the same transaction-scoped lock they do.
 */
import { ConfigError, readConfig } from '../server/config.ts';
import { claimDataDir } from '../server/dataDirOwner.ts';
import { openDatabase } from '../server/db/database.ts';
import { applyMigrations } from '../server/db/migrate.ts';

async function main() {
  const config = readConfig();
  if (!config.databaseUrl && config.dataDir.startsWith('memory://')) throw new ConfigError('DATA_DIR is in memory: there is no database to migrate.');
  // PGlite allows one process per data directory: refused (DataDirInUseError) while a server holds it, which migrated it on start.
  const release = config.databaseUrl ? () => undefined : claimDataDir(config.dataDir, 0);
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1, migrate: false });
    try {
      const applied = await applyMigrations(database.db);
      console.log(applied > 0 ? `Applied ${applied} migration(s) to the ${database.kind} database.` : `The ${database.kind} database is up to date.`);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

main().catch((error: unknown) => {
  const isOperatorMistake = error instanceof ConfigError || (error instanceof Error && error.name === 'DataDirInUseError');
  console.error(isOperatorMistake ? `Cannot migrate: ${(error as Error).message}` : error);
  process.exit(1);
});
