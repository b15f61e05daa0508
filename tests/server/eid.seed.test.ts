import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidPersonalNumber } from '../../domain/personalNumber.ts';
import { brands, users } from '../../server/db/schema/index.ts';
import { aurora, borealis } from '../../server/db/seed/brands.ts';
import { demoUsers, seedUsers } from '../../server/db/seed/users.ts';
import { createEmbeddedIdentity } from '../../server/identity/embedded/index.ts';
import { openTestDatabase } from './support/testDatabase.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let seed: () => Promise<void>;
beforeAll(async () => {
  database = await openTestDatabase();
  const identity = await createEmbeddedIdentity({ db: database.db, projectId: 'klubb-test' });
  await database.db.insert(brands).values([aurora, borealis]);
  seed = () => seedUsers(database.db, identity);
  await seed();
}, 60_000);
afterAll(() => database.close());

const ssnOf = async (email: string) =>
  (await database.db.select({ ssn: users.ssn }).from(users).where(eq(users.email, email)))[0]?.ssn;

describe('the demo members for bank eID', () => {
  it('member@aurora.test and member@borealis.test have valid personal numbers', async () => {
    for (const email of ['member@aurora.test', 'member@borealis.test']) {
      const ssn = await ssnOf(email);
      expect(ssn).toBe(demoUsers.find((u) => u.email === email)!.ssn);
      expect(isValidPersonalNumber(ssn!)).toBe(true);
    }
  });

  it('a database seeded before gets the number on the next start, unless it is set or taken', async () => {
    const auroraSsn = (await ssnOf('member@aurora.test'))!;
    await database.db.update(users).set({ ssn: null }).where(eq(users.email, 'member@aurora.test'));
    await seed();
    expect(await ssnOf('member@aurora.test')).toBe(auroraSsn);

    await database.db.update(users).set({ ssn: '198001012382' }).where(eq(users.email, 'member@aurora.test'));
    await seed();
    expect(await ssnOf('member@aurora.test')).toBe('198001012382');

    // Someone else in Aurora registered with the number meanwhile: the demo member stays without.
    await database.db.update(users).set({ ssn: auroraSsn }).where(and(eq(users.brandId, 'aurora'), eq(users.email, 'new@aurora.test')));
    await database.db.update(users).set({ ssn: null }).where(eq(users.email, 'member@aurora.test'));
    await seed();
    expect(await ssnOf('member@aurora.test')).toBeNull();
  });
});
