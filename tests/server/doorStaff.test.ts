import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBrandFile } from '../../server/brands/brandFile.ts';
import { createBrand, updateBrand } from '../../server/brands/saveBrand.ts';
import { openDatabase } from '../../server/db/database.ts';
import { brandRoles, users } from '../../server/db/schema/index.ts';
import type { Mail, MailSender } from '../../server/mail/mail.ts';
import { makeBrand, makeMember, testPassword } from './support/factories.ts';
import { operatorCommand, repositoryRoot } from './support/operatorCommand.ts';
import { startServerProcesses } from './support/serverProcesses.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/*
 * A brand file names its door staff (issue 43): `npm run brand -- create|update` gives each
 * e-mail the brand role `door`, making the account (and mailing a link to choose its password)
 * when the brand's tenant has none. On PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */

const example = () => JSON.parse(readFileSync(join(repositoryRoot, 'docs/brand.example.json'), 'utf8')) as Record<string, any>;

describe('the brand file door staff', () => {
  it('takes a list of e-mails, in lower case', () => {
    const parsed = parseBrandFile({ ...example(), doorStaff: ['Door@Polaris.example.com', ' gate@polaris.example.com '] });
    expect(parsed.ok && parsed.value.doorStaff).toEqual(['door@polaris.example.com', 'gate@polaris.example.com']);
    const without = parseBrandFile(example());
    expect(without.ok && 'doorStaff' in without.value).toBe(false);
  });

  it('names every address that is not one, and every one named twice, by its path', () => {
    const parsed = parseBrandFile({ ...example(), doorStaff: ['door@polaris.example.com', 'not an address', 'DOOR@polaris.example.com', 42] });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const paths = parsed.problems.map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['$.doorStaff[1]', '$.doorStaff[2]', '$.doorStaff[3]']));
    expect(paths).not.toContain('$.doorStaff[0]');
    expect(parsed.problems.find((p) => p.path === '$.doorStaff[2]')!.message).toContain('already $.doorStaff[0]');
  });
});

describe('appointing door staff', () => {
  let t: TestApp;
  const sent: Mail[] = [];
  const mail: MailSender = { send: async (message) => void sent.push(message) } as MailSender;

  beforeAll(async () => {
    t = await createTestApp({ mail });
  }, 60_000);
  afterAll(() => t?.close());

  const roleOf = async (brandId: string, uid: string) =>
    (await t.db.select().from(brandRoles).where(and(eq(brandRoles.brandId, brandId), eq(brandRoles.userId, uid))))[0];
  const staffOptions = () => ({ identity: t.identity, mail, appPort: 8080 });

  it('creates a brand with its door staff: a new account for an unknown e-mail, mailed a link to choose its password', async () => {
    const parsed = parseBrandFile({ ...example(), id: 'gate', appUrls: ['https://gate.example.com'], doorStaff: ['door@gate.example.com'] });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const saved = await createBrand(t.db, parsed.value, { doorStaff: staffOptions() });
    expect(saved.doorStaff).toEqual([{ email: 'door@gate.example.com', account: 'created', mailed: true }]);
    const uid = (await t.identity.findAccountByEmail(saved.brand.authTenantId, 'door@gate.example.com'))!;
    expect(await roleOf('gate', uid)).toMatchObject({ brandRoleId: 'door', active: true });
    expect((await t.db.select().from(users).where(eq(users.id, uid)))[0]).toMatchObject({ brandId: 'gate', completedOnboarding: true });
    const link = sent.find((m) => m.to === 'door@gate.example.com');
    expect(link?.text).toContain('https://gate.example.com/password_reset/');
  });

  it('makes an existing account door staff on update, keeping its password, and leaves a second update as it was', async () => {
    const brand = await makeBrand(t.db, 'porta', ['porta.example.com']);
    const email = 'maja@porta.example.com';
    const uid = await makeMember(t.db, t.identity, brand, { email });
    expect(await roleOf('porta', uid)).toMatchObject({ brandRoleId: 'member' });
    const file = { ...example(), id: 'porta', appUrls: ['https://porta.example.com'], doorStaff: [email] };
    const parsed = parseBrandFile(file);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const before = sent.length;
    const saved = await updateBrand(t.db, parsed.value, { doorStaff: staffOptions() });
    expect(saved.doorStaff).toEqual([{ email, account: 'existing', mailed: false }]);
    expect(await roleOf('porta', uid)).toMatchObject({ brandRoleId: 'door', active: true });
    expect(sent.length).toBe(before);
    // They sign in as before, and the door routes are theirs now.
    const idToken = await t.idTokenFor(brand.authTenantId, email, testPassword);
    const evenings = await t.app.inject({ method: 'GET', url: '/v1/door/evenings', headers: { authorization: `Bearer ${idToken}`, 'x-app-url': 'https://porta.example.com' } });
    expect(evenings.statusCode, evenings.body).toBe(200);
    await updateBrand(t.db, parsed.value, { doorStaff: staffOptions() });
    expect(await t.db.select().from(brandRoles).where(eq(brandRoles.brandId, 'porta'))).toHaveLength(1);
  });

  it('gives an account of another brand no role here: the staff account is the brand tenant own', async () => {
    const other = await makeBrand(t.db, 'elsewhere', ['elsewhere.example.com']);
    const email = 'shared@example.com';
    const otherUid = await makeMember(t.db, t.identity, other, { email });
    await makeBrand(t.db, 'here', ['here.example.com']);
    const parsed = parseBrandFile({ ...example(), id: 'here', appUrls: ['https://here.example.com'], doorStaff: [email] });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const saved = await updateBrand(t.db, parsed.value, { doorStaff: staffOptions() });
    expect(saved.doorStaff).toEqual([{ email, account: 'created', mailed: true }]);
    expect(await roleOf('elsewhere', otherUid)).toMatchObject({ brandRoleId: 'member' });
    expect(await roleOf('here', otherUid)).toBeUndefined();
  });
});

describe('npm run brand with door staff', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'klubb-door-staff-'));
    const database = await openDatabase({ dataDir: join(dir, 'data') });
    await makeBrand(database.db, 'aurora', ['localhost']);
    await database.close();
  }, 90_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names each door staff member and whether their account is new; a bad address changes nothing', async () => {
    const write = (name: string, doorStaff: unknown[]) => {
      const path = join(dir, name);
      writeFileSync(path, JSON.stringify({ ...example(), doorStaff }));
      return path;
    };
    const env = { DATA_DIR: join(dir, 'data') };
    const bad = await operatorCommand('brand.ts', ['create', write('bad.json', ['door@polaris.example.com', 'nope'])], env);
    expect(bad.ok).toBe(false);
    expect(bad.out).toContain('$.doorStaff[1]: "nope" is not an e-mail address');
    const created = await operatorCommand('brand.ts', ['create', write('polaris.json', ['door@polaris.example.com'])], env);
    expect(created.out).toContain('door staff: door@polaris.example.com (new account, mailed a link to choose a password)');
    expect(created.ok).toBe(true);
    const again = await operatorCommand('brand.ts', ['update', write('polaris.json', ['door@polaris.example.com'])], env);
    expect(again.out).toContain('door staff: door@polaris.example.com (existing account)');
    const database = await openDatabase({ dataDir: join(dir, 'data') });
    try {
      const roles = await database.db.select().from(brandRoles).where(eq(brandRoles.brandId, 'polaris'));
      expect(roles).toMatchObject([{ brandRoleId: 'door', active: true }]);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('appoints them through the server while it holds DATA_DIR', async () => {
    const server = await startServerProcesses({ dataDir: join(dir, 'data') }, 1);
    try {
      const path = join(dir, 'through-server.json');
      writeFileSync(path, JSON.stringify({ ...example(), doorStaff: ['door@polaris.example.com', 'Gate@Polaris.example.com'] }));
      const updated = await operatorCommand('brand.ts', ['update', path], { DATA_DIR: join(dir, 'data') });
      expect(updated.out).toContain(`(through the server on port ${server.ports[0]})`);
      expect(updated.out).toContain('door staff: door@polaris.example.com (existing account)');
      expect(updated.out).toContain('door staff: gate@polaris.example.com (new account, mailed a link to choose a password)');
      expect(updated.ok).toBe(true);
    } finally {
      await server.stop();
    }
    const database = await openDatabase({ dataDir: join(dir, 'data') });
    try {
      const roles = await database.db.select().from(brandRoles).where(eq(brandRoles.brandId, 'polaris'));
      expect(roles.map((r) => [r.brandRoleId, r.active])).toEqual([['door', true], ['door', true]]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
