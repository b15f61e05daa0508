import { createHmac, randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

/** Waits between delivery attempts of one event; after the last, the event is given up (as Stripe does after days). */
const retryDelaysMs = [250, 1_000, 5_000, 15_000, 60_000];

/** `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (what `constructEvent` checks). */
export function signatureHeader(payload: string, secret: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

/**
 * Where events go: one URL, several (the instances behind a load balancer, in tests), or the URL
 * as known when an event is sent (a server listening on a port it picked itself).
 */
export type WebhookTargets = string | readonly string[] | (() => string);

/**
 * Delivers events to the webhook endpoint as Stripe does: JSON body, signed, retried with backoff
 * on a non-2xx answer or a network failure. `deliver` resolves after the first attempt, whatever
 * it gave; retries go on in the background until `close`. Given several URLs (the instances
 * behind a load balancer, in tests), each event goes to the next in turn, and a retry to the one
 * after it, as a balancer passes over a dead instance.
 */
export class WebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;
  private turn = 0;

  private readonly urls: () => readonly string[];

  constructor(
    targets: WebhookTargets,
    private readonly secret: string,
    private readonly apiVersion: string,
    private readonly clock: () => number,
  ) {
    this.urls = typeof targets === 'function' ? () => [targets()] : typeof targets === 'string' ? () => [targets] : () => targets;
  }

  async deliver(type: Stripe.Event.Type, object: Stripe.Checkout.Session | Stripe.Charge): Promise<void> {
    const event = {
      id: `evt_${randomBytes(16).toString('hex').slice(0, 24)}`,
      object: 'event',
      api_version: this.apiVersion,
      created: Math.floor(this.clock() / 1000),
      // A copy: later changes to the session are not part of this event.
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    await this.attempt(JSON.stringify(event), 0, this.turn++);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async attempt(payload: string, attempt: number, turn: number): Promise<void> {
    if (this.closed) return;
    let delivered = false;
    try {
      const urls = this.urls();
      const response = await fetch(urls[(turn + attempt) % urls.length]!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureHeader(payload, this.secret, Date.now()),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) klubb-stand-in',
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      delivered = response.ok;
      await response.body?.cancel();
    } catch {
      delivered = false;
    }
    const delay = retryDelaysMs[attempt];
    if (delivered || delay === undefined || this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(payload, attempt + 1, turn);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }
}
