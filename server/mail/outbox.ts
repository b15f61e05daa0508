import type { Executor } from '../db/database.ts';
import { recordMail } from '../repositories/mailOutbox.repository.ts';
import type { MailSender } from './mail.ts';

export { newestMails, recordMail, type OutboxRow } from '../repositories/mailOutbox.repository.ts';

/**
 * Development: mails are only written to the outbox table, readable at /dev/outbox and with
 * `npm run outbox`. Secrets stay in: the table is the only way the mail reaches anyone. A queued
 * mail is in the table already, so delivering it has nothing left to do.
 */
export function createOutboxMailer(db: Executor): MailSender {
  return {
    kind: 'outbox',
    async send(mail) {
      await recordMail(db, mail);
    },
    async deliver() {},
  };
}
