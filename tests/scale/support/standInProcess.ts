import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/support/paymentsApp.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * `npm run payments:stand-in` as its own process (what every instance of a deployment without
 * Stripe shares), posting its events to `webhookUrls` in turn as a load balancer would. Answers
 * the environment the servers need to use it.
 */
export async function startStandInProcess(webhookUrls: string[]) {
  const port = await freePort();
  const secretKey = `sk_test_${randomBytes(24).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/payments/standIn/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PAYMENTS_STAND_IN_PORT: String(port),
      PAYMENTS_STAND_IN_SECRET_KEY: secretKey,
      PAYMENTS_STAND_IN_WEBHOOK_SECRET: webhookSecret,
      PAYMENTS_STAND_IN_WEBHOOK_URL: webhookUrls.join(' '),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (d) => output.push(String(d)));
  child.stderr.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    child.exitCode !== null ? Promise.resolve() : new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM')));
  const deadline = Date.now() + 30_000;
  // Up once it answers (a request without a key gets Stripe's 401).
  while (!(await fetch(`${url}/v1/checkout/sessions/none`).then((r) => r.status === 401, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the payments stand-in did not start:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    secretKey,
    stop,
    /** What a server needs to use it. */
    env: { PAYMENTS_STAND_IN_URL: url, PAYMENTS_STAND_IN_SECRET_KEY: secretKey, PAYMENTS_STAND_IN_WEBHOOK_SECRET: webhookSecret },
    /** A session as the provider sees it (the truth a lost request cannot change). */
    async session(id: string): Promise<{ status: string; payment_status: string }> {
      const response = await fetch(`${url}/v1/checkout/sessions/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${secretKey}` } });
      return (await response.json()) as { status: string; payment_status: string };
    },
  };
}
