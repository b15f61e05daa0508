import type { Options } from 'autocannon';
import { measureLoad, type MeasuredLoad } from './measuredLoad.ts';
import { readDataDirOwner } from '../server/dataDirOwner.ts';
import { openDatabase } from '../server/db/database.ts';
import { importPromoCodes } from '../server/repositories/promoImport.repository.ts';
import { adminTokenHeader } from '../server/routes/adminPromoCodes.ts';
import { signInForIdToken } from './apiLoad.ts';
import type { RunningServer } from './server.ts';

export const claimConnections = 50;
const members = 50;
const codes = 40_000;
const warmupSeconds = 2;
const durationSeconds = 10;
/** A demo offer of Aurora's that gets the bench's codes (any active offer will do). */
const offerId = 'aurora-benefit-002';
/** A demo ticket with stock 150 and a purchase cap of 8: each member's new checkout ends its previous one, so one unit each is held at a time. */
const checkoutVariant = { offerId: 'aurora-live-001', itemVariantId: 'aurora-live-001-v0' };

export type ClaimLoad = MeasuredLoad;

/** Through the server's admin import on its embedded database; straight into PostgreSQL (which any process may open) otherwise. */
async function loadCodes({ origin, dataDir, databaseUrl }: RunningServer) {
  const body = {
    brandId: 'aurora',
    offerId,
    claimCap: 1000,
    codes: Array.from({ length: codes }, (_, i) => ({ code: `BENCH-${String(i).padStart(6, '0')}`, expiresAt: null })),
  };
  if (databaseUrl) {
    const database = await openDatabase({ databaseUrl, dataDir });
    try {
      await database.db.transaction((tx) => importPromoCodes(tx, body, new Date()));
    } finally {
      await database.close();
    }
    return;
  }
  const owner = readDataDirOwner(dataDir);
  if (!owner?.adminToken) throw new Error('the bench server wrote no admin token into its DATA_DIR');
  const response = await fetch(`${origin}/admin/promo-codes/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [adminTokenHeader]: owner.adminToken },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`codes import failed: HTTP ${response.status} ${await response.text()}`);
}

/** Members signed up through the API (each claims under its own cap), with their ID tokens. */
export async function benchMembers(origin: string, count = members, name = 'claimer'): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, async (_, k) => {
      const email = `bench-${name}-${i + k}-${Date.now()}@example.com`;
      const response = await fetch(`${origin}/v1/create/user`, {
        method: 'POST',
        // Each member signs up from an address of their own, as members do (the per-address limits stay real).
        headers: { 'content-type': 'application/json', 'x-app-url': origin, 'x-forwarded-for': `10.78.${((i + k) >> 8) & 255}.${(i + k) & 255}` },
        body: JSON.stringify({ brandId: 'aurora', signInType: 'password', email, password: 'Secret123', termsAccepted: true, firstName: 'Bench', lastName: `Claimer ${i + k}` }),
      });
      if (!response.ok) throw new Error(`sign-up failed: HTTP ${response.status} ${await response.text()}`);
      const created = (await response.json()) as { tempPassword?: string | null };
      return signInForIdToken(origin, email, created.tempPassword ?? 'Secret123', 'aurora-tenant');
    });
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

const run = (label: string, options: Options) => measureLoad(label, options, { warmupSeconds, durationSeconds });

/**
 * A POST with this body, each connection one member in turn, on a phone of its own: with at least
 * as many members as connections, no member has two requests in flight (as a member's own app
 * would), and per-address limits count each member's address, not the bench's one (the server
 * trusts X-Forwarded-For from loopback, as from its proxy).
 */
export function asMembers(origin: string, tokens: string[], body: object): Pick<Options, 'method' | 'headers' | 'body' | 'setupClient'> {
  let next = 0;
  const headers = { 'content-type': 'application/json', 'x-app-url': origin };
  return {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    setupClient: (client) => {
      const n = next++;
      client.setHeaders({ ...headers, authorization: `Bearer ${tokens[n % tokens.length]}`, 'x-forwarded-for': `10.77.${(n >> 8) & 255}.${n & 255}` });
    },
  };
}

/** Puts one unit in each member's cart: of the demo ticket, or of the variant `variantOf` names for the member's index. */
export async function fillCarts(origin: string, tokens: string[], variantOf: (index: number) => { offerId: string; itemVariantId: string } = () => checkoutVariant) {
  for (const [index, token] of tokens.entries()) {
    const response = await fetch(`${origin}/v1/update/user/shopping_cart`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-app-url': origin, authorization: `Bearer ${token}` },
      body: JSON.stringify({ action: 'set', shopingCartItemList: [{ ...variantOf(index), quantity: 1 }] }),
    });
    if (!response.ok) throw new Error(`cart update failed: HTTP ${response.status} ${await response.text()}`);
  }
}

/**
 * Unique-code claims and checkout opens per second at 50 connections, beside the trivial endpoint
 * at the same 50: each connection is one of the 50 members (one request each in flight), so the
 * row locks of different members and codes are measured, not one member's queue.
 */
export async function benchClaims(server: RunningServer): Promise<ClaimLoad[]> {
  const { origin } = server;
  await loadCodes(server);
  const tokens = await benchMembers(origin);
  await fillCarts(origin, tokens);
  const url = (path: string) => `${origin}${path}`;
  const health = await run('health (trivial)', { url: url('/v1/health'), connections: claimConnections });
  const claims = await run('claim unique code', {
    url: url('/v1/claim/offer/voucher/code'),
    connections: claimConnections,
    ...asMembers(origin, tokens, { id: offerId }),
  });
  const checkouts = await run('open checkout', {
    url: url('/v1/payment/checkout'),
    connections: claimConnections,
    ...asMembers(origin, tokens, { testMode: true }),
  });
  return [health, claims, checkouts];
}

export const claimSettings = { connections: claimConnections, members, codes, warmupSeconds, durationSeconds, offerId, checkoutVariant };
