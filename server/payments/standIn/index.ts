import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { StripeProtocolError, invalidRequest, missingParam } from './errors.ts';
import { parseStripeForm, type FormValue } from './form.ts';
import { SessionStore } from './sessions.ts';
import { WebhookSender, type WebhookTargets } from './webhooks.ts';

/**
 * The embedded stand-in for Stripe: the Checkout Session endpoints the server uses, spoken as
 * Stripe speaks them (form-encoded bodies, Bearer secret key, idempotency keys, Stripe's error
 * shape), with real session state, lapsing at `expires_at`, and signed events to one webhook
 * endpoint. The server reaches it only through the official `stripe` SDK (host/port/protocol).
 * `POST /_local/checkout/sessions/:id/pay` stands in for Stripe's own payment page: our card
 * form pays through it with Stripe's test-card outcomes. See docs/checkout.md.
 */
export interface StandInOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Address to listen on; loopback (the default) when embedded in the server. */
  host?: string;
  /** Where events go; several spread them as a load balancer would (tests with several instances). */
  webhookUrl: WebhookTargets;
  webhookSecret: string;
  /** The one secret key it accepts (made by the server for this run); any other is refused with Stripe's 401. */
  secretKey: string;
  /** Milliseconds since epoch; tests move it to make sessions lapse. */
  now?: () => number;
}

export interface StandIn {
  host: string;
  port: number;
  close(): Promise<void>;
}

const maxBodyBytes = 256 * 1024;
/** How often open sessions are checked for lapsing when nobody asks about them. */
const sweepEveryMs = 1_000;

export async function start(options: StandInOptions): Promise<StandIn> {
  const now = options.now ?? Date.now;
  const webhooks = new WebhookSender(options.webhookUrl, options.webhookSecret, Stripe.API_VERSION, now);
  const pending = new Set<Promise<void>>();
  const sessions = new SessionStore(now, (type, session) => {
    const delivery = webhooks.deliver(type, session).finally(() => pending.delete(delivery));
    pending.add(delivery);
  });
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();

  async function route(request: IncomingMessage, body: string): Promise<{ status: number; body: unknown }> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const params = request.method === 'GET' ? parseStripeForm(url.searchParams.toString()) : parseStripeForm(body);

    // Stripe's own payment page, for our card form; it authenticates with the client secret instead.
    const pay = /^\/_local\/checkout\/sessions\/([^/]+)\/pay$/.exec(path);
    if (pay && request.method === 'POST') {
      const card = record(params.card);
      const billing = record(params.billing_details);
      const session = sessions.pay(pay[1]!, required(params, 'client_secret'), {
        number: required(card, 'number', 'card[number]'),
        expMonth: Number(required(card, 'exp_month', 'card[exp_month]')),
        expYear: Number(required(card, 'exp_year', 'card[exp_year]')),
        cvc: required(card, 'cvc', 'card[cvc]'),
      }, { name: text(billing.name) ?? '', email: text(billing.email) ?? '' });
      // The first delivery of `completed` is awaited, so the server usually has the order when the form hears "paid".
      await Promise.all(pending);
      return { status: 200, body: session };
    }

    const key = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!key) {
      throw new StripeProtocolError(401, 'invalid_request_error', 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.');
    }
    if (!sameSecret(key, options.secretKey)) {
      throw new StripeProtocolError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`);
    }

    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      return withIdempotency(request, key, path, body, () => ({ status: 200, body: sessions.create(params) }));
    }
    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire|\/line_items)?$/.exec(path);
    if (one) {
      const id = one[1]!;
      if (request.method === 'GET' && !one[2]) return { status: 200, body: sessions.retrieve(id) };
      if (request.method === 'POST' && one[2] === '/expire') {
        return withIdempotency(request, key, path, body, () => ({ status: 200, body: sessions.expire(id) }));
      }
      if (request.method === 'GET' && one[2] === '/line_items') {
        const data = sessions.lineItems(id).map((line, i) => ({
          id: `li_${id.slice(-12)}_${i}`,
          object: 'item',
          amount_subtotal: line.unitAmount * line.quantity,
          amount_total: line.unitAmount * line.quantity,
          currency: sessions.retrieve(id).currency,
          description: line.name,
          quantity: line.quantity,
        }));
        return { status: 200, body: { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${id}/line_items` } };
      }
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      return withIdempotency(request, key, path, body, () => {
        const amount = text(params.amount);
        return { status: 200, body: sessions.refund(required(params, 'payment_intent'), amount === undefined ? undefined : Number(amount)) };
      });
    }
    throw new StripeProtocolError(404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${path}).`);
  }

  /** Stripe's idempotency: the same key and body answer the first answer again; another body with the key is refused. */
  function withIdempotency(
    request: IncomingMessage,
    apiKey: string,
    path: string,
    body: string,
    act: () => { status: number; body: unknown },
  ): { status: number; body: unknown } {
    const header = request.headers['idempotency-key'];
    if (typeof header !== 'string' || !header) return act();
    const slot = `${apiKey}\n${header}`;
    const fingerprint = createHash('sha256').update(`${path}\n${body}`).digest('hex');
    const earlier = idempotent.get(slot);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        throw new StripeProtocolError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${header}' if you meant to execute a different request.`);
      }
      return { status: earlier.status, body: earlier.body };
    }
    let answer: { status: number; body: unknown };
    try {
      answer = act();
    } catch (error) {
      if (!(error instanceof StripeProtocolError) || error.status >= 500) throw error;
      answer = { status: error.status, body: error.body };
    }
    idempotent.set(slot, { fingerprint, status: answer.status, body: structuredClone(answer.body) });
    return answer;
  }

  const server = createServer((request, response) => {
    readBody(request)
      .then((body) => route(request, body))
      .then(
        (answer) => send(response, answer.status, answer.body),
        (error: unknown) => {
          const failure = error instanceof StripeProtocolError ? error : new StripeProtocolError(500, 'api_error', 'An unknown error occurred in the stand-in.');
          send(response, failure.status, failure.body);
        },
      );
  });
  const sweep = setInterval(() => sessions.sweep(), sweepEveryMs);
  sweep.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    host: options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1',
    port,
    close: async () => {
      clearInterval(sweep);
      webhooks.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Compares secrets in constant time (their hashes have one length). */
const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

const text = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const record = (value: FormValue | undefined): Record<string, FormValue> =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

function required(params: Record<string, FormValue>, name: string, param = name): string {
  const value = text(params[name]);
  if (value === undefined || value === '') throw missingParam(param);
  return value;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        reject(invalidRequest('The request body is too large.'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent || response.destroyed) return;
  const json = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now().toString(36)}`, 'stripe-version': Stripe.API_VERSION });
  response.end(json);
}
