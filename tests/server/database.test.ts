import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openDatabase } from '../../server/db/database.ts';
import { brands, offers, users } from '../../server/db/schema/index.ts';
import { seedDemo } from '../../server/db/seed/index.ts';
import { createIdentity } from '../../server/identity/index.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'klubb-db-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startOnce() {
  const database = await openDatabase({ dataDir });
  const identity = await createIdentity({ identity: { kind: 'embedded', projectId: 'klubb-test' } }, { db: database.db });
  await seedDemo(database.db, identity);
  const counts = {
    brands: (await database.db.select({ n: count() }).from(brands))[0]!.n,
    users: (await database.db.select({ n: count() }).from(users))[0]!.n,
    offers: (await database.db.select({ n: count() }).from(offers))[0]!.n,
  };
  const uid = await identity.findAccountByEmail('aurora-tenant', 'member@aurora.test');
  await database.close();
  return { counts, uid };
}

describe('the embedded database in DATA_DIR', () => {
  it('migrates and seeds on first start, keeps the data over a restart, and seeds nothing twice', async () => {
    const first = await startOnce();
    expect(first.counts.brands).toBe(2);
    expect(first.uid).not.toBeNull();
    const second = await startOnce();
    expect(second).toEqual(first);
  }, 120_000);
});
