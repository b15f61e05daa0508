import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { brands } from '../../server/db/schema/index.ts';
import { makeBrand } from './support/factories.ts';
import { operatorCommand, repositoryRoot } from './support/operatorCommand.ts';
import { startServerProcesses } from './support/serverProcesses.ts';
import { openTestDatabase } from './support/testDatabase.ts';

const example = readFileSync(join(repositoryRoot, 'docs/brand.example.json'), 'utf8');

let dir: string;
const dataDir = () => join(dir, 'data');

/** `npm run brand -- …` as an operator types it; resolves with what it printed, even on failure. */
const brandCommand = (args: string[], env: Record<string, string> = { DATA_DIR: dataDir() }) => operatorCommand('brand.ts', args, env);

/** A brand file in the test's directory: the example, changed by `change`. */
function brandFile(name: string, change: (file: Record<string, any>) => void = () => undefined): string {
  const file = JSON.parse(example);
  change(file);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(file, null, 2));
  return path;
}

async function readBrands(options: { databaseUrl?: string; dataDir: string }) {
  const database = await openDatabase(options);
  try {
    return await database.db.select({ id: brands.id, name: brands.name, hosts: brands.appHosts, tenant: brands.authTenantId }).from(brands).orderBy(brands.id);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'klubb-brand-'));
  const database = await openDatabase({ dataDir: dataDir() });
  await makeBrand(database.db, 'aurora', ['localhost']);
  await database.close();
}, 90_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run brand on the embedded database', () => {
  let server: Awaited<ReturnType<typeof startServerProcesses>> | undefined;
  afterAll(() => server?.stop());

  it('refuses a bad file whole, naming every problem by its path, and changes nothing', async () => {
    const bad = brandFile('bad.json', (file) => {
      file.appUrls = ['https://localhost', 'https://polaris.example.com/app'];
      file.settings.region = 'sweden';
    });
    const result = await brandCommand(['create', bad]);
    expect(result.ok).toBe(false);
    expect(result.out).toContain(`${bad} has 2 problems; nothing was changed:`);
    expect(result.out).toContain('$.appUrls[1]: "https://polaris.example.com/app" must be an address alone');
    expect(result.out).toContain('$.settings.region: must be a country code');
    expect(await readBrands({ dataDir: dataDir() })).toHaveLength(1);
    const usage = await brandCommand(['make', bad]);
    expect(usage.out).toContain('Usage: npm run brand -- create');
  }, 90_000);

  it('creates and updates a brand in DATA_DIR when no server holds it; a host of another brand is refused', async () => {
    const created = await brandCommand(['create', brandFile('polaris.json')]);
    expect(created.out).toContain(`Brand polaris created from ${join(dir, 'polaris.json')} (DATA_DIR ${dataDir()}):`);
    expect(created.out).toContain('app URLs: polaris.example.com, app.polaris.example.com');
    expect(created.out).toContain("tenant polaris-tenant (the embedded provider's)");
    expect(created.ok).toBe(true);

    const taken = await brandCommand(['create', brandFile('vega.json', (f) => Object.assign(f, { id: 'vega', appUrls: ['https://vega.example.com', 'https://localhost'] }))]);
    expect(taken.ok).toBe(false);
    expect(taken.out).toContain('$.appUrls[1]: localhost already serves the brand aurora');

    const updated = await brandCommand(['update', brandFile('polaris2.json', (f) => (f.name = 'Polaris Club'))]);
    expect(updated.ok).toBe(true);
    expect(updated.out).toContain('Brand polaris updated');
    expect(await readBrands({ dataDir: dataDir() })).toEqual([
      expect.objectContaining({ id: 'aurora' }),
      { id: 'polaris', name: 'Polaris Club', hosts: ['polaris.example.com', 'app.polaris.example.com'], tenant: 'polaris-tenant' },
    ]);
  }, 120_000);

  it('goes through the server while it runs on DATA_DIR, which serves the new brand at once', async () => {
    server = await startServerProcesses({ dataDir: dataDir() }, 1);
    const [port] = server.ports;
    const brandAt = (appUrl: string) => fetch(`http://127.0.0.1:${port}/v1/get/brand?appUrl=${encodeURIComponent(appUrl)}`);
    expect((await brandAt('https://vega.example.com')).status).toBe(404);
    const created = await brandCommand(['create', brandFile('vega2.json', (f) => Object.assign(f, { id: 'vega', name: 'Vega', appUrls: ['https://vega.example.com'] }))]);
    expect(created.out).toContain(`(through the server on port ${port})`);
    expect(created.ok).toBe(true);
    const served = await brandAt('https://vega.example.com');
    expect(served.status).toBe(200);
    expect(await served.json()).toMatchObject({ id: 'vega', name: 'Vega' });
    // The server checks the file again and refuses what the database would not take.
    const again = await brandCommand(['create', brandFile('vega3.json', (f) => Object.assign(f, { id: 'vega', appUrls: ['https://vega2.example.com'] }))]);
    expect(again.ok).toBe(false);
    expect(again.out).toContain('the brand create was refused (409)');
    expect(again.out).toContain('there is already a brand vega');
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run brand on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    await makeBrand(database.db, 'aurora', ['localhost']);
  });
  afterAll(() => database?.close());

  it('creates and updates a brand in DATABASE_URL', async () => {
    const env = { DATABASE_URL: database.url!, DATA_DIR: join(dir, 'unused') };
    const created = await brandCommand(['create', brandFile('pg.json')], env);
    expect(created.out).toContain('(PostgreSQL)');
    expect(created.out).toContain('Other running servers show it within 30 seconds');
    const updated = await brandCommand(['update', brandFile('pg2.json', (f) => (f.appUrls = ['https://polaris.example.com']))], env);
    expect(updated.ok).toBe(true);
    const [row] = await database.db.select().from(brands).where(eq(brands.id, 'polaris'));
    expect(row).toMatchObject({ appHosts: ['polaris.example.com'], authTenantId: 'polaris-tenant' });
  }, 90_000);
});
