import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { insertAnalyticsEvents } from '../../server/repositories/analyticsEvents.repository.ts';
import { makeBrand } from './support/factories.ts';
import { operatorCommand } from './support/operatorCommand.ts';
import { sessionId } from './analytics.helpers.ts';

let dir: string;
const dataDir = () => join(dir, 'data');
const analytics = (args: string[]) => operatorCommand('analytics.ts', args, { DATA_DIR: dataDir() });

const row = (n: number, eventName: string, daysAgo: number, offerId: string | null = null) => ({
  brandId: 'aurora', eventName, eventType: 'interaction', path: offerId ? `/offer/${offerId}` : '/', offerId,
  sessionId: sessionId(n), userId: null, clientAt: new Date(), receivedAt: new Date(Date.now() - daysAgo * 86_400_000), details: {},
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'klubb-analytics-'));
  const database = await openDatabase({ dataDir: dataDir() });
  await makeBrand(database.db, 'aurora', ['localhost']);
  await insertAnalyticsEvents(database.db, [
    row(1, 'offer_opened', 1, 'o-1'), row(1, 'added_to_cart', 1, 'o-1'), row(1, 'checkout_opened', 1), row(1, 'order_paid', 1),
    row(2, 'offer_opened', 1, 'o-1'), row(2, 'added_to_cart', 1, 'o-1'),
    row(3, 'offer_opened', 20, 'o-2'),
  ]);
  await database.close();
}, 90_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run analytics on the embedded database', () => {
  it('prints the funnel and top offers of the period asked for', async () => {
    const { ok, out } = await analytics(['--brand', 'aurora', '--since', '7d']);
    expect(ok, out).toBe(true);
    expect(out).toMatch(/^Analytics of aurora, since \d{4}-\d\d-\d\d \d\d:\d\d UTC$/m);
    expect(out).toMatch(/^ {2}offer opened +2$/m);
    expect(out).toMatch(/^ {2}added to cart +2 +100\.0%$/m);
    expect(out).toMatch(/^ {2}paid +1 +100\.0%$/m);
    expect(out).not.toMatch(/o-2/);
    const all = await analytics(['--brand', 'aurora']);
    expect(all.out).toMatch(/^Analytics of aurora, all kept events$/m);
    expect(all.out).toMatch(/^ {2}o-2 +1 +1$/m);
    expect(all.out).toMatch(/^Dropped events \(not stored\)$/m);
    expect(all.out).toMatch(/^ {2}over the ingest ceiling +3000 a minute +0$/m);
    // Up to a time: the same ends as --since.
    const before = await analytics(['--brand', 'aurora', '--since', '30d', '--until', '7d']);
    expect(before.out).toMatch(/^Analytics of aurora, since \S+ \S+ UTC until \S+ \S+ UTC$/m);
    expect(before.out).toMatch(/^ {2}o-2 +1 +1$/m);
    expect(before.out).not.toMatch(/o-1/);
  }, 90_000);

  it('says what is wrong with the arguments or the brand, and fails', async () => {
    const badSince = await analytics(['--brand', 'aurora', '--since', 'last week']);
    expect(badSince).toEqual({ ok: false, out: expect.stringMatching(/^--since last week is neither a time back/) });
    expect((await analytics([])).out).toMatch(/^Usage: npm run analytics -- --brand BRAND/);
    expect((await analytics(['--brand', 'aurora', '--since', '1d', '--until', '7d'])).out).toMatch(/^--until is before --since/);
    const unknown = await analytics(['--brand', 'nope']);
    expect(unknown).toEqual({ ok: false, out: 'There is no brand nope\n' });
  }, 90_000);
});
