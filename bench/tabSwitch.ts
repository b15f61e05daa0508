import { chromium, devices, type Page } from '@playwright/test';
import { chromiumLaunchOptions, isScript, measureChunk, type Chunk } from './bundleSize.ts';
import { guideAlreadySeen, signInFromStart } from './signIn.ts';

/** Tabs tapped in turn, starting from Home (where sign-in lands): two alternate, a third now and then. */
export const tabCycle = ['/more', '/', '/live', '/'];
export const warmupTaps = 5;
export const measuredTaps = 30;
export const deviceName = 'Pixel 7';
/** Pause after each tap, so a tap does not start while the previous one's data is still arriving. */
const settleMs = 150;
/** A tab whose page does not show within this is reported as failed, not timed. */
const showTimeoutMs = 10_000;

type Phase = 'signIn' | 'warmup' | 'measured';

export interface TapTiming {
  target: string;
  /** click -> the target page's section is visible in the DOM. */
  shownMs: number;
  /** click -> the second requestAnimationFrame after that, i.e. the frame showing it was painted. */
  paintMs: number;
}

export interface TabSwitchResult {
  taps: TapTiming[];
  failures: string[];
  /** Tabs of the cycle the tab bar does not offer, so they were left out. */
  missingTabs: string[];
  /** Median requestAnimationFrame interval while idle: the floor of a "first paint" time. */
  frameMs: number;
  scripts: Record<Phase, Chunk[]>;
  /** Non-script requests during the measured taps, by resource type. */
  otherRequests: Record<string, number>;
}

/** One tap, timed inside the page: performance.now() around link.click() and the paint after it. */
async function tap(page: Page, target: string): Promise<TapTiming | { error: string }> {
  return page.evaluate(
    async ({ target, timeoutMs }) => {
      const link = document.querySelector<HTMLAnchorElement>(`nav[aria-label="Main"] a[href="${CSS.escape(target)}"]`);
      if (!link) return { error: `no tab link to ${target}` };
      const sections = () => [...document.querySelectorAll<HTMLElement>(`section[data-path="${CSS.escape(target)}"]`)];
      const visible = () => sections().some((s) => !s.closest('[hidden]') && !s.hasAttribute('inert'));
      if (visible()) return { error: `${target} already visible before the tap` };
      const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));

      const start = performance.now();
      link.click();
      const shownAt = await new Promise<number | null>((resolve) => {
        if (visible()) return resolve(performance.now());
        const observer = new MutationObserver(() => {
          if (!visible()) return;
          const now = performance.now();
          observer.disconnect();
          clearTimeout(timer);
          resolve(now);
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden', 'inert'] });
        const timer = setTimeout(() => {
          observer.disconnect();
          resolve(null);
        }, timeoutMs);
      });
      if (shownAt === null) return { error: `${target} not visible ${timeoutMs} ms after the tap` };
      await nextFrame();
      // The second rAF callback runs in the frame after the one that contained the change, so after its paint.
      const paintedAt = await nextFrame();
      return { target, shownMs: shownAt - start, paintMs: paintedAt - start };
    },
    { target, timeoutMs: showTimeoutMs },
  );
}

async function idleFrameInterval(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const times: number[] = [];
    for (let i = 0; i < 31; i++) times.push(await new Promise<number>((r) => requestAnimationFrame(r)));
    const gaps = times.slice(1).map((t, i) => t - times[i]!).sort((a, b) => a - b);
    return gaps[Math.floor(gaps.length / 2)]!;
  });
}

/** Signs in on a phone-sized viewport, then taps tabs and times each switch to its first paint. */
export async function measureTabSwitches(origin: string, email: string, password: string): Promise<TabSwitchResult> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ ...devices[deviceName], locale: 'en-US' });
    await context.route('**/*', (route) => {
      const { hostname } = new URL(route.request().url());
      return hostname === 'localhost' || hostname === '127.0.0.1' ? route.continue() : route.abort();
    });
    // tsx compiles this file with keepNames, so functions passed to page.evaluate call a `__name` helper.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    await context.addInitScript(guideAlreadySeen);
    const page = await context.newPage();

    let phase: Phase = 'signIn';
    const bodies = new Map<string, { phase: Phase; body: Promise<Buffer> }>();
    const otherRequests: Record<string, number> = {};
    page.on('response', (response) => {
      if (isScript(response)) {
        if (!bodies.has(response.url())) bodies.set(response.url(), { phase, body: response.body() });
      } else if (phase === 'measured') {
        const type = response.request().resourceType();
        otherRequests[type] = (otherRequests[type] ?? 0) + 1;
      }
    });

    await page.goto(`${origin}/`);
    await signInFromStart(page, email, password);
    await page.waitForLoadState('networkidle');
    await page.locator('nav[aria-label="Main"]').first().waitFor({ timeout: 30_000 });

    const offered = new Set(await page.locator('nav[aria-label="Main"] a').evaluateAll((links) => links.map((a) => a.getAttribute('href'))));
    const missingTabs = [...new Set(tabCycle)].filter((t) => !offered.has(t));
    const cycle = tabCycle.filter((t) => offered.has(t)).filter((t, i, all) => t !== all[(i + all.length - 1) % all.length]);
    const frameMs = await idleFrameInterval(page);

    const taps: TapTiming[] = [];
    const failures: string[] = [];
    if (cycle.length >= 2) {
      for (let i = 0; i < warmupTaps + measuredTaps; i++) {
        phase = i < warmupTaps ? 'warmup' : 'measured';
        const result = await tap(page, cycle[i % cycle.length]!);
        if ('error' in result) failures.push(`tap ${i + 1} (${phase}): ${result.error}`);
        else if (phase === 'measured') taps.push(result);
        await page.waitForTimeout(settleMs);
      }
      await page.waitForLoadState('networkidle');
    }

    const scripts: Record<Phase, Chunk[]> = { signIn: [], warmup: [], measured: [] };
    for (const [url, entry] of bodies) {
      const name = new URL(url).pathname.split('/').pop() ?? url;
      scripts[entry.phase].push(measureChunk(name, await entry.body));
    }
    return { taps, failures, missingTabs, frameMs, scripts, otherRequests };
  } finally {
    await browser.close();
  }
}

/** Nearest-rank percentile of unsorted values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}
