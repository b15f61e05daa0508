import { existsSync, readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { textLanguages } from '../language.ts';
import { requestHostHeader, type Brands } from '../plugins/memberContext.ts';
import { appUrlHost } from '../appUrl.ts';
import { encode, type ContentEncoding } from './compression.ts';
import { etagOf } from './httpCaching.ts';
import type { HomeBillboards } from './homeBillboard.ts';
import { requestLayout, type Layout } from './layout.ts';
import { parseTemplate, renderBrandShell, renderNeutralShell, type ShellBrand, type ShellTemplate } from './renderShell.ts';

/** Longer than any host name may be (253): not worth a brand lookup. */
const maxHostLength = 253 + ':65535'.length;

/**
 * The brand of the host the page was asked for: its Host header, what a cache keys on (never
 * another header's: a link from elsewhere carries its Referer, and an X-Forwarded-Host is not in the key).
 */
export async function brandOfHost(brands: Brands, request: FastifyRequest): Promise<ShellBrand | null> {
  const host = requestHostHeader(request);
  if (!host || host.length > maxHostLength) return null;
  const name = appUrlHost(`http://${host}`);
  return name ? brands.byHost(name) : null;
}

interface Rendered {
  html: string;
  etag: string;
  /** The page in a coding, compressed on first use and kept with the page. */
  body(encoding: ContentEncoding): string | Buffer;
}

function rendered(html: string): Rendered {
  const encoded = new Map<ContentEncoding, Buffer>();
  return {
    html,
    etag: etagOf(html),
    body(encoding) {
      if (encoding === 'identity') return html;
      let body = encoded.get(encoding);
      if (!body) encoded.set(encoding, (body = encode(html, encoding)));
      return body;
    },
  };
}

/** What of a brand the page shows, hashed: a brand row that changes in any of it renders the page again. */
const brandVersion = (brand: ShellBrand) =>
  createHash('sha256')
    .update(JSON.stringify([brand.name, brand.logoUrl, brand.theme, brand.navigationBar, brand.settings.appIcons ?? null]))
    .digest('base64url');

/**
 * index.html per host, rendered once per brand, layout and build and kept in memory: the brand
 * comes through the brands' TTL cache, so a changed brand is rendered again within that TTL.
 */
export interface AppShellDeps {
  clientDir: string;
  brands: Brands;
  homeBillboards: HomeBillboards;
}

/** The app's home: the feed, whose billboard the skeleton draws when visitors may browse. */
const isHome = (request: FastifyRequest) => request.url.split('?')[0] === '/';

export function createAppShell({ clientDir, brands, homeBillboards }: AppShellDeps) {
  const indexPath = `${clientDir}/index.html`;
  let template: { mtimeMs: number; parsed: ShellTemplate } | null = null;
  const pages = new Map<string, Rendered & { version: string }>();
  const maxPages = 1000;

  /** The built index.html, read again when a new build replaced it. */
  function currentTemplate(): ShellTemplate {
    const { mtimeMs } = statSync(indexPath);
    if (template?.mtimeMs !== mtimeMs) {
      template = { mtimeMs, parsed: parseTemplate(readFileSync(indexPath, 'utf8')) };
      pages.clear();
    }
    return template.parsed;
  }

  function cached(key: string, version: string, render: () => string): Rendered {
    const hit = pages.get(key);
    if (hit?.version === version) return hit;
    const page = { ...rendered(render()), version };
    if (!hit && pages.size >= maxPages) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
    return page;
  }

  return {
    /** Whether a built client is there to serve. */
    available: () => existsSync(indexPath),
    async page(request: FastifyRequest): Promise<Rendered & { layout: Layout }> {
      const brand = await brandOfHost(brands, request);
      const shell = currentTemplate();
      const layout = requestLayout(request.headers['user-agent']);
      if (!brand) return { ...cached('', '', () => renderNeutralShell(shell)), layout };
      const billboard = isHome(request) && brand.settings.visitorBrowsing ? await homeBillboards(brand.id, textLanguages(request, brand)) : null;
      const version = `${brandVersion(brand)}|${billboard ? JSON.stringify(billboard) : ''}`;
      const key = `${brand.id}|${layout}|${billboard ? 'home' : ''}`;
      return { ...cached(key, version, () => renderBrandShell(shell, brand, layout, billboard)), layout };
    },
  };
}

export type AppShell = ReturnType<typeof createAppShell>;
