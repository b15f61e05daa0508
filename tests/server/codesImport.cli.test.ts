import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { offerPromos, promoCodes } from '../../server/db/schema/index.ts';
import { openTestDatabase } from './support/testDatabase.ts';
import { makeBrand, makeOffer } from './support/factories.ts';
import { startServerProcesses } from './support/serverProcesses.ts';
import { operatorCommand } from './support/operatorCommand.ts';

/** The server process's port: a free one, found when it starts. */
let port: number;

let dir: string;
let csv: string;

/** `npm run codes:import -- …` as an operator types it; resolves with what it printed, even on failure. */
async function codesImport(args: string[], env: Record<string, string>) {
  return operatorCommand('codesImport.ts', args, env);
}

async function prepareDatabase(options: { databaseUrl?: string; dataDir: string }) {
  const database = await openDatabase(options);
  await makeBrand(database.db, 'aurora', ['localhost']);
  await makeOffer(database.db, 'aurora', 'deal');
  await database.close();
}

async function readPromo(options: { databaseUrl?: string; dataDir: string }) {
  const database = await openDatabase(options);
  try {
    const codes = await database.db.select().from(promoCodes).where(and(eq(promoCodes.offerId, 'deal'), isNull(promoCodes.claimedBy)));
    const [promo] = await database.db.select().from(offerPromos).where(eq(offerPromos.offerId, 'deal'));
    return { codes: codes.map((c) => [c.code, c.expiresAt?.toISOString() ?? null]).sort(), promo };
  } finally {
    await database.close();
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'klubb-codes-'));
  csv = join(dir, 'codes.csv');
  writeFileSync(csv, 'code,expires_at\nCLI-1,2030-12-31\nCLI-2\nCLI-1\nCLI-3,\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const expected = [
  ['CLI-1', '2031-01-01T00:00:00.000Z'],
  ['CLI-2', null],
  ['CLI-3', null],
];

describe('npm run codes:import on the embedded database', () => {
  const dataDir = () => join(dir, 'data');
  let server: Awaited<ReturnType<typeof startServerProcesses>> | undefined;

  afterAll(() => server?.stop());

  it('imports into DATA_DIR directly when no server holds it, and says what it did', async () => {
    await prepareDatabase({ dataDir: dataDir() });
    const result = await codesImport(['--brand', 'aurora', '--offer', 'deal', '--cap', '2', '--common', 'DEAL-ALL', csv], { DATA_DIR: dataDir() });
    expect(result.out).toContain(`Offer deal of brand aurora (DATA_DIR ${dataDir()})`);
    expect(result.out).toContain('4 codes read, 3 added, 0 already there (skipped)');
    expect(result.out).toContain('duplicate in the file: line 4 CLI-1 (first on line 2), imported once');
    expect(result.out).toContain('common code set to DEAL-ALL');
    expect(result.out).toContain('claim cap: 2 unique codes per member (set)');
    expect(result.ok).toBe(true);
    expect(await readPromo({ dataDir: dataDir() })).toEqual({
      codes: expected, promo: { brandId: 'aurora', offerId: 'deal', commonCode: 'DEAL-ALL', claimCap: 2 },
    });
  }, 90_000);

  it('goes through the server while it runs on DATA_DIR, skipping what is there', async () => {
    server = await startServerProcesses({ dataDir: dataDir() }, 1);
    port = server.ports[0]!;
    writeFileSync(join(dir, 'more.csv'), 'CLI-3\nCLI-4,2031-06-01T12:00:00Z\n');
    const result = await codesImport(['--brand', 'aurora', '--offer', 'deal', join(dir, 'more.csv')], { DATA_DIR: dataDir() });
    expect(result.out).toContain(`through the server on port ${port}`);
    expect(result.out).toContain('2 codes read, 1 added, 1 already there (skipped)');
    expect(result.out).toContain('common code DEAL-ALL');
    expect(result.out).toContain('unique codes now: 4 free, 0 claimed, 0 expired unclaimed');
    expect(result.ok).toBe(true);
    const unknown = await codesImport(['--brand', 'aurora', '--offer', 'nope', csv], { DATA_DIR: dataDir() });
    expect(unknown.ok).toBe(false);
    expect(unknown.out).toContain('Brand aurora has no offer nope');
  }, 120_000);

  it('refuses a file with lines that are not codes, importing none of it', async () => {
    writeFileSync(join(dir, 'bad.csv'), 'CLI-9\nnot a code\n');
    const result = await codesImport(['--brand', 'aurora', '--offer', 'deal', join(dir, 'bad.csv')], { DATA_DIR: dataDir() });
    expect(result.ok).toBe(false);
    expect(result.out).toContain('line 2: "not a code" is not a code');
    expect(result.out).toContain('nothing was imported');
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run codes:import on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    await makeBrand(database.db, 'aurora', ['localhost']);
    await makeOffer(database.db, 'aurora', 'deal');
  });
  afterAll(() => database?.close());

  it('imports into DATABASE_URL, and again without adding anything', async () => {
    const env = { DATABASE_URL: database.url!, DATA_DIR: join(dir, 'unused') };
    expect((await codesImport(['--brand', 'aurora', '--offer', 'deal', csv], env)).out).toContain('(PostgreSQL)');
    const again = await codesImport(['--brand', 'aurora', '--offer', 'deal', csv], env);
    expect(again.out).toContain('4 codes read, 0 added, 3 already there (skipped)');
    expect(await readPromo({ databaseUrl: database.url!, dataDir: 'unused' })).toMatchObject({ codes: expected });
  }, 90_000);
});
