import { createServer, type AddressInfo } from 'node:net';
import { localPayments } from '../../../server/payments/index.ts';
import type { OpenDatabase } from '../../../server/db/database.ts';
import type { AppOptions } from '../../../server/app.ts';
import { createTestApp } from './testApp.ts';

/** A free loopback port (the server that found it is closed again). */
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
  options: { now?: () => number; database?: OpenDatabase; devTools?: boolean; accountRateLimits?: AppOptions['accountRateLimits']; commerceLimits?: AppOptions['commerceLimits']; visitorRateLimit?: AppOptions['visitorRateLimit'] } = {},
) {
  const port = await freePort();
  const payments = await localPayments({ webhookUrl: `http://127.0.0.1:${port}/v1/payment/webhook`, now: options.now });
  const t = await createTestApp({ ...options, payments });
  await t.app.listen({ port, host: '127.0.0.1' });
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
