import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import type { Mail, MailSender } from './mail.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Records the mail; returns its id. */
export async function recordMail(db: Executor, mail: Mail, sentAt: Date | null = null): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ brandId: mail.brandId, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, attachments: mail.attachments ?? [], sentAt })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

export async function markSent(db: Executor, id: number, sentAt: Date): Promise<void> {
  await db.update(mailOutbox).set({ sentAt }).where(eq(mailOutbox.id, id));
}

/** The newest mails first, optionally only those to one address. */
export async function newestMails(db: Executor, options: { limit: number; to?: string }): Promise<OutboxRow[]> {
  const query = db.select().from(mailOutbox);
  const filtered = options.to ? query.where(eq(mailOutbox.to, options.to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(options.limit);
}

/**
 * Development: mails are only written to the outbox table, readable at /dev/outbox and with
 * `npm run outbox`. Secrets stay in: the table is the only way the mail reaches anyone.
 */
export function createOutboxMailer(db: Executor): MailSender {
  return {
    kind: 'outbox',
    async send(mail) {
      await recordMail(db, mail);
    },
  };
}
