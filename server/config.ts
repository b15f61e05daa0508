import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

const Env = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8080 }),
  HOST: Type.String({ default: '0.0.0.0' }),
  DATA_DIR: Type.String({ minLength: 1, default: '.data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  /** Firebase project id: of the embedded provider's tokens, or of real Firebase (default: the service account's). */
  FIREBASE_PROJECT_ID: Type.Optional(Type.String({ minLength: 1 })),
  /** Service-account JSON (the text itself or a file path) for firebase-admin. */
  FIREBASE_SERVICE_ACCOUNT: Type.Optional(Type.String({ minLength: 1 })),
  /** Whose X-Forwarded-* headers to believe: 'loopback' (a proxy on this machine), a list of addresses, or 'true'. */
  TRUST_PROXY: Type.String({ minLength: 1, default: 'loopback' }),
  /** Extra origins the app may connect to (space-separated), e.g. an API base on another host. */
  CSP_CONNECT_SRC: Type.String({ default: '' }),
  /** Seeds the demo brands and users on start; by default only with the embedded identity provider. */
  SEED_DEMO: Type.Optional(Type.Boolean()),
  /** Development pages (mail outbox, simulated bank-eID phone); by default only with the embedded identity provider. */
  DEV_TOOLS: Type.Optional(Type.Boolean()),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  logLevel: string;
  identity: { kind: 'embedded'; projectId: string } | { kind: 'firebase'; projectId?: string; serviceAccount: string };
  seedDemo: boolean;
  /** Serves /dev/* pages that show reset links and play the member's phone: never on in production. */
  devTools: boolean;
  trustProxy: boolean | string;
  connectSources: string[];
};

export class ConfigError extends Error {}

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
      return `  ${name}=${JSON.stringify((known as Record<string, unknown>)[name] ?? '')}: ${e.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed as Static<typeof Env>;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    identity: e.FIREBASE_SERVICE_ACCOUNT
      ? { kind: 'firebase', projectId: e.FIREBASE_PROJECT_ID, serviceAccount: e.FIREBASE_SERVICE_ACCOUNT }
      : { kind: 'embedded', projectId: e.FIREBASE_PROJECT_ID ?? 'klubb-local' },
    // Real Identity Platform generates its own tenant ids, so the demo tenants cannot exist there.
    seedDemo: e.SEED_DEMO ?? !e.FIREBASE_SERVICE_ACCOUNT,
    devTools: e.DEV_TOOLS ?? !e.FIREBASE_SERVICE_ACCOUNT,
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    connectSources: [
      ...e.CSP_CONNECT_SRC.split(/\s+/).filter(Boolean),
      // The firebase SDK talks to Google's identity endpoints when real Firebase is configured.
      ...(e.FIREBASE_SERVICE_ACCOUNT ? ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'] : []),
    ],
  };
}
