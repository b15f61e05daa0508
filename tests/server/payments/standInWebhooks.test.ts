import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhookSender } from '../../../server/payments/standIn/webhooks.ts';
import { freePort } from '../support/paymentsApp.ts';

/*
 * The shared stand-in in front of several instances (the scale tests' load balancer): events go
 * to the webhook URLs in turn, and an event an instance did not take goes to the next one.
 */

const secret = 'whsec_test_spread';
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => (s.closeAllConnections(), s.close(resolve)))));
});

/** A webhook endpoint that records the event ids it took, or refuses every one with 503. */
async function endpoint(answer: 200 | 503) {
  const took: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      // Checked as the server checks it.
      const event = Stripe.webhooks.constructEvent(body, String(request.headers['stripe-signature']), secret);
      if (answer === 200) took.push(event.id);
      response.writeHead(answer).end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/payment/webhook`, took };
}

const session = (id: string) => ({ id, object: 'checkout.session' }) as unknown as Stripe.Checkout.Session;

async function until(condition: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('not delivered in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the stand-in webhook over several URLs', () => {
  it('sends the events to the URLs in turn, each once', async () => {
    const [a, b, c] = [await endpoint(200), await endpoint(200), await endpoint(200)];
    const sender = new WebhookSender([a.url, b.url, c.url], secret, Stripe.API_VERSION, Date.now);
    for (let i = 0; i < 6; i++) await sender.deliver('checkout.session.completed', session(`cs_${i}`));
    sender.close();
    expect([a.took.length, b.took.length, c.took.length]).toEqual([2, 2, 2]);
    expect(new Set([...a.took, ...b.took, ...c.took]).size).toBe(6);
  });

  it('passes an event a dead or refusing instance did not take to the next one', async () => {
    const dead = `http://127.0.0.1:${await freePort()}/v1/payment/webhook`;
    const refusing = await endpoint(503);
    const alive = await endpoint(200);
    const sender = new WebhookSender([dead, refusing.url, alive.url], secret, Stripe.API_VERSION, Date.now);
    await sender.deliver('checkout.session.completed', session('cs_first'));
    await sender.deliver('checkout.session.completed', session('cs_second'));
    await until(() => alive.took.length === 2);
    sender.close();
    expect(refusing.took).toEqual([]);
  });
});
