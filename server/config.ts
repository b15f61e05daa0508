import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { isIP } from 'node:net';
import { OperatorTokenError, readOperatorToken } from './operatorToken.ts';

const Env = Type.Object({
  /** 0: a free port the system picks; the server tells it (its log, DATA_DIR/server.json, and a parent's IPC channel). */
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  HOST: Type.String({ default: '0.0.0.0' }),
  DATA_DIR: Type.String({ minLength: 1, default: '.data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** Connections each instance's PostgreSQL pool may open (behind PgBouncer: client connections). */
  DATABASE_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
  /** Applies pending migrations on start; a deployment that runs `npm run db:migrate` as its own step sets false. */
  MIGRATE_ON_START: Type.Boolean({ default: true }),
  /** How long requests in flight may finish after SIGTERM before the process exits anyway (ms). */
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 0, default: 10_000 }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  /** Firebase project id: of the embedded provider's tokens, or of real Firebase (default: the service account's). */
  FIREBASE_PROJECT_ID: Type.Optional(Type.String({ minLength: 1 })),
  /** Service-account JSON (the text itself or a file path) for firebase-admin. */
  FIREBASE_SERVICE_ACCOUNT: Type.Optional(Type.String({ minLength: 1 })),
  /** host:port of Google's Firebase Auth Emulator; firebase-admin follows it, and so does the firebase provider. */
  FIREBASE_AUTH_EMULATOR_HOST: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9.\\[\\]:-]+:[0-9]{1,5}$' })),
  /**
   * Whose X-Forwarded-For/Host/Proto to believe: the proxies' addresses or subnets, comma-separated
   * (`10.0.0.0/8`, `127.0.0.1`; also proxy-addr's names `loopback`, `linklocal`, `uniquelocal`), or
   * `false` (the default: none, every forwarded header is ignored), or `true` (any hop: only where no
   * client can reach the instances but through the proxy).
   */
  TRUST_PROXY: Type.String({ minLength: 1, default: 'false' }),
  /**
   * The port of the app's address on local development hosts (localhost, *.localhost, loopback
   * addresses) in mailed links, `http://aurora.localhost:<APP_PORT>` (443: https); default the port
   * the server listens on. Other hosts are always linked as https on the default port.
   */
  APP_PORT: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
  /** Extra origins the app may connect to (space-separated), e.g. an API base on another host. */
  CSP_CONNECT_SRC: Type.String({ default: '' }),
  /** Extra origins the app may frame (space-separated): another provider's table-booking widget (docs/table-booking.md). */
  CSP_FRAME_SRC: Type.String({ default: '' }),
  /** Seeds the demo brands and users on start; by default only with the embedded identity provider. */
  SEED_DEMO: Type.Optional(Type.Boolean()),
  /** Development pages (mail outbox, simulated bank-eID phone), to loopback clients only; by default only in a local demo (embedded identity, no SMTP, no BankID). */
  DEV_TOOLS: Type.Optional(Type.Boolean()),
  /** Accounts one client address may create per 15 minutes (end-to-end runs raise it: they all come from 127.0.0.1). */
  ACCOUNT_CREATE_LIMIT: Type.Integer({ minimum: 1, default: 40 }),
  /** Checkouts one member may open per 15 minutes (docs/checkout.md, "Who may hold stock"). */
  CHECKOUT_MEMBER_LIMIT: Type.Integer({ minimum: 1, default: 10 }),
  /** Checkouts one client address may open per 15 minutes, all its members together. */
  CHECKOUT_ADDRESS_LIMIT: Type.Integer({ minimum: 1, default: 30 }),
  /** How often lapsed checkouts, refunds, waiting-list offers and queued mail are swept (ms). */
  SWEEP_INTERVAL_MS: Type.Integer({ minimum: 500, default: 60_000 }),
  /** Requests one client address may make per minute without a token (a visitor's reads), counted per server instance. */
  VISITOR_RATE_LIMIT: Type.Integer({ minimum: 1, default: 300 }),
  /** Analytics requests (POST /v1/a) one client address may make per minute, counted in the database. */
  ANALYTICS_RATE_LIMIT: Type.Integer({ minimum: 1, default: 240 }),
  /** Days analytics events are kept; older ones are deleted by the periodic sweep. */
  ANALYTICS_RETENTION_DAYS: Type.Integer({ minimum: 1, default: 90 }),
  /** Waiting lists one client address may join per 15 minutes. */
  WAITING_LIST_JOIN_LIMIT: Type.Integer({ minimum: 1, default: 10 }),
  /** Web API key of the Firebase project: checks a member's current password (accounts:signInWithPassword) with real Firebase. */
  FIREBASE_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** SMTP relay for outgoing mail, e.g. smtps://user:pass@smtp.example.com:465; without it mails only go to the outbox table. */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^/]' })),
  /** The From header of outgoing mail. */
  MAIL_FROM: Type.String({ minLength: 3, default: 'Klubb <no-reply@klubb.localhost>' }),
  /** BankID RP API base (e.g. https://appapi2.test.bankid.com/rp/v6.0); without it bank eID is simulated. */
  BANKID_URL: Type.Optional(Type.String({ pattern: '^https://' })),
  /** The relying party's client certificate (PKCS#12 file path) for BankID's mutual TLS. */
  BANKID_PFX: Type.Optional(Type.String({ minLength: 1 })),
  BANKID_PASSPHRASE: Type.Optional(Type.String()),
  /** PEM file of the CA that issued BankID's server certificate. */
  BANKID_CA: Type.Optional(Type.String({ minLength: 1 })),
  /** Stripe secret key (sk_test_… / sk_live_… / rk_…); without it payments go to the embedded Stripe stand-in. */
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ pattern: '^(sk|rk)_' })),
  /** Stripe publishable key (pk_…) the client mounts embedded Checkout with. */
  STRIPE_PUBLISHABLE_KEY: Type.Optional(Type.String({ pattern: '^pk_' })),
  /** Signing secret of the Stripe webhook endpoint that points at /v1/payment/webhook (whsec_…). */
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String({ pattern: '^whsec_' })),
  /** A payments stand-in shared by every instance (`npm run payments:stand-in`), instead of one embedded per process. */
  PAYMENTS_STAND_IN_URL: Type.Optional(Type.String({ pattern: '^https?://[^/]+/?$' })),
  /** The secret key that stand-in accepts (the same value in its environment). */
  PAYMENTS_STAND_IN_SECRET_KEY: Type.Optional(Type.String({ pattern: '^sk_test_', minLength: 32 })),
  /** The secret that stand-in signs its webhook events with (the same value in its environment). */
  PAYMENTS_STAND_IN_WEBHOOK_SECRET: Type.Optional(Type.String({ pattern: '^whsec_', minLength: 32 })),
  /** How long an instance's claim on swept work lasts before another instance may take it over (ms). */
  JOB_LEASE_MS: Type.Integer({ minimum: 1000, default: 120_000 }),
  /** Google Maps browser key for the restaurant guide of every brand that sets none of its own. */
  GOOGLE_MAPS_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** Map id (vector map, advanced markers) that goes with GOOGLE_MAPS_API_KEY. */
  GOOGLE_MAPS_MAP_ID: Type.Optional(Type.String({ minLength: 1 })),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  migrateOnStart: boolean;
  shutdownTimeoutMs: number;
  logLevel: string;
  identity: { kind: 'embedded'; projectId: string } | { kind: 'firebase'; projectId?: string; serviceAccount: string; apiKey: string; emulatorHost?: string };
  /** Outgoing mail: the outbox table only, or SMTP (still recorded in the outbox with sent_at). */
  mail: { kind: 'outbox' } | { kind: 'smtp'; url: string; from: string };
  seedDemo: boolean;
  /** Serves /dev/* pages that show reset links and play the member's phone: never on in production. */
  devTools: boolean;
  accountCreateLimit: number;
  /** Signed-out reads per client address and minute, per instance. */
  visitorRateLimit: number;
  analytics: { perMinute: number; retentionDays: number };
  commerceLimits: { checkoutsPerMember: number; checkoutsPerAddress: number; waitingListJoinsPerAddress: number };
  sweepIntervalMs: number;
  /** Fastify's trustProxy: false (no forwarded header believed), true, or the proxies' addresses comma-separated. */
  trustProxy: boolean | string;
  /** The port of local development hosts' app URL in mailed links; the listening port when undefined. */
  appPort?: number;
  /** OPERATOR_TOKEN (or OPERATOR_TOKEN_FILE): opens the /admin routes to operator commands over HTTPS or loopback. */
  operatorToken?: string;
  connectSources: string[];
  frameSources: string[];
  /** Bank eID: the embedded simulator, or BankID's RP API over mutual TLS. */
  eid: { kind: 'simulated' } | { kind: 'bankid'; url: string; pfxPath: string; passphrase?: string; caPath: string };
  /** Card payments: Stripe, or the embedded stand-in that speaks Stripe's protocol on a loopback port. */
  payments:
    | { kind: 'local' }
    | { kind: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string }
    /** The stand-in run as its own process, shared by every instance (docs/checkout.md). */
    | { kind: 'standIn'; url: string; secretKey: string; webhookSecret: string };
  /** How long a claim on swept work lasts (docs/architecture.md, "Jobs once"). */
  jobLeaseMs: number;
  /** The deployment's Google Maps key and map id, for brands whose map settings name none. */
  googleMaps: GoogleMapsConfig;
};

export interface GoogleMapsConfig {
  apiKey: string | null;
  mapId: string | null;
}

export class ConfigError extends Error {}

const proxyAddressNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a subnet (address/bits or address/mask) or one of proxy-addr's names; else false. */
function isProxyAddress(entry: string): boolean {
  if (proxyAddressNames.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (isIP(bits) === 4 && family === 4) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY as Fastify takes it: false, true, or the proxies' addresses (every entry checked here, so a typo stops the start). */
export function readTrustProxy(value: string): boolean | string {
  const trimmed = value.trim();
  if (trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY=${JSON.stringify(value)}: ${bad.map((b) => JSON.stringify(b)).join(', ')} is not an address, subnet (10.0.0.0/8) or loopback/linklocal/uniquelocal; false trusts no proxy`,
    );
  }
  return entries.join(',');
}

const secretVariables = new Set([
  'SMTP_URL',
  'FIREBASE_API_KEY',
  'FIREBASE_SERVICE_ACCOUNT',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYMENTS_STAND_IN_SECRET_KEY',
  'PAYMENTS_STAND_IN_WEBHOOK_SECRET',
]);

/** Reads and validates the environment; every problem is named in one error. */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(Env.properties).flatMap((k) => (env[k] === undefined || env[k] === '' ? [] : [[k, env[k]]])),
  );
  const parsed = Value.Default(Env, Value.Convert(Env, known));
  const errors = [...Value.Errors(Env, parsed)];
  if (errors.length > 0) {
    const lines = errors.map((e) => {
      const name = e.instancePath.replace(/^\//, '') || 'environment';
      // Values that may hold credentials are never echoed to the console.
      const shown = secretVariables.has(name) ? '(hidden)' : JSON.stringify((known as Record<string, unknown>)[name] ?? '');
      return `  ${name}=${shown}: ${e.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed as Static<typeof Env>;
  let operatorToken: string | undefined;
  try {
    operatorToken = readOperatorToken(env);
  } catch (error) {
    if (error instanceof OperatorTokenError) throw new ConfigError(`Invalid configuration:\n  ${error.message}`);
    throw error;
  }
  if (e.BANKID_URL && (!e.BANKID_PFX || !e.BANKID_CA)) {
    throw new ConfigError('Invalid configuration:\n  BANKID_URL needs BANKID_PFX (client certificate) and BANKID_CA (server CA)');
  }
  if (e.FIREBASE_SERVICE_ACCOUNT && !e.FIREBASE_API_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  FIREBASE_SERVICE_ACCOUNT needs FIREBASE_API_KEY (the web API key): without it no member can change e-mail or password',
    );
  }
  if (e.FIREBASE_AUTH_EMULATOR_HOST && !e.FIREBASE_SERVICE_ACCOUNT) {
    throw new ConfigError('Invalid configuration:\n  FIREBASE_AUTH_EMULATOR_HOST is for the firebase provider: it needs FIREBASE_SERVICE_ACCOUNT');
  }
  if (e.STRIPE_SECRET_KEY && (!e.STRIPE_PUBLISHABLE_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (!e.STRIPE_SECRET_KEY && (e.STRIPE_PUBLISHABLE_KEY || e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET need STRIPE_SECRET_KEY');
  }
  const standInSecrets = [e.PAYMENTS_STAND_IN_SECRET_KEY, e.PAYMENTS_STAND_IN_WEBHOOK_SECRET];
  if (e.PAYMENTS_STAND_IN_URL && standInSecrets.some((v) => !v)) {
    throw new ConfigError('Invalid configuration:\n  PAYMENTS_STAND_IN_URL needs PAYMENTS_STAND_IN_SECRET_KEY and PAYMENTS_STAND_IN_WEBHOOK_SECRET');
  }
  if (!e.PAYMENTS_STAND_IN_URL && standInSecrets.some(Boolean)) {
    throw new ConfigError('Invalid configuration:\n  PAYMENTS_STAND_IN_SECRET_KEY and PAYMENTS_STAND_IN_WEBHOOK_SECRET need PAYMENTS_STAND_IN_URL');
  }
  if (e.PAYMENTS_STAND_IN_URL && e.STRIPE_SECRET_KEY) {
    throw new ConfigError('Invalid configuration:\n  PAYMENTS_STAND_IN_URL and STRIPE_SECRET_KEY exclude each other: payments go to Stripe or to the stand-in');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    migrateOnStart: e.MIGRATE_ON_START,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    identity: e.FIREBASE_SERVICE_ACCOUNT
      ? {
          kind: 'firebase',
          projectId: e.FIREBASE_PROJECT_ID,
          serviceAccount: e.FIREBASE_SERVICE_ACCOUNT,
          apiKey: e.FIREBASE_API_KEY!,
          ...(e.FIREBASE_AUTH_EMULATOR_HOST ? { emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST } : {}),
        }
      : { kind: 'embedded', projectId: e.FIREBASE_PROJECT_ID ?? 'klubb-local' },
    mail: e.SMTP_URL ? { kind: 'smtp', url: e.SMTP_URL, from: e.MAIL_FROM } : { kind: 'outbox' },
    // Real Identity Platform generates its own tenant ids, so the demo tenants cannot exist there.
    seedDemo: e.SEED_DEMO ?? !e.FIREBASE_SERVICE_ACCOUNT,
    // They hand out reset links and bank-eID identities: on by default only when nothing real is configured.
    devTools: e.DEV_TOOLS ?? (!e.FIREBASE_SERVICE_ACCOUNT && !e.SMTP_URL && !e.BANKID_URL),
    accountCreateLimit: e.ACCOUNT_CREATE_LIMIT,
    visitorRateLimit: e.VISITOR_RATE_LIMIT,
    sweepIntervalMs: e.SWEEP_INTERVAL_MS,
    analytics: { perMinute: e.ANALYTICS_RATE_LIMIT, retentionDays: e.ANALYTICS_RETENTION_DAYS },
    commerceLimits: { checkoutsPerMember: e.CHECKOUT_MEMBER_LIMIT, checkoutsPerAddress: e.CHECKOUT_ADDRESS_LIMIT, waitingListJoinsPerAddress: e.WAITING_LIST_JOIN_LIMIT },
    trustProxy: readTrustProxy(e.TRUST_PROXY),
    appPort: e.APP_PORT,
    operatorToken,
    connectSources: [
      ...e.CSP_CONNECT_SRC.split(/\s+/).filter(Boolean),
      // The firebase SDK talks to Google's identity endpoints when real Firebase is configured.
      ...(e.FIREBASE_AUTH_EMULATOR_HOST
        ? [`http://${e.FIREBASE_AUTH_EMULATOR_HOST}`]
        : e.FIREBASE_SERVICE_ACCOUNT
          ? ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']
          : []),
    ],
    frameSources: e.CSP_FRAME_SRC.split(/\s+/).filter(Boolean),
    eid: e.BANKID_URL
      ? { kind: 'bankid', url: e.BANKID_URL, pfxPath: e.BANKID_PFX!, passphrase: e.BANKID_PASSPHRASE, caPath: e.BANKID_CA! }
      : { kind: 'simulated' },
    payments: e.STRIPE_SECRET_KEY
      ? { kind: 'stripe', secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET! }
      : e.PAYMENTS_STAND_IN_URL
        ? { kind: 'standIn', url: e.PAYMENTS_STAND_IN_URL, secretKey: e.PAYMENTS_STAND_IN_SECRET_KEY!, webhookSecret: e.PAYMENTS_STAND_IN_WEBHOOK_SECRET! }
        : { kind: 'local' },
    jobLeaseMs: e.JOB_LEASE_MS,
    googleMaps: { apiKey: e.GOOGLE_MAPS_API_KEY ?? null, mapId: e.GOOGLE_MAPS_MAP_ID ?? null },
  };
}
