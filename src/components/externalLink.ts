import type { ContainerType } from '../domain/deviceProfile.ts';

/**
 * Only web pages open from the brand's links (chat, Messenger, terms): http(s), or a path on the
 * app's own origin (the brand's documents under /media); anything else (javascript:, data:) is dropped.
 */
export function webHref(url: string | null | undefined): string | null {
  if (!url) return null;
  // Not `//host` or `/\host`: browsers read both as another site.
  if (/^\/(?![/\\])/.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** What an outside link gets: it opens in a new window (the app stays where it was), without access back to the app. */
export const newWindow = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** A phone number as a `tel:` link: digits and a leading plus only ('+46 8 555 010 00' → 'tel:+46855501000'). */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d/.test(digits) ? `tel:${digits}` : null;
}

/**
 * The custom schemes the native containers open outside links with (spec 9): https links become
 * the first, http links the second; the container hands them to the system browser.
 */
export const containerSchemes = { 'https:': 'klubbs:', 'http:': 'klubb:' } as const;

/** A bank-identity (BankID) link: the app's own scheme, or its universal link. */
export function isBankIdLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'bankid:' || (parsed.protocol === 'https:' && parsed.hostname === 'app.bankid.com');
  } catch {
    return false;
  }
}

/**
 * How an outside link leaves the app (spec 9). In a plain browser it opens in a new window (null:
 * leave the link as it is). In a native container an https or http link becomes the app's scheme
 * ('https://x.se/a' → 'klubbs://x.se/a'), and on iOS a bank-identity link opens directly.
 */
export function containerHref(url: string, containerType: ContainerType): string | null {
  if (containerType !== 'ios-wv' && containerType !== 'android-wv') return null;
  if (containerType === 'ios-wv' && isBankIdLink(url)) return url;
  try {
    const parsed = new URL(url);
    const scheme = containerSchemes[parsed.protocol as keyof typeof containerSchemes];
    return scheme ? scheme + parsed.href.slice(parsed.protocol.length) : null;
  } catch {
    return null;
  }
}
