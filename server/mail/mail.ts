import type { Locality } from '../../domain/format.ts';
import { isLoopback } from '../addresses.ts';
import type { MailAttachment } from '../db/schema/mail.ts';

export type { MailAttachment };

/** One mail the product sends (reset links and the like). */
export interface Mail {
  /** The brand it is sent for; null for mails outside any brand. */
  brandId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it (an order's calendar events), recorded in the outbox too. */
  attachments?: MailAttachment[];
  /**
   * Parts of the text that take over an account (a reset token): sent as they are, but masked
   * in the outbox copy of mail that goes out by SMTP, so the table does not hold live links.
   */
  secrets?: string[];
}

/**
 * Where mails go: the outbox table only (development), or SMTP with a copy in the outbox.
 * `send` resolves once the mail is recorded (and, with SMTP, accepted by the relay).
 */
export interface MailSender {
  readonly kind: 'outbox' | 'smtp';
  /** Records the mail and hands it to the provider now (a reset link: the request waits for it). */
  send(mail: Mail): Promise<void>;
  /** Hands a mail already recorded in the outbox (a queued one) to the provider; the outbox provider has nothing to do. */
  deliver(mail: Mail): Promise<void>;
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

/** Text with every secret replaced by "…". */
export function maskSecrets(text: string, secrets: readonly string[] = []): string {
  return secrets.filter(Boolean).reduce((masked, secret) => masked.split(secret).join('…'), text);
}

const isLocalHost = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || isLoopback(hostname.replace(/^\[(.*)\]$/, '$1'));

/**
 * The origin for links in mail, from the app URL the client sent, or null when it is not the
 * app's own: a local development host (localhost, *.localhost, a loopback address) keeps its
 * scheme and port only when the port is the one the request itself was sent to (`requestHost`,
 * as the server trusts it), so `http://aurora.localhost:1/evil` never reaches a mail; any other host gets https on the default port (a client cannot send a member to plain
 * http or to another service on the brand's host).
 */
export function mailLinkOrigin(url: URL, requestHost: string): string | null {
  if (!isLocalHost(url.hostname)) return `https://${url.hostname}`;
  const served = URL.canParse(`${url.protocol}//${requestHost}`) ? new URL(`${url.protocol}//${requestHost}`) : null;
  // Same machine, same port: the server itself (or the dev server in front of it), not another service.
  return served && served.port === url.port ? url.origin : null;
}

/** The origin of links to the member's app: from the app URL the request came with when it is the app's own, else the brand's first host. */
export function memberLinkOrigin(appUrl: string, brand: { appHosts: readonly string[] }, requestHost: string): string {
  const own = URL.canParse(appUrl) ? mailLinkOrigin(new URL(appUrl), requestHost) : null;
  return own ?? `https://${brand.appHosts[0] ?? 'localhost'}`;
}

/** The brand a mail is sent for: its name, and the time zone and conventions dates and amounts are written in. */
export interface MailBrand {
  name: string;
  locality: Locality;
}
