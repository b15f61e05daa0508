import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { checkIns } from '../../server/db/schema/index.ts';
import { makeBrand } from './support/factories.ts';
import { operatorCommand } from './support/operatorCommand.ts';
import { startServerProcesses } from './support/serverProcesses.ts';
import { addVariant, makeEvening, sellTickets } from './door.helpers.ts';

/*
 * `npm run checkin -- --offer ID | --evening ID` (issue 43): each evening's admitted / sold, as
 * the door screen shows them, from DATA_DIR or through the server holding it; an unknown offer
 * exits 1.
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
    await database.db.insert(checkIns).values({
      brandId: 'aurora', ticketId: sold[0]!.ticketId, offerId: evening.offerId, itemVariantId: evening.variantId, door: 'Main', deviceId: 'device-main', at: new Date(), byUserId: 'door', mode: 'online',
    });
    // Its second night is another evening, with its own numbers.
    const secondNight = await addVariant(database.db, 'aurora', 'aurora-gig', 'aurora-gig-night2', 1, new Date(evening.start.getTime() + 24 * 3_600_000), 'Malmö');
    await sellTickets(database.db, 'aurora', 'someone', secondNight, 2);
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

  it('prints each evening of the offer (or the one named) with admitted / sold from DATA_DIR; an unknown offer, an ambiguous one and no --offer exit 1', async () => {
    // Without --offer it stops before opening the database, so it may run beside the first.
    const [result, usage] = await Promise.all([checkin(['--offer', 'aurora-gig']), checkin([])]);
    const lines = result.out.trim().split('\n');
    expect(lines[0]).toMatch(/^Nordlys live \(evening aurora-gig-v0, offer aurora-gig of aurora, starts [^)]*\): admitted 1 \/ sold 3$/);
    expect(lines[1]).toMatch(/^Nordlys live \(evening aurora-gig-night2, offer aurora-gig of aurora, starts [^)]*, Malmö\): admitted 0 \/ sold 2$/);
    expect(result.ok).toBe(true);
    const one = await checkin(['--evening', 'aurora-gig-night2']);
    expect(one.out).toContain('evening aurora-gig-night2');
    expect(one.out).not.toContain('evening aurora-gig-v0');
    expect([usage.ok, usage.out]).toEqual([false, expect.stringContaining('Usage: npm run checkin -- --offer OFFER_ID')]);
    const unknown = await checkin(['--offer', 'no-such-offer']);
    expect([unknown.ok, unknown.out.trim()]).toEqual([false, `No ticketed evening no-such-offer (DATA_DIR ${dataDir()}).`]);
    const ambiguous = await checkin(['--offer', 'shared-gig']);
    expect(ambiguous.ok).toBe(false);
    expect(ambiguous.out).toContain('is an evening of aurora and borealis: name the brand with --brand');
  }, 180_000);

  it('asks the server while it holds DATA_DIR', async () => {
    server = await startServerProcesses({ dataDir: dataDir() }, 1);
    const [port] = server.ports;
    // Through the server, commands may run side by side: only the server opens the database.
    const [result, night, unknown, ambiguous, named] = await Promise.all([
      checkin(['--offer', 'aurora-gig']),
      checkin(['--evening', 'aurora-gig-night2']),
      checkin(['--offer', 'no-such-offer']),
      checkin(['--offer', 'shared-gig']),
      checkin(['--offer', 'shared-gig', '--brand', 'borealis']),
    ]);
    expect(result.out).toContain('admitted 1 / sold 3');
    expect(result.out).toContain(`(the server on port ${port})`);
    expect(result.ok).toBe(true);
    expect([night.ok, night.out]).toEqual([true, expect.stringMatching(/evening aurora-gig-night2, .*admitted 0 \/ sold 2/)]);
    expect(night.out).not.toContain('aurora-gig-v0');
    expect(unknown.ok).toBe(false);
    expect(unknown.out).toContain('No ticketed evening no-such-offer');
    expect(ambiguous.ok).toBe(false);
    expect(ambiguous.out).toContain('is an evening of aurora and borealis: name the brand with --brand');
    expect(named.out).toContain('admitted 0 / sold 0');
    expect(named.ok).toBe(true);
  }, 180_000);
});
