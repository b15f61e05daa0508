import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { start } from './index.ts';

/**
 * The payments stand-in as its own process (`npm run payments:stand-in`), shared by every server
 * instance as Stripe is: the instances reach it at PAYMENTS_STAND_IN_URL with the same secret key,
 * and it signs the events it posts to PAYMENTS_STAND_IN_WEBHOOK_URL (the load balancer's
 * /v1/payment/webhook) with the same webhook secret. See docs/checkout.md.
 */
const Env = Type.Object({
  PAYMENTS_STAND_IN_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 8090 }),
  PAYMENTS_STAND_IN_HOST: Type.String({ minLength: 1, default: '127.0.0.1' }),
  PAYMENTS_STAND_IN_SECRET_KEY: Type.String({ pattern: '^sk_test_', minLength: 32 }),
  PAYMENTS_STAND_IN_WEBHOOK_SECRET: Type.String({ pattern: '^whsec_', minLength: 32 }),
  /** One URL; several, space-separated, get the events in turn (a stand-in for the load balancer, in tests). */
  PAYMENTS_STAND_IN_WEBHOOK_URL: Type.String({ pattern: '^https?://\\S+(\\s+https?://\\S+)*$' }),
});

const secret = new Set(['PAYMENTS_STAND_IN_SECRET_KEY', 'PAYMENTS_STAND_IN_WEBHOOK_SECRET']);

function readStandInConfig(env: Record<string, string | undefined>): Static<typeof Env> {
  const known = Object.fromEntries(Object.keys(Env.properties).flatMap((k) => (env[k] ? [[k, env[k].trim()]] : [])));
  const parsed = Value.Default(Env, Value.Convert(Env, known));
  const errors = [...Value.Errors(Env, parsed)];
  if (errors.length > 0) {
    const lines = errors.flatMap((e) => {
      if (e.keyword === 'required') return (e.params as { requiredProperties: string[] }).requiredProperties.map((name) => `  ${name} is required`);
      const name = e.instancePath.replace(/^\//, '');
      const shown = secret.has(name) ? '(hidden)' : JSON.stringify((known as Record<string, unknown>)[name] ?? '');
      return [`  ${name}=${shown}: ${e.message}`];
    });
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed as Static<typeof Env>;
}

async function main() {
  const config = readStandInConfig(process.env);
  const standIn = await start({
    port: config.PAYMENTS_STAND_IN_PORT,
    host: config.PAYMENTS_STAND_IN_HOST,
    secretKey: config.PAYMENTS_STAND_IN_SECRET_KEY,
    webhookSecret: config.PAYMENTS_STAND_IN_WEBHOOK_SECRET,
    webhookUrl: config.PAYMENTS_STAND_IN_WEBHOOK_URL.split(/\s+/),
  });
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`Payments stand-in on http://${config.PAYMENTS_STAND_IN_HOST}:${standIn.port}`);
}

main().catch((error: unknown) => {
  console.error(`Payments stand-in cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
