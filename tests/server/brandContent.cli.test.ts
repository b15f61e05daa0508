import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { brandContent, brands } from '../../server/db/schema/index.ts';
import { makeBrand } from './support/factories.ts';
import { openTestDatabase } from './support/testDatabase.ts';
import { startServerProcesses } from './support/serverProcesses.ts';
import { operatorCommand, repositoryRoot } from './support/operatorCommand.ts';

/** The server process's port: a free one, found when it starts. */
let port: number;
const example = readFileSync(join(repositoryRoot, 'docs/brand-content.example.json'), 'utf8');

let dir: string;
const dataDir = () => join(dir, 'data');

/** `npm run brand:content -- …` as an operator types it; resolves with what it printed, even on failure. */
async function brandContentCommand(args: string[], env: Record<string, string> = { DATA_DIR: dataDir() }) {
  return operatorCommand('brandContent.ts', args, env);
}

/** A content file in the test's directory: the example, changed by `change`. */
function contentFile(name: string, change: (file: Record<string, any>) => void = () => undefined): string {
  const file = JSON.parse(example);
  change(file);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(file, null, 2));
  return path;
}

async function readBrand(options: { databaseUrl?: string; dataDir: string }, id = 'aurora') {
  const database = await openDatabase(options);
  try {
    const [brand] = await database.db.select().from(brands).where(eq(brands.id, id));
    const [row] = await database.db.select().from(brandContent).where(eq(brandContent.brandId, id));
    return { email: brand?.contactEmail, terms: brand?.settings.terms, content: row?.content ?? null };
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'klubb-brand-content-'));
  const database = await openDatabase({ dataDir: dataDir() });
  await makeBrand(database.db, 'aurora', ['localhost']);
  await database.close();
}, 90_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run brand:content on the embedded database', () => {
  let server: Awaited<ReturnType<typeof startServerProcesses>> | undefined;
  afterAll(() => server?.stop());

  it('refuses bad files whole, naming every problem by its path, and changes nothing', async () => {
    const bad = contentFile('bad.json', (file) => {
      file.contact.phone = '555-CALL-US';
      file.contact.messengerUrl = 'http://m.me/aurora';
      file.contact.supportHours.weekly.push({ day: 3, opens: '10:00', closes: '12:00' });
      file.faq[0].answer = { fi: 'Tervetuloa' };
    });
    const result = await brandContentCommand(['--brand', 'aurora', bad]);
    expect(result.ok).toBe(false);
    expect(result.out).toContain(`${bad} has 4 problems; nothing was changed:`);
    expect(result.out).toContain('$.faq[0].answer.fi: is not a language of the app (en, sv, nb)');
    expect(result.out).toContain('$.contact.phone: "555-CALL-US" is not a phone number in international form');
    expect(result.out).toContain('$.contact.messengerUrl: "http://m.me/aurora" is not an https address (or null for none)');
    expect(result.out).toContain('$.contact.supportHours.weekly[6].day: Wednesday (3) is already given at $.contact.supportHours.weekly[2]');
    writeFileSync(join(dir, 'broken.json'), '{"faq": [');
    const broken = await brandContentCommand(['--brand', 'aurora', join(dir, 'broken.json')]);
    expect(broken.ok).toBe(false);
    expect(broken.out).toContain('$: is not JSON');
    expect(await readBrand({ dataDir: dataDir() })).toEqual({ email: 'help@aurora.test', terms: { label: 'Terms', url: '/terms' }, content: null });
    expect((await brandContentCommand(['--brand', 'aurora'])).out).toContain('Usage: npm run brand:content -- --brand BRAND [--server URL] content.json');
    expect((await brandContentCommand(['--brand', 'aurora', join(dir, 'missing.json')])).out).toContain('No such file');
  }, 90_000);

  it('writes a good file into DATA_DIR when no server holds it, and refuses an unknown brand', async () => {
    const good = contentFile('good.json');
    const result = await brandContentCommand(['--brand', 'aurora', good]);
    expect(result.out).toContain(`Content of brand aurora replaced from ${good} (DATA_DIR ${dataDir()}):`);
    expect(result.out).toContain('FAQ: 3 entries');
    expect(result.ok).toBe(true);
    const written = await readBrand({ dataDir: dataDir() });
    expect(written.email).toBe('kundservice@aurora.test');
    expect(written.terms).toEqual({ label: { en: 'Terms of membership', sv: 'Medlemsvillkor', nb: 'Medlemsvilkår' }, url: 'https://aurora.example/terms' });
    expect(written.content?.faq.map((e) => e.id)[0]).toBe('membership');
    const unknown = await brandContentCommand(['--brand', 'nordlys', good]);
    expect(unknown.ok).toBe(false);
    expect(unknown.out).toContain('There is no brand nordlys (brands: aurora)');
  }, 90_000);

  it('goes through the server while it runs on DATA_DIR, which shows the change at once', async () => {
    server = await startServerProcesses({ dataDir: dataDir() }, 1);
    port = server.ports[0]!;
    const api = (path: string) => fetch(`http://127.0.0.1:${port}${path}?appUrl=http://localhost`, { headers: { 'accept-language': 'sv' } }).then((r) => r.json());
    // Read first, so the server holds both in its cache.
    expect((await api('/v1/get/brand/content')).about.header).toBe('Om Aurora');
    expect((await api('/v1/get/brand')).contact.email).toBe('kundservice@aurora.test');
    const changed = contentFile('changed.json', (file) => {
      file.about.header = { sv: 'Om klubben', en: 'About the club' };
      file.contact.email = 'medlem@aurora.test';
      file.gdpr.url = 'https://aurora.example/privacy';
    });
    const result = await brandContentCommand(['--brand', 'aurora', changed]);
    expect(result.out).toContain(`(through the server on port ${port})`);
    expect(result.ok).toBe(true);
    const content = await api('/v1/get/brand/content');
    expect(content.about.header).toBe('Om klubben');
    expect(content.contact.email).toBe('medlem@aurora.test');
    expect(content.gdpr).toEqual({ label: 'Integritetspolicy', url: 'https://aurora.example/privacy' });
    expect((await api('/v1/get/brand')).contact.email).toBe('medlem@aurora.test');
    // A bad file never reaches the server; an unknown brand is the server's to refuse. Nothing changes.
    const bad = await brandContentCommand(['--brand', 'aurora', contentFile('bad2.json', (file) => (file.contact.chatUrl = 'javascript:alert(1)'))]);
    expect(bad.ok).toBe(false);
    expect(bad.out).toContain('$.contact.chatUrl');
    const unknown = await brandContentCommand(['--brand', 'nordlys', changed]);
    expect(unknown.out).toContain('the content change was refused (404): There is no brand nordlys (brands: aurora)');
    expect((await api('/v1/get/brand/content')).about.header).toBe('Om klubben');
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run brand:content on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    await makeBrand(database.db, 'aurora', ['localhost']);
  });
  afterAll(() => database?.close());

  it('writes into DATABASE_URL', async () => {
    const env = { DATABASE_URL: database.url!, DATA_DIR: join(dir, 'unused') };
    const result = await brandContentCommand(['--brand', 'aurora', contentFile('pg.json')], env);
    expect(result.out).toContain('(PostgreSQL)');
    expect((await readBrand({ databaseUrl: database.url!, dataDir: 'unused' })).email).toBe('kundservice@aurora.test');
  }, 90_000);
});
