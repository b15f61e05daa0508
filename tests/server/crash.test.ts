import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../server/db/database.ts';
import { checkoutSessions, mailOutbox, orders, stockHolds } from '../../server/db/schema/index.ts';
import { createTestApp } from './support/testApp.ts';
import { openTestDatabase } from './support/testDatabase.ts';
import { startServerProcesses } from './support/serverProcesses.ts';
import { makeBrand } from './support/factories.ts';
import { fillCart, makeConcert } from './checkout.helpers.ts';
import { signedInMembers, type SignedInMember } from './promo.helpers.ts';

/*
 * A crash loses nothing a member is owed (issue 20): the server runs in a child process on an
 * embedded DATA_DIR (or the PostgreSQL of TEST_DATABASE_URL), members pay in a storm, the process
 * is killed with SIGKILL in the middle, and a new one starts on the same data. Every order then
 * has exactly one confirmation mail, sent (it was queued in the order's own transaction); and a
 * session opened before the crash, which the new embedded provider does not know, answers our
 * outcome (never the provider's text) and gives its held tickets back at once.
 */

const brandId = 'aurora';
const postgres = Boolean(process.env.TEST_DATABASE_URL);
let dir: string;
let members: SignedInMember[];
let pgDatabase: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
const where = () => (postgres ? { databaseUrl: pgDatabase!.url! } : { dataDir: join(dir, 'data') });
const openData = async (): Promise<OpenDatabase> => (postgres ? pgDatabase! : openDatabase({ dataDir: join(dir, 'data') }));
const closeData = async (database: OpenDatabase) => {
  if (!postgres) await database.close();
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'klubb-crash-'));
  if (postgres) pgDatabase = await openTestDatabase();
  const database = await openData();
  // Members with ID tokens of the identity key stored in the database, which the child process signs and checks with too.
  const t = await createTestApp({ database });
  const aurora = await makeBrand(t.db, brandId, ['localhost']);
  await makeConcert(t.db, brandId, [['storm', 100], ['waiting', 10]]);
  members = await signedInMembers(t, aurora, 'http://localhost:8080', 41, 'stormer');
  for (const m of members.slice(0, 40)) await fillCart(t.db, brandId, m.uid, [{ itemVariantId: 'storm', offerId: 'concert', quantity: 1 }]);
  await fillCart(t.db, brandId, members[40]!.uid, [{ itemVariantId: 'waiting', offerId: 'concert', quantity: 3 }]);
  await t.close();
  await closeData(database);
}, 180_000);
afterAll(async () => {
  await pgDatabase?.close();
  rmSync(dir, { recursive: true, force: true });
});

const via = async (port: number, m: SignedInMember, path: string, body: object) => {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { ...m.headers, host: `localhost:${port}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
};
const buy = async (port: number, m: SignedInMember) => {
  const session = await via(port, m, '/v1/payment/checkout', { testMode: true });
  if (session.status !== 200) return session;
  return via(port, m, '/v1/payment/local/confirm', {
    stripeCheckoutSessionId: session.body.id, clientSecret: session.body.clientSecret, name: 'Storm Er', email: 'storm@example.com',
    cardNumber: '4242424242424242', expMonth: 12, expYear: 34, cvc: '123',
  });
};

describe('kill -9 in a payment storm', () => {
  it('every order has exactly one mail, sent after the restart; a session the new provider does not know releases its holds at once', async () => {
    // A short job lease: mail the killed process had claimed is taken over seconds after the restart, not minutes.
    const first = await startServerProcesses(where(), 1, { JOB_LEASE_MS: '3000' });
    let [port] = first.ports as [number];
    // A session left open by the crash: 3 tickets held.
    const pending = await via(port, members[40]!, '/v1/payment/checkout', { testMode: true });
    expect(pending.status).toBe(200);
    let paid = 0;
    const storm = members.slice(0, 40).map((m) => buy(port, m).then((answer) => (answer.body?.status === 'complete' ? paid++ : undefined), () => undefined));
    // Killed while payments are still coming in.
    const deadline = Date.now() + 60_000;
    while (paid < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await first.crash();
    await Promise.all(storm);
    expect(paid).toBeGreaterThanOrEqual(5);

    // The new process sweeps often here, so mail the crashed one had leased goes out once its lease ends.
    const second = await startServerProcesses(where(), 1, { SWEEP_INTERVAL_MS: '1000', JOB_LEASE_MS: '3000', DEV_TOOLS: 'true' });
    [port] = second.ports as [number];
    const unknown = await via(port, members[40]!, '/v1/payment/checkout/complete', { stripeCheckoutSessionId: pending.body.id, testMode: true });
    expect(unknown).toEqual({ status: 200, body: { status: 'expired', orderId: null } });
    const expired = await via(port, members[40]!, '/v1/expire/checkout', { stripeCheckoutSessionId: pending.body.id, testMode: true });
    expect(expired).toEqual({ status: 200, body: { status: 'expired', orderId: null } });
    // Every order mail is sent before the new process stops (read as the operator would, at /dev/outbox.json).
    const unsent = async () => {
      const { mails } = (await (await fetch(`http://127.0.0.1:${port}/dev/outbox.json?limit=50`)).json()) as { mails: { subject: string; sentAt: string | null }[] };
      return mails.filter((mail) => mail.subject === 'Your Aurora order' && mail.sentAt === null).length;
    };
    const deadline2 = Date.now() + 150_000;
    while ((await unsent()) > 0 && Date.now() < deadline2) await new Promise((resolve) => setTimeout(resolve, 500));
    await second.stop();

    const database = await openData();
    try {
      const made = await database.db.select().from(orders).where(eq(orders.brandId, brandId));
      expect(made.length).toBeGreaterThanOrEqual(paid);
      const mails = await database.db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, `order:${brandId}:%`));
      for (const order of made) {
        const own = mails.filter((mail) => mail.dedupeKey === `order:${brandId}:${order.id}`);
        expect({ order: order.id, mails: own.length, sent: own.every((mail) => mail.sentAt !== null) }).toEqual({ order: order.id, mails: 1, sent: true });
      }
      const [session] = await database.db.select().from(checkoutSessions).where(eq(checkoutSessions.providerSessionId, pending.body.id));
      expect(session!.status).toBe('expired');
      expect(await database.db.select().from(stockHolds).where(and(eq(stockHolds.brandId, brandId), eq(stockHolds.checkoutSessionId, session!.id)))).toEqual([]);
    } finally {
      await closeData(database);
    }
  }, 360_000);
});
