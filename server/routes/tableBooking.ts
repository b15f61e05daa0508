import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverDir } from '../serverDir.ts';
import formbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bookingFormPage, cancelPage, confirmationPage, notFoundPage, stylesheetPath, type FieldErrors } from '../booking/pages.ts';
import { bookingTexts } from '../booking/texts.ts';
import { brandThemeRule } from '../booking/theme.ts';
import { checkChoice, defaultChoice, formValue, isWidget, widgetLanguage, type Choice, type Widget } from '../booking/widget.ts';
import { isLanguage } from '../../domain/language.ts';
import { brandOrigins, hostOrigin } from '../mail/mail.ts';
import { appUrlHost } from '../appUrl.ts';
import { requestHostHeader, type BrandRow } from '../plugins/memberContext.ts';
import type { App, RouteDeps } from './types.ts';
import { appPortOf } from '../mail/appPort.ts';

const stylesheet = readFileSync(join(serverDir, 'booking/booking.css'), 'utf8');
const hostName = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/**
 * Who may frame the widget: the brand's own app hosts, over http or https on any port (its app
 * runs on them in development and production alike); no one else, not even another brand on
 * this server. Without hosts, no one.
 */
export function frameAncestors(brand: Pick<BrandRow, 'appHosts'> | null): string {
  const hosts = (brand?.appHosts ?? []).map((h) => h.toLowerCase()).filter((h) => hostName.test(h));
  return hosts.length > 0 ? hosts.flatMap((h) => [`http://${h}:*`, `https://${h}:*`]).join(' ') : "'none'";
}

/** The pages' whole policy: their own stylesheet, forms to this origin, no scripts, framed only by `ancestors`. */
const policy = (ancestors: string) =>
  `default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors ${ancestors}`;

function sendPage(reply: FastifyReply, status: number, html: string, ancestors: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', policy(ancestors))
    // Under helmet's no-referrer a browser sends `Origin: null` with every form POST, and the
    // pages' own forms would be refused; same-origin keeps the origin (and the cancel link's
    // token) from other sites all the same.
    .header('referrer-policy', 'same-origin')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * A form sent by a browser carries its page's Origin; one from another origin (another site, or
 * a sandboxed frame's "null") is refused. There is no session to ride on, so this is all a forged
 * form could be stopped by; clients that send no Origin are not browsers and could forge anything.
 */
function fromOwnPage(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const own = `${request.protocol}://${request.host}`;
  return URL.canParse(origin) && URL.canParse(own) && new URL(origin).origin === new URL(own).origin;
}

/**
 * The cancel link's origin: the brand's configured origin of the host the guest booked on when it is
 * one of the brand's app hosts (server/mail/mail.ts, hostOrigin), else the brand's first; neither a
 * forged Host nor an X-Forwarded-Host puts another site or port into the brand's mail.
 */
export function cancelLinkOrigin(request: FastifyRequest, brand: Pick<BrandRow, 'appHosts'>): string {
  const host = appUrlHost(`http://${requestHostHeader(request)}`);
  const ours = host !== null && brand.appHosts.some((h) => h.toLowerCase() === host);
  const origins = brandOrigins(brand, appPortOf(request.server));
  return (ours ? hostOrigin(host, appPortOf(request.server)) : origins[0]) ?? 'https://localhost';
}

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
type Params = { brandId: string; restaurantId: string };
type Values = { time: string; name: string; email: string; phone: string } | Record<string, never>;

/** Our own table-booking widget (docs/table-booking.md): standalone pages, framed by the brand's app. */
export async function tableBookingRoutes(app: App, deps: RouteDeps) {
  const booking = deps.tableBookings;
  const now = () => deps.now?.() ?? Date.now();

  await app.register(async (pages) => {
    if (!pages.hasContentTypeParser('application/x-www-form-urlencoded')) await pages.register(formbody, { bodyLimit: 16 * 1024 });
    // The widget is framed by the brand's app: frame-ancestors (per brand, below) replaces X-Frame-Options.
    const framed = { helmet: { xFrameOptions: false } } as const;

    // In the brand's colours (?brand=…), so the widget matches the dialog that frames it.
    pages.get<{ Querystring: Record<string, unknown> }>(stylesheetPath, async (request, reply) => {
      // Cached by id (server/plugins/memberContext.ts): a brand's stylesheet asked for again costs no query.
      const brandId = request.query.brand;
      const brand = typeof brandId === 'string' && brandId.length > 0 && brandId.length <= 200 ? await deps.brands.byId(brandId) : null;
      return reply.header('cache-control', 'public, max-age=300').type('text/css; charset=utf-8').send(brandThemeRule(brand?.theme ?? null) + stylesheet);
    });

    const notFound = (reply: FastifyReply, language: Parameters<typeof notFoundPage>[0], brand: BrandRow | null, kind: 'restaurant' | 'link' = 'restaurant') =>
      sendPage(reply, 404, notFoundPage(language, brand?.id ?? null, kind), kind === 'link' ? "'none'" : frameAncestors(brand));

    const showForm = async (reply: FastifyReply, w: Widget, status: number, choice: Choice, values: Values, errors: FieldErrors, notice?: string) =>
      sendPage(reply, status, bookingFormPage(await booking.formView(w, choice, values, errors, notice)), frameAncestors(w.brand));

    pages.get<{ Params: Params; Querystring: Record<string, unknown> }>('/booking/:brandId/:restaurantId', framed, async (request, reply) => {
      const { brandId, restaurantId } = request.params;
      const loaded = await booking.loadWidget(brandId, restaurantId, request.query.lang);
      if (!isWidget(loaded)) return notFound(reply, loaded.language, loaded.brand);
      const asked = request.query.date !== undefined || request.query.party !== undefined;
      const fallback = defaultChoice(loaded, now());
      const choice = checkChoice(loaded, now(), asked ? formValue(request.query, 'date') : fallback.date, asked ? formValue(request.query, 'party') : fallback.party);
      return showForm(reply, loaded, Object.keys(choice.errors).length > 0 ? 400 : 200, choice, {}, {});
    });

    pages.post<{ Params: Params; Querystring: Record<string, unknown>; Body: unknown }>('/booking/:brandId/:restaurantId', framed, async (request, reply) => {
      const { brandId, restaurantId } = request.params;
      const loaded = await booking.loadWidget(brandId, restaurantId, request.query.lang);
      if (!isWidget(loaded)) return notFound(reply, loaded.language, loaded.brand);
      const w = loaded;
      const t = bookingTexts[w.language];
      const form = request.body;
      const values = { time: formValue(form, 'time'), name: formValue(form, 'name'), email: formValue(form, 'email'), phone: formValue(form, 'phone') };
      const choice = checkChoice(w, now(), formValue(form, 'date'), formValue(form, 'party'));
      if (!fromOwnPage(request)) return showForm(reply, w, 403, choice, values, {}, t.wrongOrigin);
      const outcome = await booking.submit(w, choice, values, { clientAddress: request.ip, linkOrigin: cancelLinkOrigin(request, w.brand) });
      switch (outcome.kind) {
        case 'booked':
          return sendPage(reply, 200, confirmationPage(w.language, w.brand.id, outcome.summary, outcome.guestEmail, `${w.path}?lang=${w.language}`), frameAncestors(w.brand));
        case 'invalid':
          return showForm(reply, w, 400, choice, values, outcome.errors);
        case 'gone':
          return notFound(reply, w.language, w.brand);
        case 'tooMany': {
          reply.header('retry-after', String(outcome.retryAfterSeconds));
          const message = outcome.limitedBy === 'guest' ? t.tooManyForGuest : t.tooMany(Math.ceil(outcome.retryAfterSeconds / 60));
          return showForm(reply, w, 429, choice, values, {}, message);
        }
        case 'full':
          // Taken meanwhile: the form again, with the times as they are now; nothing was booked.
          return showForm(reply, w, 409, choice, { ...values, time: '' }, { time: t.seatingFull(outcome.clock) });
      }
    });

    type CancelRequest = FastifyRequest<{ Params: { token: string }; Querystring: Record<string, unknown> }>;
    /** The cancel link's page; `cancel` cancels first (POST from the page itself only: a forged form just sees the page). */
    const cancelAnswer = async (request: CancelRequest, reply: FastifyReply, cancel: boolean) => {
      const { token } = request.params;
      const lang = request.query.lang;
      // The page speaks the language the guest booked in, unless the link asks for another.
      const page = tokenPattern.test(token) ? await booking.cancelLinkPage(token, cancel, isLanguage(lang) ? lang : null) : null;
      if (!page) return notFound(reply, isLanguage(lang) ? lang : 'en', null, 'link');
      const action = `/booking/cancel/${token}`;
      return sendPage(reply, cancel || fromOwnPage(request) ? 200 : 403, cancelPage(page.language, page.brandId, page.summary, page.state, action), "'none'");
    };
    pages.get('/booking/cancel/:token', (request: CancelRequest, reply) => cancelAnswer(request, reply, false));
    pages.post('/booking/cancel/:token', (request: CancelRequest, reply) => cancelAnswer(request, reply, fromOwnPage(request)));

    // Any other path under /booking/ is not found, in the widget's style rather than the app's.
    pages.all<{ Querystring: Record<string, unknown> }>('/booking/*', (request, reply) => notFound(reply, widgetLanguage(request.query.lang, null), null));
  });
}
