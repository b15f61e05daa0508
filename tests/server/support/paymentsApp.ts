import { createServer, type AddressInfo } from 'node:net';
import { localPayments } from '../../../server/payments/index.ts';
import type { OpenDatabase } from '../../../server/db/database.ts';
import type { AppOptions } from '../../../server/app.ts';
import { createTestApp } from './testApp.ts';

/**
 * A loopback port free a moment ago (the server that found it is closed again). Only for a port
 * nothing should answer on, or one that must be known before its server starts (the scale
 * suite's pooler and stand-in, run one file at a time): a server of ours listens on 0 instead,
 * since a port found free can be taken before it binds.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The whole server with the embedded payments provider, listening on loopback so the stand-in
 * can deliver its signed events to /v1/payment/webhook, as in a local demo.
 */
export async function createPaymentsTestApp(
  options: { now?: () => number; database?: OpenDatabase; devTools?: boolean; accountRateLimits?: AppOptions['accountRateLimits']; commerceLimits?: AppOptions['commerceLimits']; visitorRateLimit?: AppOptions['visitorRateLimit']; adminToken?: string } = {},
) {
  // The app listens on a port it picks (0); the stand-in learns it before any event is sent.
  let port = 0;
  const payments = await localPayments({ webhookUrl: () => `http://127.0.0.1:${port}/v1/payment/webhook`, now: options.now });
  const t = await createTestApp({ ...options, payments });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  return {
    ...t,
    payments,
    port,
    close: async () => {
      await payments.close();
      await t.close();
    },
  };
}

export type PaymentsTestApp = Awaited<ReturnType<typeof createPaymentsTestApp>>;
