import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/database.ts';
import { claimDueMails, markAttemptFailed, markSent, queueMail, type OutboxRow } from '../repositories/mailOutbox.repository.ts';
import type { Mail, MailSender } from './mail.ts';

/**
 * The transactional outbox: a mail that tells of something the database records (an order, an
 * offered place, a cancellation) is written in the same transaction, so a crash can lose
 * neither without the other. `dispatch` hands due mails to the provider, each under a lease
 * (instances never send the same one at once), retrying a failure with backoff.
 */
export interface MailQueue {
  queue(tx: Executor, mail: Omit<Mail, 'secrets'>, dedupeKey: string): Promise<void>;
  /**
   * Delivers what is due: started after a commit that queued mail (not awaited by the request)
   * and by the sweep. Never rejects: a failure is logged and the mail is retried later.
   */
  dispatch(): Promise<{ sent: number; failed: number }>;
  /** Resolves once no dispatch runs (the app waits for it when closing). */
  idle(): Promise<void>;
}

/** Attempts before a mail is left unsent (with its last error) for an operator to look at. */
export const maxMailAttempts = 10;
/** How long a dispatcher may take to hand one batch to the relay before another may (a crashed one never finishes). */
const defaultLeaseMs = 60_000;
/** 30 s after the first failure, doubling up to an hour. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

const mailOf = (row: OutboxRow): Mail => ({
  brandId: row.brandId,
  to: row.to,
  subject: row.subject,
  text: row.text,
  ...(row.html === null ? {} : { html: row.html }),
  attachments: row.attachments,
});

export function createMailQueue(deps: { db: Database; sender: MailSender; now: () => number; log: FastifyBaseLogger; leaseMs?: number }): MailQueue {
  const { db, sender, now, log } = deps;
  const leaseMs = deps.leaseMs ?? defaultLeaseMs;
  let running: Promise<{ sent: number; failed: number }> | null = null;
  let askedAgain = false;

  async function dispatchDue() {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const at = now();
      const batch = await db.transaction((tx) => claimDueMails(tx, new Date(at), new Date(at + leaseMs), 20));
      if (batch.length === 0) {
        if (!askedAgain) return { sent, failed };
        askedAgain = false;
        continue;
      }
      for (const row of batch) {
        try {
          await sender.deliver(mailOf(row));
          await markSent(db, row.id, new Date(now()));
          sent++;
        } catch (error) {
          failed++;
          const message = error instanceof Error ? error.message : 'unknown error';
          const retryAt = row.attempts >= maxMailAttempts ? null : new Date(now() + retryDelayMs(row.attempts));
          await markAttemptFailed(db, row.id, message, retryAt);
          log.error({ mailId: row.id, attempts: row.attempts, err: message }, retryAt ? 'mail not delivered; retried later' : 'mail not delivered; attempts used up');
        }
      }
    }
  }

  return {
    queue: (tx, mail, dedupeKey) => queueMail(tx, mail, dedupeKey, new Date(now())),
    // One run at a time per process; a call while one runs makes it look once more before it ends.
    dispatch() {
      if (running) askedAgain = true;
      running ??= dispatchDue()
        .catch((error: unknown) => {
          log.error({ err: error instanceof Error ? error.message : 'unknown' }, 'mail dispatch failed; the sweep retries');
          return { sent: 0, failed: 0 };
        })
        .finally(() => (running = null));
      return running;
    },
    idle: async () => {
      await running;
    },
  };
}
