import { notFound } from '../errors.ts';
import { brandOfHost, type AppShell } from '../shell/appShell.ts';
import { addVary, encodedEtag, pickEncoding } from '../shell/compression.ts';
import { etagOf, matchesEtag } from '../shell/httpCaching.ts';
import { webManifest } from '../shell/manifest.ts';
import { manifestPath } from '../shell/renderShell.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, RouteDeps } from './types.ts';

/** The web app manifest of the host's brand (linked from the HTML shell); 404 for a host of no brand. */
export async function manifestRoutes(app: App, { brands }: Pick<RouteDeps, 'brands'>) {
  app.get(manifestPath, { schema: { hide: true } }, async (request, reply) => {
    const brand = await brandOfHost(brands, request);
    if (!brand) throw notFound('brand_not_found', 'No brand is registered for this host');
    const body = JSON.stringify(webManifest(brand));
    const etag = etagOf(body);
    reply.header('content-type', 'application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.send(body);
  });
}

/** Every app URL (/, /more/faq, /offer/...) is the single-page app, in the host's brand, compressed when the browser takes it. */
export async function sendAppShell(shell: AppShell, request: FastifyRequest, reply: FastifyReply) {
  const page = await shell.page(request);
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const etag = encodedEtag(page.etag, encoding);
  // Revalidated on every load (a new build or a changed brand shows at once); the layout follows the browser, the home's billboard its language.
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('etag', etag)
    .header('vary', addVary(reply.getHeader('vary'), ['User-Agent', 'Accept-Language', 'Accept-Encoding']));
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
  const body = page.body(encoding);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  if (request.method === 'HEAD') return reply.header('content-length', Buffer.byteLength(body)).send();
  return reply.send(body);
}
