/**
 * `npm run brand:content -- --brand aurora content.json`: replaces a brand's FAQ, About, terms
 * and privacy links and contact details (docs/brand-content.md) with the file's, in one
 * transaction. A file with problems changes nothing: every problem is printed with its JSON path.
 * Writes to DATABASE_URL, else the PGlite database in DATA_DIR; while a server holds DATA_DIR it
 * goes through that server's loopback-only /admin call, which also refreshes what the app shows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readConfig, type Config } from '../server/config.ts';
import { readDataDirOwner } from '../server/dataDirOwner.ts';
import { describeProblems, parseContentFileText, type BrandContentUpdate } from '../server/brandContent/contentFile.ts';
import { BrandNotFoundError, describeUpdate, writeBrandContent } from '../server/brandContent/replace.ts';
import { callServerAdmin, OperatorError, withOperatorDatabase } from './serverAdmin.ts';

const usage = 'Usage: npm run brand:content -- --brand BRAND content.json';

function options() {
  const { values, positionals } = parseArgs({ options: { brand: { type: 'string' } }, allowPositionals: true });
  if (!values.brand || positionals.length !== 1) throw new OperatorError(usage);
  return { brandId: values.brand, file: positionals[0]! };
}

function readContentFile(file: string): { source: unknown; update: BrandContentUpdate } {
  if (!existsSync(file)) throw new OperatorError(`No such file: ${file}`);
  const text = readFileSync(file, 'utf8');
  const parsed = parseContentFileText(text);
  if (!parsed.ok) {
    const count = parsed.problems.length;
    throw new OperatorError(`${file} has ${count} problem${count === 1 ? '' : 's'}; nothing was changed:\n${describeProblems(parsed.problems)}`);
  }
  return { source: JSON.parse(text.replace(/^\uFEFF/, '')), update: parsed.update };
}

async function intoDatabase(config: Config, brandId: string, update: BrandContentUpdate): Promise<void> {
  try {
    await withOperatorDatabase(config, (db) => writeBrandContent(db, brandId, update));
  } catch (error) {
    if (error instanceof BrandNotFoundError) throw new OperatorError(error.message);
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const { brandId, file } = options();
  const { source, update } = readContentFile(file);
  const owner = config.databaseUrl ? null : readDataDirOwner(config.dataDir);
  if (owner && owner.port === 0) throw new OperatorError(`Another tool (process ${owner.pid}) is using DATA_DIR ${config.dataDir}; try again when it is done.`);
  if (owner) await callServerAdmin(config, owner, '/admin/brand/content', { brandId, content: source }, 'content change');
  else await intoDatabase(config, brandId, update);
  const where = owner ? `through the server on port ${owner.port}` : config.databaseUrl ? 'PostgreSQL' : `DATA_DIR ${config.dataDir}`;
  const later = config.databaseUrl ? '\n  Running servers show it within 30 seconds (their cache).' : '';
  console.log([`Content of brand ${brandId} replaced from ${file} (${where}):`, ...describeUpdate(update)].join('\n') + later);
}

main().catch((error: unknown) => {
  const known = error instanceof OperatorError || (error instanceof Error && ['ConfigError', 'DataDirInUseError'].includes(error.constructor.name));
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
