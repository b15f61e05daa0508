import { createTransport, type Transporter } from 'nodemailer';
import type { Executor } from '../db/database.ts';
import { MailDeliveryError, type MailSender } from './mail.ts';
import { markSent, recordMail } from './outbox.ts';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://…:465 */
  url: string;
  /** The From header, e.g. `Klubb <no-reply@example.com>`. */
  from: string;
  now?: () => number;
}

/**
 * Sends through an SMTP relay. Every mail is recorded in the outbox first and gets sent_at once
 * the relay accepted it, so the outbox shows what went out and what did not.
 */
export function createSmtpMailer(db: Executor, options: SmtpOptions): MailSender & { close(): void } {
  const now = options.now ?? Date.now;
  const transport: Transporter = createTransport(options.url);
  return {
    kind: 'smtp',
    async send(mail) {
      const id = await recordMail(db, mail);
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      } catch (error) {
        throw new MailDeliveryError(error);
      }
      await markSent(db, id, new Date(now()));
    },
    close: () => transport.close(),
  };
}
