/**
 * `npm run brand:content -- --brand aurora content.json`: replaces a brand's FAQ, About, terms
 * and privacy links and contact details (docs/brand-content.md) with the file's, in one
 * transaction. A file with problems changes nothing: every problem is printed with its JSON path.
 * Writes to DATABASE_URL, else the PGlite database in DATA_DIR; with `--server URL` (or
 * KLUBB_SERVER_URL) and OPERATOR_TOKEN, or while a server holds DATA_DIR, it goes through that
 * server's /admin call, which also refreshes what that instance shows at once.
 */
import { parseArgs } from 'node:util';
import { readConfig, type Config } from '../server/config.ts';
import { parseContentFile, type BrandContentUpdate } from '../server/brandContent/contentFile.ts';
import { BrandNotFoundError, describeUpdate, writeBrandContent } from '../server/brandContent/replace.ts';
import { adminServer, callServerAdmin, databaseName, failedCommand, OperatorError, readOperatorFile, serverOption, withOperatorDatabase } from './serverAdmin.ts';

const usage = 'Usage: npm run brand:content -- --brand BRAND [--server URL] content.json';

function options() {
  const { values, positionals } = parseArgs({ options: { brand: { type: 'string' }, ...serverOption }, allowPositionals: true });
  if (!values.brand || positionals.length !== 1) throw new OperatorError(usage);
  return { brandId: values.brand, file: positionals[0]!, server: values.server };
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
  const { brandId, file, server: serverUrl } = options();
  const { source, value: update } = readOperatorFile(file, parseContentFile);
  const server = adminServer(config, serverUrl);
  if (server) await callServerAdmin(server, '/admin/brand/content', { brandId, content: source }, 'content change');
  else await intoDatabase(config, brandId, update);
  // An instance drops the brand from its cache at once; the others' caches keep it up to 30 seconds.
  const later = server?.remote || (!server && config.databaseUrl) ? '\n  Other running servers show it within 30 seconds (their cache).' : '';
  const where = server ? `through ${server.name}` : databaseName(config);
  console.log([`Content of brand ${brandId} replaced from ${file} (${where}):`, ...describeUpdate(update)].join('\n') + later);
}

main().catch(failedCommand);
