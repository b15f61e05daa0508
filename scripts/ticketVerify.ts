/**
 * `npm run ticket:verify -- CODE (--keys FILE | --server URL [--app-url URL]) [--brand BRAND]`:
 * checks one ticket code offline against a brand's public keys, as a door scanner does
 * (docs/tickets.md). The keys come from a JSON Web Key Set file, or from a running server's
 * `GET /v1/get/tickets/public_keys` (the brand of `--app-url`, by default the server's own URL).
 * With `--server` (default KLUBB_SERVER_URL; public calls, no operator token) it also asks which
 * tickets are void (their order was cancelled). Prints what
 * the code says and exits 0 when it verifies; otherwise prints why and exits 1.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { JSONWebKeySet } from 'jose';
import { verifyTicket } from '../server/tickets/ticketCodes.ts';

const usage = 'Usage: npm run ticket:verify -- CODE (--keys FILE | --server URL [--app-url URL]) [--brand BRAND]';

async function publicKeys(values: { keys?: string; server?: string; 'app-url'?: string }): Promise<JSONWebKeySet> {
  if (values.keys) return JSON.parse(readFileSync(values.keys, 'utf8')) as JSONWebKeySet;
  const server = values.server!.replace(/\/$/, '');
  const appUrl = values['app-url'] ?? server;
  const response = await fetch(`${server}/v1/get/tickets/public_keys?appUrl=${encodeURIComponent(appUrl)}`);
  if (!response.ok) throw new Error(`${server} answered ${response.status} for the public keys of ${appUrl}`);
  return (await response.json()) as JSONWebKeySet;
}

/** The ids of void tickets, from a running server (a keys file carries none). */
async function voidTickets(values: { server?: string; 'app-url'?: string }): Promise<Set<string>> {
  if (!values.server) return new Set();
  const server = values.server.replace(/\/$/, '');
  const response = await fetch(`${server}/v1/get/tickets/void?appUrl=${encodeURIComponent(values['app-url'] ?? server)}`);
  if (!response.ok) throw new Error(`${server} answered ${response.status} for the void tickets`);
  return new Set(((await response.json()) as { ticketIds: string[] }).ticketIds);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { keys: { type: 'string' }, server: { type: 'string' }, 'app-url': { type: 'string' }, brand: { type: 'string' } },
    allowPositionals: true,
  });
  values.server ??= process.env.KLUBB_SERVER_URL || undefined;
  const code = positionals[0];
  if (!code || positionals.length > 1 || (!values.keys && !values.server)) {
    console.error(usage);
    return 2;
  }
  const keys = await publicKeys(values);
  const result = await verifyTicket(code, keys, values.brand);
  if (!result.ok) {
    console.log(`INVALID: ${result.reason.replace('_', ' ')} (checked against ${keys.keys.length} key${keys.keys.length === 1 ? '' : 's'})`);
    return 1;
  }
  const { claims } = result;
  if ((await voidTickets(values)).has(claims.ticketId)) {
    console.log(`VOID: ticket ${claims.ticketId} belongs to order ${claims.orderId}, which was cancelled`);
    return 1;
  }
  console.log(`VALID ticket ${claims.ticketId}`);
  console.log(`  brand:   ${claims.brandId}`);
  console.log(`  event:   ${claims.offerId}`);
  console.log(`  variant: ${claims.itemVariantId}`);
  console.log(`  order:   ${claims.orderId}`);
  console.log(`  key:     ${result.kid}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
