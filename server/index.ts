import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { seedDemo } from './db/seed/index.ts';
import { demoBanner } from './db/seed/demoBanner.ts';
import { createIdentity } from './identity/index.ts';
import { createMailSender } from './mail/index.ts';
import { claimDataDir } from './dataDirOwner.ts';
import { createEid } from './eid/index.ts';
import { buildApp } from './app.ts';
import { createPayments } from './payments/index.ts';
import { devLogStream, wantsDevLog } from './devLog.ts';
import { closeOnSignals } from './shutdown.ts';

// Compiled (`npm run build`) this file is dist-server/server/index.js; either way the client's build is <root>/dist.
const builtClientDir = import.meta.url.endsWith('.js') ? '../../dist' : '../dist';

async function main() {
  const config = readConfig();
  // Claimed before PGlite opens the directory, so `npm run outbox` never opens it beside us.
  const embedded = !config.databaseUrl && !config.dataDir.startsWith('memory://');
  // Tools such as `npm run codes:import` write through this server while it holds DATA_DIR; the token proves they run here
  // (OPERATOR_TOKEN, when set, opens the same calls to commands elsewhere, on any database).
  const adminToken = embedded ? randomBytes(32).toString('base64url') : undefined;
  let releaseDataDir = embedded ? claimDataDir(config.dataDir, config.port, adminToken) : () => undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    migrate: config.migrateOnStart,
  });
  const mail = createMailSender(config, database.db);
  const identity = await createIdentity(config, { db: database.db, mail });
  if (config.seedDemo) await seedDemo(database.db, identity);
  const eid = await createEid(config, { db: database.db });
  // The embedded provider delivers its events to this server's own webhook, on loopback (on the port
  // it listens on, which with PORT=0 is known only once it listens).
  const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  let port = config.port;
  const payments = await createPayments(config, {
    webhookUrl: () => `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${port}/v1/payment/webhook`,
  });
  const app = await buildApp({
    db: database.db,
    identity,
    // CLIENT_DIR lets several test servers serve separate builds side by side.
    clientDir: process.env.KLUBB_NO_CLIENT
      ? undefined
      : process.env.CLIENT_DIR
        ? resolve(process.env.CLIENT_DIR)
        : fileURLToPath(new URL(builtClientDir, import.meta.url)),
    logger: { level: config.logLevel, ...(wantsDevLog(process.env, process.stdout.isTTY) ? { stream: devLogStream() } : {}) },
    trustProxy: config.trustProxy,
    appPort: config.appPort,
    connectSources: config.connectSources,
    frameSources: config.frameSources,
    devTools: config.devTools,
    accountRateLimits: { createPerWindow: config.accountCreateLimit },
    visitorRateLimit: { perMinute: config.visitorRateLimit },
    commerceLimits: config.commerceLimits,
    analytics: config.analytics,
    checkoutSweepMs: config.sweepIntervalMs,
    jobLeaseMs: config.jobLeaseMs,
    eid,
    mail,
    adminToken,
    operatorToken: config.operatorToken,
    payments,
    googleMaps: config.googleMaps,
  });
  closeOnSignals(app, {
    timeoutMs: config.shutdownTimeoutMs,
    release: async () => {
      await payments.close();
      await database.close();
      releaseDataDir();
    },
  });
  await app.listen({ port: config.port, host: config.host });
  port = (app.server.address() as AddressInfo).port;
  if (embedded && port !== config.port) releaseDataDir = claimDataDir(config.dataDir, port, adminToken);
  app.log.info(`Klubb on http://localhost:${port} (database: ${database.kind}, identity: ${identity.kind}, payments: ${payments.kind})`);
  // Where to go and who to be: the demo brands' URLs and users, on the console for the person who started it.
  if (config.seedDemo) console.log(demoBanner(port));
  // A parent process that started us with an IPC channel (the tests) learns the port without guessing a free one.
  process.send?.({ type: 'klubb.listening', port });
  process.channel?.unref();
}

main().catch((error: unknown) => {
  // Configuration mistakes are the operator's to fix: say what is wrong, without a stack trace.
  const isConfigMistake =
    error instanceof ConfigError || (error instanceof Error && ['ServiceAccountError', 'DataDirInUseError'].includes(error.name));
  console.error(isConfigMistake ? `Klubb cannot start: ${(error as Error).message}` : error);
  process.exit(1);
});
