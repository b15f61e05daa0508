import type { FastifyInstance } from 'fastify';

/**
 * On SIGTERM (or SIGINT) the server stops taking connections, lets the requests in flight finish
 * (Fastify answers 503 to any new request on a kept-alive connection meanwhile), stops its sweeps
 * (the app's close hooks), then runs `release` (payments, the pool, DATA_DIR) and exits 0. If that
 * takes longer than `timeoutMs` it exits 1 anyway: an orchestrator's kill must not find it hung.
 */
export function closeOnSignals(app: FastifyInstance, { timeoutMs, release }: { timeoutMs: number; release: () => Promise<void> }) {
  let closing = false;
  const close = async (signal: NodeJS.Signals) => {
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
