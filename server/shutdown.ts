import type { FastifyInstance } from 'fastify';

/**
 * On SIGTERM (or SIGINT) the server stops taking connections, lets the requests in flight finish
 * and closes each connection after its answer (Fastify answers 503 to a new request on a kept-alive
 * one meanwhile), stops its sweeps (the app's close hooks), then runs `release` (payments, the
 * pool, DATA_DIR) and exits 0. If that takes longer than `timeoutMs` it exits 1 anyway: an
 * orchestrator's kill must not find it hung.
 */
export function closeOnSignals(app: FastifyInstance, { timeoutMs, release }: { timeoutMs: number; release: () => Promise<void> }) {
  let closing = false;
  // Node closes only the connections idle when closing starts: one whose request was in flight is
  // kept alive after its answer (a browser's, a load balancer's) unless the answer says close.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const close = async (signal: NodeJS.Signals) => {
    // Ctrl-C under `npm start` can arrive twice (the terminal's and npm's): the timeout bounds the wait instead.
    if (closing) return;
    closing = true;
    app.log.info({ signal, timeoutMs }, 'shutting down: finishing the requests in flight');
    const deadline = setTimeout(() => {
      app.log.warn({ timeoutMs }, 'shutdown took longer than SHUTDOWN_TIMEOUT_MS: exiting with requests still in flight');
      process.exit(1);
    }, timeoutMs);
    let code = 0;
    for (const step of [() => app.close(), release]) {
      try {
        await step();
      } catch (error) {
        app.log.error({ err: error instanceof Error ? error.message : 'unknown' }, 'shutdown step failed');
        code = 1;
      }
    }
    clearTimeout(deadline);
    app.log.info('shut down');
    process.exit(code);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
}
