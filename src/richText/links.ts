import type { LinkContext } from './types.ts';

const allowedSchemes = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const knownSections = new Set(['mixedFeed', 'editorial', 'live', 'benefit']);

export interface ResolvedLink {
  href: string;
  inApp: boolean;
}

/** A safe href for a rich-text link, or null when it must render as plain text. */
export function resolveLink(url: unknown, links: LinkContext): ResolvedLink | null {
  if (typeof url !== 'string') return null;
  let parsed: URL;
  try {
    // No base URL: relative links are rejected rather than resolved against the page.
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (!allowedSchemes.has(parsed.protocol)) return null;
  const isWeb = parsed.protocol === 'http:' || parsed.protocol === 'https:';
  if (isWeb && appHostnames(links.appHosts).has(parsed.hostname)) {
    // Collapsed leading slashes: '//evil.example/x' would be a protocol-relative link off the app.
    const path = parsed.pathname.replace(/^\/+/, '/') + parsed.search + parsed.hash;
    return { href: inAppPath(path, links.currentSection), inApp: true };
  }
  return { href: parsed.href, inApp: false };
}

function appHostnames(appHosts: unknown): Set<string> {
  const names = new Set<string>();
  if (!Array.isArray(appHosts)) return names;
  for (const host of appHosts) {
    if (typeof host !== 'string' || host.trim() === '') continue;
    try {
      // Parsing drops any port and lower-cases, so 'Aurora.localhost:5173' matches too.
      names.add(new URL(`http://${host.trim()}`).hostname);
    } catch {
      // An unusable host entry simply matches nothing.
    }
  }
  return names;
}

/**
 * Spec 2.3: an offer path `/{section}/...` seen from another section keeps the reader in the
 * current one. Paths that already carry an origin, section roots and other pages stay as they are.
 */
export function inAppPath(path: string, currentSection: string | null): string {
  const segments = path.split('?')[0]!.split('/').filter(Boolean);
  const [first, second] = segments;
  const needsPrefix =
    typeof currentSection === 'string' &&
    currentSection !== '' &&
    first !== undefined &&
    second !== undefined &&
    knownSections.has(first) &&
    !knownSections.has(second) &&
    first !== currentSection;
  return needsPrefix ? `/${currentSection}${path}` : path;
}
