import { Type } from 'typebox';
import { escapeHtml } from '../mail/mail.ts';
import type { OutboxRow } from '../mail/outbox.ts';
import { loopbackOnly } from '../plugins/loopbackOnly.ts';
import type { App, RouteDeps } from './types.ts';

const OutboxQuery = Type.Object({
  to: Type.Optional(Type.String({ maxLength: 320 })),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 50 }),
});

/** Text with its http(s) links made clickable; everything else escaped. */
export function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}

const toJson = (row: OutboxRow) => ({
  id: row.id,
  brandId: row.brandId,
  to: row.to,
  subject: row.subject,
  text: row.text,
  html: row.html,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  attachments: row.attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    size: Buffer.byteLength(a.content, a.encoding === 'base64' ? 'base64' : 'utf8'),
    // Calendar files as sent, to read them as the member's mail program would; images stay out.
    ...(a.contentType.startsWith('text/calendar') ? { content: a.content } : {}),
  })),
});

/** Inline images (ticket QR codes) shown as the mail shows them. */
const imagePreview = (a: OutboxRow['attachments'][number]) =>
  a.encoding === 'base64' && /^image\/(gif|png)$/.test(a.contentType)
    ? `<br><img src="data:${a.contentType};base64,${escapeHtml(a.content)}" alt="${escapeHtml(a.filename)}">`
    : '';

function page(rows: OutboxRow[], to: string | undefined): string {
  const items = rows
    .map(
      (row) => `<article>
<h2>${escapeHtml(row.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(row.to)}</strong> · <time datetime="${row.createdAt.toISOString()}">${escapeHtml(row.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time>${row.sentAt ? ' · sent by SMTP' : ''}</p>
<pre>${linkify(row.text)}</pre>${
        row.attachments.length > 0
          ? `\n<ul class="attachments">${row.attachments.map((a) => `<li>📎 <span class="filename">${escapeHtml(a.filename)}</span> (<span class="content-type">${escapeHtml(a.contentType)}</span>)${imagePreview(a)}</li>`).join('')}</ul>`
          : ''
      }
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mail outbox</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#222}article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}h2{font-size:1.05rem}.meta{color:#555}pre{white-space:pre-wrap;font:inherit}</style>
</head><body>
<h1>Mail outbox${to ? ` to ${escapeHtml(to)}` : ''}</h1>
<p>${rows.length} newest mail${rows.length === 1 ? '' : 's'}, newest first (at most 50; development only). As JSON: <a href="/dev/outbox.json">/dev/outbox.json</a>.</p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}

/** GET /dev/outbox (HTML) and /dev/outbox.json: what the product mailed, for development. Registered only with devTools; loopback clients only. */
export async function devOutboxRoutes(app: App, { outbox }: RouteDeps) {
  const options = { onRequest: loopbackOnly, schema: { querystring: OutboxQuery } };
  app.get('/dev/outbox', options, async (request, reply) => {
    const rows = await outbox.newest(request.query);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page(rows, request.query.to));
  });
  app.get('/dev/outbox.json', options, async (request, reply) => {
    const rows = await outbox.newest(request.query);
    return reply.header('cache-control', 'no-store').send({ mails: rows.map(toJson) });
  });
}
