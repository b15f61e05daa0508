/**
 * `npm run codes:import -- --brand aurora --offer ID [--cap N] [--common CODE] [codes.csv]`: adds an
 * offer's unique promo codes (one per line, optional expiry column: YYYY-MM-DD or an ISO
 * date-time) and sets its common code and per-member cap, in the configured database
 * (DATABASE_URL, else the PGlite database in DATA_DIR). Codes already there are skipped, so a
 * file can be imported again. With `--server URL` (or KLUBB_SERVER_URL) and OPERATOR_TOKEN it goes
 * through that server's /admin call; so it does while a server holds DATA_DIR (PGlite allows one
 * process per data directory).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readConfig, type Config } from '../server/config.ts';
import { isValidCode, parseCodesFile, type CodesFile } from '../server/promo/codesFile.ts';
import { importPromoCodes, type PromoImport, type PromoImportResult } from '../server/repositories/promoImport.repository.ts';
import { adminServer, callServerAdmin, databaseName, failedCommand, OperatorError, serverOption, withOperatorDatabase, type AdminServer } from './serverAdmin.ts';

class ImportError extends OperatorError {}

const usage = 'Usage: npm run codes:import -- --brand BRAND --offer OFFER_ID [--cap N] [--common CODE] [--server URL] [codes.csv]';

function options() {
  const { values, positionals } = parseArgs({
    options: { brand: { type: 'string' }, offer: { type: 'string' }, cap: { type: 'string' }, common: { type: 'string' }, ...serverOption },
    allowPositionals: true,
  });
  if (!values.brand || !values.offer) throw new ImportError(`--brand and --offer are required.\n${usage}`);
  if (positionals.length > 1) throw new ImportError(`One codes file at a time.\n${usage}`);
  if (positionals.length === 0 && values.common === undefined && values.cap === undefined) {
    throw new ImportError(`Nothing to do: give a codes file, --common or --cap.\n${usage}`);
  }
  const cap = values.cap === undefined ? undefined : Number(values.cap);
  if (cap !== undefined && (!Number.isInteger(cap) || cap < 0 || cap > 1000)) throw new ImportError('--cap must be a whole number from 0 to 1000');
  if (values.common !== undefined && !isValidCode(values.common)) throw new ImportError(`--common "${values.common}" is not a code (1 to 100 visible characters, no spaces)`);
  return { brandId: values.brand, offerId: values.offer, claimCap: cap, commonCode: values.common, file: positionals[0], server: values.server };
}

function readCodes(file: string | undefined): CodesFile {
  if (!file) return { codes: [], duplicates: [], problems: [] };
  if (!existsSync(file)) throw new ImportError(`No such file: ${file}`);
  const parsed = parseCodesFile(readFileSync(file, 'utf8'));
  if (parsed.problems.length > 0) {
    const lines = parsed.problems.slice(0, 20).map((p) => `  line ${p.line}: ${p.message}`);
    const more = parsed.problems.length > 20 ? `\n  … and ${parsed.problems.length - 20} more` : '';
    throw new ImportError(`${file} has lines that are not codes; nothing was imported:\n${lines.join('\n')}${more}`);
  }
  return parsed;
}

async function throughServer(server: AdminServer, input: PromoImport): Promise<PromoImportResult> {
  const body = { ...input, codes: input.codes.map((c) => ({ code: c.code, expiresAt: c.expiresAt?.toISOString() ?? null })) };
  return callServerAdmin<PromoImportResult>(server, '/admin/promo-codes/import', body, 'import');
}

async function intoDatabase(config: Config, input: PromoImport): Promise<PromoImportResult> {
  try {
    return await withOperatorDatabase(config, (db) => db.transaction((tx) => importPromoCodes(tx, input, new Date())));
  } catch (error) {
    if (error instanceof Error && error.name === 'OfferNotFoundError') throw new ImportError(error.message);
    throw error;
  }
}

function print(input: PromoImport & { file?: string }, file: CodesFile, result: PromoImportResult, where: string) {
  const lines = [`Offer ${input.offerId} of brand ${input.brandId} (${where}):`];
  if (input.file) {
    lines.push(`  ${input.file}: ${file.codes.length + file.duplicates.length} codes read, ${result.added} added, ${result.alreadyThere.length} already there (skipped).`);
    for (const d of file.duplicates.slice(0, 20)) lines.push(`  duplicate in the file: line ${d.line} ${d.code} (first on line ${d.firstLine}), imported once`);
    if (file.duplicates.length > 20) lines.push(`  … and ${file.duplicates.length - 20} more duplicates`);
  }
  const { before, after } = result.commonCode;
  if (input.commonCode !== undefined) lines.push(before === after ? `  common code ${after} (unchanged)` : before ? `  common code changed from ${before} to ${after}` : `  common code set to ${after}`);
  else lines.push(after ? `  common code ${after}` : '  no common code');
  lines.push(`  claim cap: ${result.claimCap} unique code${result.claimCap === 1 ? '' : 's'} per member${input.claimCap !== undefined ? ' (set)' : ''}`);
  lines.push(`  unique codes now: ${result.totals.free} free, ${result.totals.claimed} claimed, ${result.totals.expired} expired unclaimed`);
  console.log(lines.join('\n'));
}

async function main() {
  const config = readConfig();
  const { file: fileName, server: serverUrl, ...rest } = options();
  const file = readCodes(fileName);
  const input: PromoImport = { ...rest, codes: file.codes };
  const server = adminServer(config, serverUrl);
  const result = server ? await throughServer(server, input) : await intoDatabase(config, input);
  print({ ...input, file: fileName }, file, result, server ? `through ${server.name}` : databaseName(config));
}

main().catch(failedCommand);
