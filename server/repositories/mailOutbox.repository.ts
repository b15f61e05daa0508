import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { Mail } from '../mail/mail.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

const fieldsOf = (mail: Omit<Mail, 'secrets'>) => ({
  brandId: mail.brandId,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html ?? null,
  attachments: mail.attachments ?? [],
});

/** Records a mail sent by the request that made it; returns its id. */
export async function recordMail(db: Executor, mail: Omit<Mail, 'secrets'>, sentAt: Date | null = null): Promise<number> {
  const [row] = await db.insert(mailOutbox).values({ ...fieldsOf(mail), sentAt }).returning({ id: mailOutbox.id });
  return row!.id;
}

export async function markSent(db: Executor, id: number, sentAt: Date): Promise<void> {
  await db.update(mailOutbox).set({ sentAt, leaseUntil: null, lastError: null }).where(eq(mailOutbox.id, id));
}

/**
 * Queues a mail in the caller's transaction, due at once: it commits with what it tells, or not
 * at all. One mail per `dedupeKey` (a second queueing changes nothing).
 */
export async function queueMail(tx: Executor, mail: Omit<Mail, 'secrets'>, dedupeKey: string, at: Date): Promise<void> {
  await tx
    .insert(mailOutbox)
    .values({ ...fieldsOf(mail), delivery: 'queued', dedupeKey, nextAttemptAt: at, createdAt: at })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
}

/**
 * Takes up to `limit` queued mails that are due and not being sent by anyone else: each gets a
 * lease until `leaseUntil` and one more attempt counted. Rows locked by another dispatcher are
 * skipped, so instances never take the same mail at once.
 */
export async function claimDueMails(tx: Executor, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
  const due = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.delivery, 'queued'),
        isNull(mailOutbox.sentAt),
        lte(mailOutbox.nextAttemptAt, now),
        or(isNull(mailOutbox.leaseUntil), lte(mailOutbox.leaseUntil, now)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  return tx
    .update(mailOutbox)
    .set({ leaseUntil, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(inArray(mailOutbox.id, due.map((d) => d.id)))
    .returning();
}

/** A failed attempt: tried again at `nextAttemptAt`, or never (null) once the attempts are used up. */
export async function markAttemptFailed(db: Executor, id: number, error: string, nextAttemptAt: Date | null): Promise<void> {
  await db.update(mailOutbox).set({ lastError: error.slice(0, 500), nextAttemptAt, leaseUntil: null }).where(eq(mailOutbox.id, id));
}

/** The newest mails first, optionally only those to one address. */
export async function newestMails(db: Executor, options: { limit: number; to?: string }): Promise<OutboxRow[]> {
  const query = db.select().from(mailOutbox);
  const filtered = options.to ? query.where(eq(mailOutbox.to, options.to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(options.limit);
}
