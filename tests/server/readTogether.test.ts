import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Executor, OpenDatabase } from '../../server/db/database.ts';
import { readTogether } from '../../server/db/readTogether.ts';
import { openTestDatabase } from './support/testDatabase.ts';

/*
 * Reads side by side on the pool, one after another on a transaction (one connection: pg 9
 * refuses a query sent before the last answered, and so does a transaction-pooling PgBouncer).
 */

let database: OpenDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database?.close());

/** Three reads that note when each starts and ends. */
function tracedReads(db: Executor) {
  const events: string[] = [];
  const read = (name: string) => async () => {
    events.push(`start ${name}`);
    const result = await db.execute(sql`SELECT ${name}::text AS name, pg_sleep(0.02)`);
    events.push(`end ${name}`);
    return (result as unknown as { rows: { name: string }[] }).rows[0]!.name;
  };
  return { events, reads: [read('a'), read('b'), read('c')] as const };
}

describe('readTogether', () => {
  it('runs the reads of a transaction one after another, answers in order', async () => {
    const { events, answers } = await database.db.transaction(async (tx) => {
      const traced = tracedReads(tx);
      return { events: traced.events, answers: await readTogether(tx, ...traced.reads) };
    });
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('starts the reads on the pool at once, answers in order', async () => {
    const traced = tracedReads(database.db);
    expect(await readTogether(database.db, ...traced.reads)).toEqual(['a', 'b', 'c']);
    expect(traced.events.slice(0, 3)).toEqual(['start a', 'start b', 'start c']);
  });
});
