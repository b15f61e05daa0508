import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { mailOutbox } from '../../server/db/schema/index.ts';
import type { Database } from '../../server/db/database.ts';
import { MailDeliveryError, type Mail, type MailSender } from '../../server/mail/mail.ts';
import { createMailQueue, maxMailAttempts, retryDelayMs } from '../../server/mail/queue.ts';
import { openTestDatabase } from './support/testDatabase.ts';

/*
 * The outbox dispatcher against a relay that fails: a queued mail is retried with backoff until
 * it goes through, exactly once; one that never goes through stops after its attempts; two
 * dispatchers (two instances) never send the same mail twice.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Database;
let clock = Date.parse('2026-11-25T10:00:00Z');
const quietLog = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
}, 60_000);
afterAll(() => database?.close());

/** A relay that refuses the next `failures` deliveries, then accepts; it counts what it was handed. */
function flakyRelay(failures: number) {
  const delivered: string[] = [];
  let refusalsLeft = failures;
  const sender: MailSender = {
    kind: 'smtp',
    send: () => Promise.reject(new Error('not used here')),
    deliver: async (mail: Mail) => {
      if (refusalsLeft-- > 0) throw new MailDeliveryError('relay unreachable');
      delivered.push(mail.subject);
    },
  };
  return { sender, delivered };
}

const mail = (subject: string) => ({ brandId: null, to: 'member@aurora.test', subject, text: subject });
const rowOf = async (subject: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)))[0]!;

describe('the mail outbox dispatcher', () => {
  it('retries a refused mail after 30 s, then 60 s, and sends it once; queuing it twice keeps one', async () => {
    const relay = flakyRelay(2);
    const queue = createMailQueue({ db, sender: relay.sender, now: () => clock, log: quietLog });
    await db.transaction((tx) => queue.queue(tx, mail('Order A'), 'order:a'));
    await db.transaction((tx) => queue.queue(tx, mail('Order A'), 'order:a'));

    expect(await queue.dispatch()).toEqual({ sent: 0, failed: 1 });
    expect(await rowOf('Order A')).toMatchObject({ attempts: 1, lastError: 'The mail could not be handed to the SMTP relay', sentAt: null, nextAttemptAt: new Date(clock + 30_000) });
    // Not due yet: nothing is tried.
    clock += 29_000;
    expect(await queue.dispatch()).toEqual({ sent: 0, failed: 0 });
    clock += 1_000;
    expect(await queue.dispatch()).toEqual({ sent: 0, failed: 1 });
    expect(await rowOf('Order A')).toMatchObject({ attempts: 2, nextAttemptAt: new Date(clock + 60_000) });
    clock += 60_000;
    expect(await queue.dispatch()).toEqual({ sent: 1, failed: 0 });
    expect((await rowOf('Order A')).sentAt).toEqual(new Date(clock));
    // Sent: never again, however often the sweep dispatches.
    clock += 3_600_000;
    expect(await queue.dispatch()).toEqual({ sent: 0, failed: 0 });
    expect(relay.delivered).toEqual(['Order A']);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, 'order:a'))).toHaveLength(1);
  });

  it('leaves a mail the relay never takes after its attempts, with its last error, for an operator', async () => {
    const relay = flakyRelay(Number.POSITIVE_INFINITY);
    const queue = createMailQueue({ db, sender: relay.sender, now: () => clock, log: quietLog });
    await db.transaction((tx) => queue.queue(tx, mail('Order B'), 'order:b'));
    for (let attempt = 1; attempt <= maxMailAttempts; attempt++) {
      expect(await queue.dispatch()).toEqual({ sent: 0, failed: 1 });
      clock += retryDelayMs(attempt);
    }
    expect(await rowOf('Order B')).toMatchObject({ attempts: maxMailAttempts, sentAt: null, nextAttemptAt: null, lastError: 'The mail could not be handed to the SMTP relay' });
    clock += 24 * 3_600_000;
    expect(await queue.dispatch()).toEqual({ sent: 0, failed: 0 });
    // The backoff doubles from 30 s and stops growing at an hour.
    expect([1, 2, 3, 8, 9].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });

  it('two dispatchers at once (two instances) send each of 40 mails exactly once', async () => {
    const one = flakyRelay(0);
    const two = flakyRelay(0);
    const first = createMailQueue({ db, sender: one.sender, now: () => clock, log: quietLog });
    const second = createMailQueue({ db, sender: two.sender, now: () => clock, log: quietLog });
    const subjects = Array.from({ length: 40 }, (_, i) => `Parallel ${i}`);
    await db.transaction(async (tx) => {
      for (const subject of subjects) await first.queue(tx, mail(subject), subject);
    });
    const [a, b] = await Promise.all([first.dispatch(), second.dispatch()]);
    expect(a.sent + b.sent).toBe(40);
    expect([...one.delivered, ...two.delivered].sort()).toEqual([...subjects].sort());
  });
});
