import type { Transporter } from 'nodemailer';
import type { Executor } from '../db/database.ts';
import { MailDeliveryError, maskSecrets, type Mail, type MailSender } from './mail.ts';
import { markSent, recordMail } from '../repositories/mailOutbox.repository.ts';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://…:465 */
  url: string;
  /** The From header, e.g. `Klubb <no-reply@example.com>`. */
  from: string;
  now?: () => number;
}

/**
 * Sends through an SMTP relay. Every mail is recorded in the outbox first (secrets masked) and
 * gets sent_at once the relay accepted it, so the outbox shows what went out and what did not.
 */
export function createSmtpMailer(db: Executor, options: SmtpOptions): MailSender & { close(): void } {
  const now = options.now ?? Date.now;
  // nodemailer is loaded with the first mail, not at start (where it was a good part of the module loading).
  let transport: Promise<Transporter> | undefined;
  const connect = () => (transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(options.url)));
  const deliver = async (mail: Mail) => {
    try {
      await (await connect()).sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, encoding: a.encoding, cid: a.contentId })),
      });
    } catch (error) {
      throw new MailDeliveryError(error);
    }
  };
  return {
    kind: 'smtp',
    async send(mail) {
      // The relay gets the mail as it is; the table keeps a copy without its secrets.
      const { secrets, ...copy } = mail;
      const id = await recordMail(db, { ...copy, text: maskSecrets(mail.text, secrets), html: mail.html && maskSecrets(mail.html, secrets) });
      await deliver(mail);
      await markSent(db, id, new Date(now()));
    },
    deliver,
    close: () => void transport?.then((opened) => opened.close(), () => undefined),
  };
}
