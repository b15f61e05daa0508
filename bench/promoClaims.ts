import autocannon, { type Options } from 'autocannon';
import { readDataDirOwner } from '../server/dataDirOwner.ts';
import { adminTokenHeader } from '../server/routes/adminPromoCodes.ts';
import { signInForIdToken } from './apiLoad.ts';

export const claimConnections = 50;
const members = 50;
const codes = 40_000;
const warmupSeconds = 2;
const durationSeconds = 10;
/** A demo offer of Aurora's that gets the bench's codes (any active offer will do). */
const offerId = 'aurora-benefit-002';

export interface ClaimLoad {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  statusCodes: Record<string, number>;
}

async function loadCodes(origin: string, dataDir: string) {
  const owner = readDataDirOwner(dataDir);
  if (!owner?.adminToken) throw new Error('the bench server wrote no admin token into its DATA_DIR');
  const body = {
    brandId: 'aurora',
    offerId,
    claimCap: 1000,
    codes: Array.from({ length: codes }, (_, i) => ({ code: `BENCH-${String(i).padStart(6, '0')}`, expiresAt: null })),
  };
  const response = await fetch(`${origin}/admin/promo-codes/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [adminTokenHeader]: owner.adminToken },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`codes import failed: HTTP ${response.status} ${await response.text()}`);
}

/** Members signed up through the API (each claims under its own cap), with their ID tokens. */
async function benchMembers(origin: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < members; i += 10) {
    const batch = Array.from({ length: Math.min(10, members - i) }, async (_, k) => {
      const email = `bench-claimer-${i + k}-${Date.now()}@example.com`;
      const response = await fetch(`${origin}/v1/create/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-app-url': origin },
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

async function run(label: string, options: Options): Promise<ClaimLoad> {
  await autocannon({ ...options, duration: warmupSeconds });
  const result = await autocannon({ ...options, duration: durationSeconds });
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
  };
}

/**
 * Unique-code claims per second at 50 connections, beside the trivial endpoint at the same 50:
 * 50 members take turns (one claim each in flight), so the row locks of different members and
 * codes are measured, not one member's queue.
 */
export async function benchClaims(origin: string, dataDir: string): Promise<ClaimLoad[]> {
  await loadCodes(origin, dataDir);
  const tokens = await benchMembers(origin);
  let next = 0;
  const health = await run('health (trivial)', { url: `${origin}/v1/health`, connections: claimConnections });
  const claims = await run('claim unique code', {
    url: `${origin}/v1/claim/offer/voucher/code`,
    connections: claimConnections,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...request.headers,
            'content-type': 'application/json',
            'x-app-url': origin,
            authorization: `Bearer ${tokens[next++ % tokens.length]}`,
          },
          body: JSON.stringify({ id: offerId }),
        }),
      },
    ],
  });
  return [health, claims];
}

export const claimSettings = { connections: claimConnections, members, codes, warmupSeconds, durationSeconds, offerId };
