/** One mail the product sends (reset links and the like). */
export interface Mail {
  /** The brand it is sent for; null for mails outside any brand. */
  brandId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Where mails go: the outbox table only (development), or SMTP with a copy in the outbox.
 * `send` resolves once the mail is recorded (and, with SMTP, accepted by the relay).
 */
export interface MailSender {
  readonly kind: 'outbox' | 'smtp';
  send(mail: Mail): Promise<void>;
}

/** The relay refused or could not be reached; the mail stays in the outbox without sent_at. */
export class MailDeliveryError extends Error {
  constructor(cause: unknown) {
    super('The mail could not be handed to the SMTP relay', { cause });
    this.name = 'MailDeliveryError';
  }
}

/** Escapes text for HTML bodies and pages. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
