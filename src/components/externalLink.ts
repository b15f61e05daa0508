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
