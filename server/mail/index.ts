import type { Config } from '../config.ts';
import type { Executor } from '../db/database.ts';
import type { MailSender } from './mail.ts';
import { createOutboxMailer } from './outbox.ts';
import { createSmtpMailer } from './smtp.ts';

export type { Mail, MailSender } from './mail.ts';
export { MailDeliveryError } from './mail.ts';

/** SMTP when SMTP_URL is set, else the outbox table only. */
export function createMailSender(config: Pick<Config, 'mail'>, db: Executor): MailSender {
  return config.mail.kind === 'smtp' ? createSmtpMailer(db, config.mail) : createOutboxMailer(db);
}
