import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { orders } from '../../server/db/schema/index.ts';
import { settleCheckout } from '../../server/commerce/fulfilment.ts';
import { makeBrand } from './support/factories.ts';
import { startServerProcesses } from './support/serverProcesses.ts';
import { commerceDeps, fillCart, makeConcert, offlinePayments, plainMembers, providerSession, reserveOpen } from './checkout.helpers.ts';
import { operatorCommand } from './support/operatorCommand.ts';

/** The server process's port: a free one, found when it starts. */
let port: number;

const silentLog = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

let dir: string;
let orderId: string;
const dataDir = () => join(dir, 'data');

/** `npm run order:cancel -- …` as an operator types it; resolves with what it printed, even on failure. */
async function orderCancel(args: string[]) {
  return operatorCommand('orderCancel.ts', args, { DATA_DIR: dataDir() });
}

const statusOf = async () => {
  const database = await openDatabase({ dataDir: dataDir() });
  try {
    return (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;
  } finally {
    await database.close();
  }
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'klubb-cancel-'));
  // An order of two tickets in the embedded database, as a paid checkout leaves it.
  const database = await openDatabase({ dataDir: dataDir() });
  const brand = await makeBrand(database.db, 'aurora', ['localhost']);
  await makeConcert(database.db, 'aurora', [['evening', 10]]);
  const [uid] = await plainMembers(database.db, brand, 1, 'buyer');
  await fillCart(database.db, 'aurora', uid!, [{ itemVariantId: 'evening', offerId: 'concert', quantity: 2 }]);
  const row = await reserveOpen(database.db, 'aurora', uid!, Date.now());
  const deps = commerceDeps(database.db, { payments: offlinePayments('whsec_cli'), log: silentLog });
  orderId = (await settleCheckout(deps, providerSession(row, 'complete')))!.orderId!;
  await database.close();
}, 90_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run order:cancel', () => {
  let server: Awaited<ReturnType<typeof startServerProcesses>> | undefined;
  afterAll(() => server?.stop());

  it('needs the running server (it refunds through the payment provider), and says so', async () => {
    const result = await orderCancel(['--brand', 'aurora', orderId]);
    expect(result.ok).toBe(false);
    expect(result.out).toContain('Orders are cancelled through a running server, not on the database');
    expect(result.out).toContain(`start it with npm start on DATA_DIR ${dataDir()}`);
    expect(await statusOf()).toBe('paid');
    expect((await orderCancel([orderId])).out).toContain('Usage: npm run order:cancel -- --brand BRAND [--server URL] ORDER_ID');
  }, 60_000);

  it('cancels through the server once; again changes nothing; an unknown order is refused', async () => {
    server = await startServerProcesses({ dataDir: dataDir() }, 1);
    port = server.ports[0]!;
    const first = await orderCancel(['--brand', 'aurora', orderId]);
    expect(first.ok).toBe(true);
    expect(first.out).toMatch(new RegExp(`^Order ${orderId} of aurora is cancelled; SEK.+; 0 freed tickets offered to the waiting list\\.`));
    const again = await orderCancel(['--brand', 'aurora', orderId]);
    expect(again.out).toContain(`Order ${orderId} of aurora was already cancelled; nothing changed.`);
    const unknown = await orderCancel(['--brand', 'aurora', 'no-such-order']);
    expect(unknown.ok).toBe(false);
    expect(unknown.out).toContain('the cancellation was refused (404): There is no such order');
    // The public list of void tickets names the order's two tickets.
    const voided = await fetch(`http://127.0.0.1:${port}/v1/get/tickets/void?appUrl=http://localhost`).then((r) => r.json());
    expect(voided.ticketIds).toHaveLength(2);
  }, 120_000);
});
