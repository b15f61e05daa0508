import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { checkIns } from '../../server/db/schema/index.ts';
import { makeBrand } from './support/factories.ts';
import { operatorCommand } from './support/operatorCommand.ts';
import { startServerProcesses } from './support/serverProcesses.ts';
import { makeEvening, sellTickets } from './door.helpers.ts';

/*
 * `npm run checkin -- --offer ID` (issue 43): the evening's admitted / sold, as the door screen
 * shows them, from DATA_DIR or through the server holding it; an unknown offer exits 1.
 */

let dir: string;
const dataDir = () => join(dir, 'data');
const checkin = (args: string[]) => operatorCommand('checkin.ts', args, { DATA_DIR: dataDir() });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'klubb-checkin-'));
  const database = await openDatabase({ dataDir: dataDir() });
  try {
    await makeBrand(database.db, 'aurora', ['localhost']);
    await makeBrand(database.db, 'borealis', ['borealis.localhost']);
    const evening = await makeEvening(database.db, 'aurora', 'aurora-gig', 3_600_000, 'Nordlys live');
    const sold = await sellTickets(database.db, 'aurora', 'someone', evening, 3);
    await sellTickets(database.db, 'aurora', 'someone', evening, 2, 'cancelled');
    await database.db.insert(checkIns).values({ brandId: 'aurora', ticketId: sold[0]!.ticketId, offerId: evening.offerId, door: 'Main', at: new Date(), byUserId: 'door', mode: 'online' });
    // The same offer id at two brands needs --brand.
    await makeEvening(database.db, 'aurora', 'shared-gig', 3_600_000);
    await makeEvening(database.db, 'borealis', 'shared-gig', 3_600_000);
  } finally {
    await database.close();
  }
}, 90_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run checkin', () => {
  let server: Awaited<ReturnType<typeof startServerProcesses>> | undefined;
  afterAll(() => server?.stop());

  it('prints the evening title and admitted / sold from DATA_DIR', async () => {
    const result = await checkin(['--offer', 'aurora-gig']);
    expect(result.out).toContain('Nordlys live (offer aurora-gig of aurora, starts ');
    expect(result.out).toContain('admitted 1 / sold 3');
    expect(result.ok).toBe(true);
  }, 90_000);

  it('exits 1 with a clear message for an unknown offer, an ambiguous one, and without --offer', async () => {
    const unknown = await checkin(['--offer', 'no-such-offer']);
    expect([unknown.ok, unknown.out.trim()]).toEqual([false, `No ticketed evening no-such-offer (DATA_DIR ${dataDir()}).`]);
    const ambiguous = await checkin(['--offer', 'shared-gig']);
    expect(ambiguous.ok).toBe(false);
    expect(ambiguous.out).toContain('is an evening of aurora and borealis: name the brand with --brand');
    const named = await checkin(['--offer', 'shared-gig', '--brand', 'borealis']);
    expect(named.out).toContain('admitted 0 / sold 0');
    const usage = await checkin([]);
    expect([usage.ok, usage.out]).toEqual([false, expect.stringContaining('Usage: npm run checkin -- --offer OFFER_ID')]);
  }, 120_000);

  it('asks the server while it holds DATA_DIR', async () => {
    server = await startServerProcesses({ dataDir: dataDir() }, 1);
    const [port] = server.ports;
    const result = await checkin(['--offer', 'aurora-gig']);
    expect(result.out).toContain('admitted 1 / sold 3');
    expect(result.out).toContain(`(the server on port ${port})`);
    expect(result.ok).toBe(true);
    const unknown = await checkin(['--offer', 'no-such-offer']);
    expect(unknown.ok).toBe(false);
    expect(unknown.out).toContain('No ticketed evening no-such-offer');
  }, 120_000);
});
