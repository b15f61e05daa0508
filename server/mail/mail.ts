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
 * The configured origin of one of a brand's app hosts: https on the default port; a local
 * development host (localhost, *.localhost, a loopback address, reachable from this machine only)
 * is served here on the app's port (`appPort`: APP_PORT, else the port the server listens on), over
 * http (https when that port is 443). Nothing of a request goes into it.
 */
export function hostOrigin(host: string, appPort: number): string {
  const name = host.toLowerCase();
  if (!isLocalHost(name)) return `https://${name}`;
  const bracketed = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  if (appPort === 443) return `https://${bracketed}`;
  return appPort === 80 ? `http://${bracketed}` : `http://${bracketed}:${appPort}`;
}

/** The brand's origins, one per app host; the first is where links go when the request names none of them. */
export const brandOrigins = (brand: { appHosts: readonly string[] }, appPort: number): string[] =>
  brand.appHosts.map((host) => hostOrigin(host, appPort));

/**
 * The origin for links in mail from an address the client sent (its app URL, a continueUrl), or
 * null when it is not one of the brand's origins: its host must be one of the brand's app hosts,
 * and the link gets that host's configured origin (`hostOrigin`). Any other host gets https on the
 * default port whatever the address said (a client cannot send a member to plain http or to another
 * service on the brand's host); a local development host must name the app's own port, so
 * `http://aurora.localhost:1/evil` is refused. Neither the Host nor an X-Forwarded-Host of the
 * request takes part.
 */
export function mailLinkOrigin(url: URL, brand: { appHosts: readonly string[] }, appPort: number): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  const plain = host.replace(/^\[(.*)\]$/, '$1');
  if (!brand.appHosts.some((h) => h.toLowerCase() === host || h.toLowerCase() === plain)) return null;
  const origin = hostOrigin(plain, appPort);
  if (!isLocalHost(plain)) return origin;
  return url.origin === new URL(origin).origin ? origin : null;
}

/** The origin of links to the member's app: the app URL the request came with when it is one of the brand's origins, else the brand's first. */
export function memberLinkOrigin(appUrl: string, brand: { appHosts: readonly string[] }, appPort: number): string {
  const own = URL.canParse(appUrl) ? mailLinkOrigin(new URL(appUrl), brand, appPort) : null;
  return own ?? brandOrigins(brand, appPort)[0] ?? 'https://localhost';
}

/** The brand a mail is sent for: its name, and the time zone and conventions dates and amounts are written in. */
export interface MailBrand {
  name: string;
  locality: Locality;
}
