import type { Options } from 'autocannon';
import { measureLoad, type MeasuredLoad } from './measuredLoad.ts';
import { loadSettings } from './apiLoad.ts';

/** Events per request: what a tab gathers between page hides (the app sends them with sendBeacon). */
export const eventsPerBeacon = 10;
/** Distinct client addresses (X-Forwarded-For, which the server trusts from loopback): each stays far under its per-minute limit, as real visitors do. */
const visitors = 5_000;

export type IngestLoad = MeasuredLoad;

function beaconBody(origin: string, n: number): string {
  const host = new URL(origin).host;
  const sessionId = `BENCH${String(n).padStart(5, '0')}-ABCDEFGHIJ-0123456789`;
  const names = ['page_view', 'offer_opened', 'added_to_cart', 'checkout_opened', 'order_paid'] as const;
  const events = Array.from({ length: eventsPerBeacon }, (_, i) => ({
    brandId: 'aurora', brandRoleId: null, browser: 'chrome', clientTimestamp: Date.now(), containerType: 'web', deviceName: 'Desktop',
    deviceType: 'desktop', href: `${origin}/offer/o-${i}`, eventName: names[i % names.length], eventType: i % 5 === 0 ? 'page_view' : 'interaction',
    host, coreVersion: '5.23.3', containerVersion: '0.0.0', containerBuild: 0, os: 'linux', pathName: `/offer/o-${i}`, platform: 'core',
    sessionId, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36', userId: null,
    customParams: { offerId: `o-${i}` },
  }));
  return Buffer.from(JSON.stringify({ events })).toString('base64');
}

const run = (label: string, options: Options) => measureLoad(label, options, loadSettings);

/** `POST /v1/a` beacons of `eventsPerBeacon` visitor events from many addresses, beside the trivial endpoint at the same connections. */
export async function benchAnalyticsIngest(origin: string): Promise<IngestLoad[]> {
  const bodies = Array.from({ length: 100 }, (_, n) => beaconBody(origin, n));
  let next = 0;
  const health = await run('health (trivial)', { url: `${origin}/v1/health`, connections: loadSettings.connections });
  const ingest = await run(`POST /v1/a (${eventsPerBeacon} events)`, {
    url: `${origin}/v1/a`,
    connections: loadSettings.connections,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = next++;
          return {
            ...request,
            headers: { ...request.headers, 'content-type': 'text/plain;charset=UTF-8', origin, 'x-forwarded-for': `10.${(n % visitors) >> 8}.${n % 256}.1` },
            body: bodies[n % bodies.length]!,
          };
        },
      },
    ],
  });
  return [health, ingest];
}
