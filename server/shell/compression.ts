import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What the HTML shell is sent in: brotli or gzip when the browser takes it, else as it is. */
export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The weight (q) of each coding an Accept-Encoding header names; `*` stands for any not named. */
function weights(acceptEncoding: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    named.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  return named;
}

/** The best coding the request accepts, brotli before gzip at equal weight (RFC 9110, 12.5.3). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const named = weights(header);
  const weightOf = (coding: string) => named.get(coding) ?? named.get('*') ?? 0;
  const [best] = (['br', 'gzip'] as const).filter((coding) => weightOf(coding) > 0).sort((a, b) => weightOf(b) - weightOf(a));
  return best ?? 'identity';
}

/** The body in a coding; brotli at its strongest text setting, as each page is compressed once and then kept. */
export function encode(html: string, encoding: Exclude<ContentEncoding, 'identity'>): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 11 } })
    : gzipSync(html, { level: 9 });
}

/** A representation's strong ETag: each coding of the page is a body of its own, so it gets a tag of its own. */
export const encodedEtag = (etag: string, encoding: ContentEncoding) => (encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`);

/** Adds names to the Vary header, keeping those already there (CORS's Origin, say). */
export function addVary(current: number | string | string[] | undefined, names: string[]): string {
  const present = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const known = new Set(present.map((n) => n.toLowerCase()));
  return [...present, ...names.filter((n) => !known.has(n.toLowerCase()))].join(', ');
}
