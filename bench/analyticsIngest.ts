import { readFileSync } from 'node:fs';
import type { Options } from 'autocannon';
import { readDataDirOwner } from '../server/dataDirOwner.ts';
import { adminTokenHeader } from '../server/plugins/operatorOnly.ts';
import { measureLoad, type MeasuredLoad } from './measuredLoad.ts';
import { loadSettings } from './apiLoad.ts';
import type { RunningServer } from './server.ts';

/** Events per request: what a tab gathers between page hides (the app sends them with sendBeacon). */
export const eventsPerBeacon = 10;
/** Distinct client addresses (X-Forwarded-For, which the server trusts from loopback): each stays far under its per-minute limit, as real visitors do. */
const visitors = 5_000;

export type IngestLoad = MeasuredLoad;

/** A brand of the bench's own whose ceiling (the brand file's highest) the bench does not reach: its beacons' events are stored. */
const unboundedBrand = { id: 'benchstore', host: 'benchstore.localhost' };

function beaconBody(origin: string, n: number, brandId: string): string {
  const host = new URL(origin).host;
  const sessionId = `BENCH${String(n).padStart(5, '0')}-ABCDEFGHIJ-0123456789`;
  const names = ['page_view', 'offer_opened', 'added_to_cart', 'checkout_opened', 'order_paid'] as const;
  const events = Array.from({ length: eventsPerBeacon }, (_, i) => ({
    brandId, brandRoleId: null, browser: 'chrome', clientTimestamp: Date.now(), containerType: 'web', deviceName: 'Desktop',
    deviceType: 'desktop', href: `${origin}/offer/o-${i}`, eventName: names[i % names.length], eventType: i % 5 === 0 ? 'page_view' : 'interaction',
    host, coreVersion: '5.23.3', containerVersion: '0.0.0', containerBuild: 0, os: 'linux', pathName: `/offer/o-${i}`, platform: 'core',
    sessionId, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36', userId: null,
    customParams: { offerId: `o-${i}` },
  }));
  return Buffer.from(JSON.stringify({ events })).toString('base64');
}

const run = (label: string, options: Options) => measureLoad(label, options, loadSettings);

/** Creates the bench's own brand through the operator route (the example brand file, its ceiling at the file's highest). */
async function createUnboundedBrand(server: RunningServer): Promise<void> {
  const owner = readDataDirOwner(server.dataDir);
  if (!owner?.adminToken) throw new Error('the bench server wrote no admin token into its DATA_DIR');
  const file = JSON.parse(readFileSync(new URL('../docs/brand.example.json', import.meta.url), 'utf8'));
  const brand = { ...file, id: unboundedBrand.id, appUrls: [`http://${unboundedBrand.host}`], authTenantId: undefined, settings: { ...file.settings, analyticsEventsPerMinute: 1_000_000 } };
  const response = await fetch(`${server.origin}/admin/brand`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [adminTokenHeader]: owner.adminToken },
    body: JSON.stringify({ action: 'create', brand }),
  });
  if (!response.ok) throw new Error(`creating the bench brand failed: HTTP ${response.status} ${await response.text()}`);
}

function beacons(label: string, origin: string, appOrigin: string, brandId: string): Promise<MeasuredLoad> {
  const bodies = Array.from({ length: 100 }, (_, n) => beaconBody(appOrigin, n, brandId));
  let next = 0;
  return run(label, {
    url: `${origin}/v1/a`,
    connections: loadSettings.connections,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = next++;
          return {
            ...request,
            headers: { ...request.headers, 'content-type': 'text/plain;charset=UTF-8', origin: appOrigin, 'x-forwarded-for': `10.${(n % visitors) >> 8}.${n % 256}.1` },
            body: bodies[n % bodies.length]!,
          };
        },
      },
    ],
  });
}

/**
 * `POST /v1/a` beacons of `eventsPerBeacon` visitor events from many addresses, beside the trivial
 * endpoint at the same connections: to a brand whose ceiling is not reached (stored), and to the
 * demo's Aurora at its default ceiling of 3,000 events a minute, which the first beacons fill
 * (the rest dropped and counted: what a flood costs).
 */
export async function benchAnalyticsIngest(server: RunningServer): Promise<IngestLoad[]> {
  const { origin } = server;
  await createUnboundedBrand(server);
  const port = new URL(origin).port;
  const health = await run('health (trivial)', { url: `${origin}/v1/health`, connections: loadSettings.connections });
  const stored = await beacons(`POST /v1/a (${eventsPerBeacon} events, stored)`, origin, `http://${unboundedBrand.host}:${port}`, unboundedBrand.id);
  const dropped = await beacons(`POST /v1/a (${eventsPerBeacon} events, past the ceiling)`, origin, origin, 'aurora');
  return [health, stored, dropped];
}
