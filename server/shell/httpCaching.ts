import { createHash } from 'node:crypto';

/** A strong ETag of a text. */
export const etagOf = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`;

/** If-None-Match holds the ETag (or `*`); weak and strong forms compare alike. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
