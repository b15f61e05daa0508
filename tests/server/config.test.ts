import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config.ts';

describe('configuration', () => {
  it('works with nothing set: embedded database and identity on port 8080', () => {
    expect(readConfig({})).toMatchObject({
      port: 8080,
      dataDir: '.data',
      databaseUrl: undefined,
      identity: { kind: 'embedded', projectId: 'klubb-local' },
      seedDemo: true,
      trustProxy: false,
    });
  });

  it('reads values and switches providers', () => {
    const config = readConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@127.0.0.1/klubb',
      FIREBASE_SERVICE_ACCOUNT: '/etc/key.json',
      FIREBASE_API_KEY: 'AIza-key',
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@127.0.0.1/klubb',
      identity: { kind: 'firebase', serviceAccount: '/etc/key.json' },
      seedDemo: false,
      trustProxy: true,
      connectSources: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
    });
  });

  it('reads the production lifecycle settings: pool size, migrating on start, shutdown grace', () => {
    expect(readConfig({})).toMatchObject({ databasePoolSize: 10, migrateOnStart: true, shutdownTimeoutMs: 10_000 });
    expect(readConfig({ DATABASE_POOL_SIZE: '4', MIGRATE_ON_START: 'false', SHUTDOWN_TIMEOUT_MS: '2500' })).toMatchObject({
      databasePoolSize: 4,
      migrateOnStart: false,
      shutdownTimeoutMs: 2500,
    });
    expect(() => readConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE=0: must be >= 1/);
    expect(() => readConfig({ MIGRATE_ON_START: 'sometimes' })).toThrow(/MIGRATE_ON_START/);
    expect(() => readConfig({ SHUTDOWN_TIMEOUT_MS: '-1' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it("reads the deployment's Google Maps key and map id for the restaurant guide, none by default", () => {
    expect(readConfig({}).googleMaps).toEqual({ apiKey: null, mapId: null });
    expect(readConfig({ GOOGLE_MAPS_API_KEY: 'AIzaTest', GOOGLE_MAPS_MAP_ID: 'map-1' }).googleMaps).toEqual({ apiKey: 'AIzaTest', mapId: 'map-1' });
    expect(readConfig({ GOOGLE_MAPS_API_KEY: '' }).googleMaps.apiKey).toBeNull();
  });

  it('reads the per-address limit of signed-out reads, 300 a minute by default, and refuses one below 1', () => {
    expect(readConfig({}).visitorRateLimit).toBe(300);
    expect(readConfig({ VISITOR_RATE_LIMIT: '20' }).visitorRateLimit).toBe(20);
    expect(() => readConfig({ VISITOR_RATE_LIMIT: '0' })).toThrow(/VISITOR_RATE_LIMIT/);
  });

  it('lets the app frame the origins named in CSP_FRAME_SRC (another booking provider)', () => {
    expect(readConfig({}).frameSources).toEqual([]);
    expect(readConfig({ CSP_FRAME_SRC: ' https://book.example  https://tables.example ' }).frameSources).toEqual(['https://book.example', 'https://tables.example']);
  });

  it('sends mail by SMTP when a relay is configured, else only to the outbox', () => {
    expect(readConfig({}).mail).toEqual({ kind: 'outbox' });
    expect(readConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465', MAIL_FROM: 'Aurora <hi@aurora.test>' }).mail).toEqual({
      kind: 'smtp',
      url: 'smtps://u:p@smtp.example.com:465',
      from: 'Aurora <hi@aurora.test>',
    });
    expect(readConfig({ FIREBASE_SERVICE_ACCOUNT: '/k.json', FIREBASE_API_KEY: 'AIza-key' }).identity).toMatchObject({ apiKey: 'AIza-key' });
  });

  it('refuses the firebase provider without its web API key, and the emulator without the firebase provider', () => {
    // Without the key every e-mail or password change would fail later, one member at a time.
    expect(() => readConfig({ FIREBASE_SERVICE_ACCOUNT: '/k.json' })).toThrow(/FIREBASE_SERVICE_ACCOUNT needs FIREBASE_API_KEY/);
    expect(() => readConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST .* needs FIREBASE_SERVICE_ACCOUNT/);
    expect(() => readConfig({ FIREBASE_SERVICE_ACCOUNT: '/k.json', FIREBASE_API_KEY: 'k', FIREBASE_AUTH_EMULATOR_HOST: 'http://x' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST/,
    );
  });

  it('points the firebase provider and the CSP connect-src at the Auth Emulator when one is named', () => {
    const config = readConfig({ FIREBASE_SERVICE_ACCOUNT: '/k.json', FIREBASE_API_KEY: 'k', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(config.identity).toMatchObject({ kind: 'firebase', emulatorHost: '127.0.0.1:9099' });
    expect(config.connectSources).toEqual(['http://127.0.0.1:9099']);
  });

  it('turns the development pages on by default only for a local demo', () => {
    const bankId = { BANKID_URL: 'https://appapi2.test.bankid.com/rp/v6.0', BANKID_PFX: '/rp.p12', BANKID_CA: '/ca.pem' };
    expect(readConfig({}).devTools).toBe(true);
    expect(readConfig({ FIREBASE_SERVICE_ACCOUNT: '/k.json', FIREBASE_API_KEY: 'AIza-key' }).devTools).toBe(false);
    expect(readConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).devTools).toBe(false);
    expect(readConfig(bankId).devTools).toBe(false);
    // An explicit setting wins either way.
    expect(readConfig({ SMTP_URL: 'smtp://relay.test:25', DEV_TOOLS: 'true' }).devTools).toBe(true);
    expect(readConfig({ DEV_TOOLS: 'false' }).devTools).toBe(false);
  });

  it('takes card payments through Stripe with all three keys, else through the embedded stand-in', () => {
    expect(readConfig({}).payments).toEqual({ kind: 'local' });
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(readConfig(keys).payments).toEqual({ kind: 'stripe', secretKey: 'sk_test_abc', publishableKey: 'pk_test_abc', webhookSecret: 'whsec_abc' });
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => readConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toThrow(/need STRIPE_SECRET_KEY/);
    expect(() => readConfig({ ...keys, STRIPE_SECRET_KEY: 'pk_live_wrong_place' })).toThrow(/STRIPE_SECRET_KEY=\(hidden\)/);
    expect(() => readConfig({ ...keys, STRIPE_WEBHOOK_SECRET: 'secret-value' })).not.toThrow(/secret-value/);
  });

  it('takes card payments through a shared stand-in with its URL and both secrets, never beside Stripe', () => {
    const secretKey = `sk_test_${'k'.repeat(32)}`;
    const webhookSecret = `whsec_${'w'.repeat(32)}`;
    const shared = { PAYMENTS_STAND_IN_URL: 'http://payments:8090', PAYMENTS_STAND_IN_SECRET_KEY: secretKey, PAYMENTS_STAND_IN_WEBHOOK_SECRET: webhookSecret };
    expect(readConfig(shared).payments).toEqual({ kind: 'standIn', url: 'http://payments:8090', secretKey, webhookSecret });
    expect(() => readConfig({ PAYMENTS_STAND_IN_URL: 'http://payments:8090' })).toThrow(/PAYMENTS_STAND_IN_URL needs PAYMENTS_STAND_IN_SECRET_KEY and PAYMENTS_STAND_IN_WEBHOOK_SECRET/);
    expect(() => readConfig({ PAYMENTS_STAND_IN_SECRET_KEY: secretKey })).toThrow(/need PAYMENTS_STAND_IN_URL/);
    expect(() => readConfig({ ...shared, STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/exclude each other/);
    expect(() => readConfig({ ...shared, PAYMENTS_STAND_IN_URL: 'payments:8090' })).toThrow(/PAYMENTS_STAND_IN_URL="payments:8090"/);
    // A short or misplaced secret is refused without showing it.
    const short = () => readConfig({ ...shared, PAYMENTS_STAND_IN_SECRET_KEY: 'sk_test_short' });
    expect(short).toThrow(/PAYMENTS_STAND_IN_SECRET_KEY=\(hidden\)/);
    expect(short).not.toThrow(/sk_test_short/);
  });

  it('reads how long a claim on swept work lasts, two minutes by default, at least a second', () => {
    expect(readConfig({}).jobLeaseMs).toBe(120_000);
    expect(readConfig({ JOB_LEASE_MS: '5000' }).jobLeaseMs).toBe(5000);
    expect(() => readConfig({ JOB_LEASE_MS: '10' })).toThrow(/JOB_LEASE_MS/);
  });

  it('never echoes a value that may hold credentials', () => {
    expect(() => readConfig({ SMTP_URL: 'mail.example.com:25?pass=hunter2' })).toThrow(/SMTP_URL=\(hidden\)/);
    expect(() => readConfig({ SMTP_URL: 'mail.example.com:25?pass=hunter2' })).not.toThrow(/hunter2/);
  });

  it('names every bad variable in one clear error', () => {
    let error: unknown;
    try {
      readConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT="eighty"');
    expect(message).toContain('DATABASE_URL="mysql://x"');
    expect(message).toContain('LOG_LEVEL="loud"');
  });
});
