import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions } from './bundleSize.ts';
import { median } from './pageLoad.ts';

/** Lighthouse's own runs per brand; the median of each figure is printed. */
export const lighthouseRuns = 3;

/** Chromium may resolve nothing but this machine: the page must load from loopback alone. */
const loopbackOnly = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1';

export interface LighthouseRun {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  /** The root document's server response time as observed (Lighthouse's "server-response-time"). */
  ttfbMs: number;
  tbtMs: number;
  /** The LCP element's phases (simulated, as Lighthouse reports them): TTFB, load delay, load time, render delay. */
  lcpPhases: Record<LcpPhase, number>;
  /** The LCP element, as Lighthouse describes it (its tag and selector). */
  lcpElement: string;
  /** The LCP image's URL, if the LCP element is an image. */
  lcpImage: string | null;
  /** Requests to anything but this machine (the app should make none). */
  external: string[];
}

export const lcpPhases = ['TTFB', 'Load Delay', 'Load Time', 'Render Delay'] as const;
export type LcpPhase = (typeof lcpPhases)[number];

type Audits = Record<string, { numericValue?: number; details?: { type: string; items?: unknown[] } } | undefined>;

interface TableItem {
  phase?: string;
  timing?: number;
  node?: { nodeLabel?: string; snippet?: string; selector?: string };
  url?: string;
}

const tableItems = (details: { items?: unknown[] } | undefined) => (details?.items ?? []) as { type?: string; items?: TableItem[] }[];

function readRun(lhr: { categories: Record<string, { score: number | null }>; audits: Audits }): LighthouseRun {
  const audits = lhr.audits;
  const value = (id: string) => audits[id]?.numericValue ?? NaN;
  const tables = tableItems(audits['largest-contentful-paint-element']?.details);
  const node = tables[0]?.items?.[0]?.node;
  const phases = Object.fromEntries(lcpPhases.map((phase) => [phase, NaN])) as Record<LcpPhase, number>;
  for (const item of tables[1]?.items ?? []) if (item.phase && item.timing !== undefined) phases[item.phase as LcpPhase] = item.timing;
  const requests = (audits['network-requests']?.details?.items ?? []) as { url: string; resourceType?: string }[];
  const lcpImage = (audits['prioritize-lcp-image']?.details?.items ?? []) as TableItem[];
  const snippet = node?.snippet ?? '';
  return {
    performance: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    lcpMs: value('largest-contentful-paint'),
    fcpMs: value('first-contentful-paint'),
    ttfbMs: value('server-response-time'),
    tbtMs: value('total-blocking-time'),
    lcpPhases: phases,
    lcpElement: node?.selector ?? snippet ?? '?',
    lcpImage: lcpImage[0]?.url ?? /src="([^"]+)"/.exec(snippet)?.[1] ?? null,
    external: requests.map((r) => r.url).filter((url) => {
      const { hostname, protocol } = new URL(url);
      return (protocol === 'http:' || protocol === 'https:') && hostname !== 'localhost' && !hostname.endsWith('.localhost') && hostname !== '127.0.0.1';
    }),
  };
}

/**
 * Lighthouse's mobile preset (its default: a Moto G Power's screen, simulated slow 4G and a 4x
 * slower CPU) on one URL, `lighthouseRuns` times, each in a fresh Chromium (empty cache and storage).
 */
export async function runLighthouse(url: string, chromePath = '/usr/bin/chromium'): Promise<LighthouseRun[]> {
  const runs: LighthouseRun[] = [];
  let failures = 0;
  while (runs.length < lighthouseRuns) {
    try {
      runs.push(await runOnce(url, chromePath));
    } catch (error) {
      // Lighthouse now and then loses its trace (NO_NAVSTART, NO_FCP) on a busy machine: such a run is made again, twice at most.
      if (!(error instanceof LighthouseRuntimeError) || ++failures > 2) throw error;
      console.log(`(${url}: ${error.message}; run again)`);
    }
  }
  return runs;
}

class LighthouseRuntimeError extends Error {}

async function runOnce(url: string, chromePath: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...chromiumLaunchOptions.args, loopbackOnly], logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    if (result.lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return readRun(result.lhr as unknown as Parameters<typeof readRun>[0]);
  } finally {
    await chrome.kill();
  }
}

/** The median of each figure over the runs (each figure on its own, as Lighthouse's own tooling reports a median). */
export function medianRun(runs: LighthouseRun[]) {
  const of = (pick: (run: LighthouseRun) => number) => median(runs.map(pick).filter(Number.isFinite));
  return {
    performance: of((r) => r.performance),
    lcpMs: of((r) => r.lcpMs),
    fcpMs: of((r) => r.fcpMs),
    ttfbMs: of((r) => r.ttfbMs),
    tbtMs: of((r) => r.tbtMs),
    lcpPhases: Object.fromEntries(lcpPhases.map((phase) => [phase, of((r) => r.lcpPhases[phase])])) as Record<LcpPhase, number>,
  };
}
