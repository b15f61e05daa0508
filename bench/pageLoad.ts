import { chromium, devices, type CDPSession, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from './bundleSize.ts';

/** Lighthouse 12's mobile preset: slow 4G (its simulated latency and throughput) and a 4x slower CPU. */
export const throttling = { latencyMs: 150, downloadKbps: 1638.4, uploadKbps: 675, cpuSlowdown: 4 };
export const pageLoadDevice = 'Pixel 7';
export const coldLoads = 3;

export interface PageLoad {
  /** First and largest contentful paint, ms after navigation start (null: none was reported). */
  fcpMs: number | null;
  lcpMs: number | null;
  /** Cumulative layout shift: the largest session window (gaps under 1 s, at most 5 s), as Lighthouse counts it. */
  cls: number;
  /** Total blocking time: what each long task after the first contentful paint ran over 50 ms, summed (until the load settled). */
  tbtMs: number | null;
  /** Scripts whose response had ended before the first contentful paint: file names and bytes on the wire. */
  scriptsBeforeFcp: { name: string; transferBytes: number }[];
  /**
   * The long animation frames after the first contentful paint that blocked input, with the
   * scripts that ran in them (Chromium's Long Animation Frames API): where the blocking time went.
   */
  blockingFrames: BlockingFrame[];
  /** What the load ended on: the visitor's feed or the sign-in page. */
  screen: 'feed' | 'sign-in';
  /** Requests to anything but this machine (the app should make none). */
  external: string[];
}

export interface BlockingFrame {
  atMs: number;
  durationMs: number;
  /** What of the frame's longest task ran over 50 ms (Chromium's blockingDuration). */
  blockingMs: number;
  /** Style, layout and paint at the frame's end. */
  renderMs: number;
  /** Each script's invoker (a module's URL, a timer, a promise) and its ms. */
  scripts: { invoker: string; durationMs: number }[];
}

/** Collects paints, layout shifts, long tasks and long animation frames from the first moment of the page (buffered observers). */
const observeVitals = `
  globalThis.__vitals = { fcp: null, lcp: null, shifts: [], longTasks: [], frames: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) __vitals.frames.push({
      atMs: e.startTime, durationMs: e.duration, blockingMs: e.blockingDuration,
      renderMs: e.renderStart > 0 ? e.startTime + e.duration - e.renderStart : 0,
      scripts: e.scripts.map((s) => ({ invoker: s.invoker, durationMs: s.duration })),
    });
  }).observe({ type: 'long-animation-frame', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) __vitals.longTasks.push({ at: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') __vitals.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) __vitals.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) __vitals.shifts.push({ at: e.startTime, value: e.value });
  }).observe({ type: 'layout-shift', buffered: true });
`;

interface Shift {
  at: number;
  value: number;
}

interface LongTask {
  at: number;
  duration: number;
}

/** Lighthouse's total blocking time: the part over 50 ms of every long task that starts after FCP. */
export function totalBlockingTime(longTasks: LongTask[], fcp: number): number {
  return longTasks.filter((task) => task.at >= fcp).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
}

/** The largest session window of layout shifts (web-vitals' CLS). */
export function largestShiftWindow(shifts: Shift[]): number {
  let largest = 0;
  let current = 0;
  let windowStart = -Infinity;
  let previous = -Infinity;
  for (const shift of shifts) {
    if (shift.at - previous >= 1000 || shift.at - windowStart >= 5000) {
      current = 0;
      windowStart = shift.at;
    }
    current += shift.value;
    previous = shift.at;
    largest = Math.max(largest, current);
  }
  return largest;
}

/** What `waitForFirstScreen` (signIn.ts) waits for, as plain DOM: the feed's offer list or the sign-in page's heading. */
const firstScreenExpression = `(() => {
  if (document.querySelector('ul[role="list"][aria-label="Offers"]')) return 'feed';
  return [...document.querySelectorAll('h1')].some((h) => h.textContent === 'Sign in') ? 'sign-in' : null;
})()`;

/**
 * Waits for the first screen by evaluating a line of DOM over CDP every 100 ms. Playwright's locators
 * would inject its selector engine into the page and poll with it: long tasks of the bench's own,
 * counted in the page's total blocking time (Lighthouse injects nothing).
 */
async function waitForFirstScreenQuietly(cdp: CDPSession, timeoutMs: number): Promise<'feed' | 'sign-in'> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { result } = await cdp.send('Runtime.evaluate', { expression: firstScreenExpression, returnByValue: true });
    if (result.value === 'feed' || result.value === 'sign-in') return result.value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no first screen after ${timeoutMs} ms`);
}

const isLoopback = (hostname: string) => hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1';

async function readVitals(page: Page) {
  // Two frames, so the paint of the last change has been reported to the observers.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const vitals = (
      globalThis as unknown as { __vitals: { fcp: number | null; lcp: number | null; shifts: Shift[]; longTasks: LongTask[]; frames: BlockingFrame[] } }
    ).__vitals;
    const scripts = performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({ url: e.name, responseEnd: e.responseEnd, transferBytes: e.encodedBodySize }));
    return { ...vitals, scripts };
  });
}

/** One cold load of `url` (fresh browser context: empty cache and storage) under throttling, until its first screen has settled. */
async function loadOnce(url: string): Promise<PageLoad> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ ...devices[pageLoadDevice], locale: 'en-US' });
    // tsx compiles this file with keepNames, so functions passed to page.evaluate call a `__name` helper.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    await context.addInitScript(observeVitals);
    const page = await context.newPage();
    const external: string[] = [];
    page.on('request', (request) => {
      if (!isLoopback(new URL(request.url()).hostname)) external.push(request.url());
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttling.latencyMs,
      downloadThroughput: (throttling.downloadKbps * 1024) / 8,
      uploadThroughput: (throttling.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuSlowdown });

    await page.goto(url);
    const screen = await waitForFirstScreenQuietly(cdp, 60_000);
    await page.waitForLoadState('networkidle');
    const vitals = await readVitals(page);
    const fcp = vitals.fcp;
    return {
      fcpMs: fcp,
      lcpMs: vitals.lcp,
      cls: largestShiftWindow(vitals.shifts),
      tbtMs: fcp === null ? null : totalBlockingTime(vitals.longTasks, fcp),
      scriptsBeforeFcp:
        fcp === null
          ? []
          : vitals.scripts
              .filter((s) => s.responseEnd <= fcp)
              .map((s) => ({ name: new URL(s.url).pathname.split('/').pop() ?? s.url, transferBytes: s.transferBytes })),
      blockingFrames: fcp === null ? [] : vitals.frames.filter((frame) => frame.atMs >= fcp && frame.blockingMs > 0),
      screen,
      external,
    };
  } finally {
    await browser.close();
  }
}

/** `coldLoads` cold loads of signed-out `/` on a brand's host, after one unmeasured load that warms the server. */
export async function measurePageLoads(host: string, port: number): Promise<PageLoad[]> {
  const url = `http://${host}:${port}/`;
  await loadOnce(url);
  const loads: PageLoad[] = [];
  for (let i = 0; i < coldLoads; i++) loads.push(await loadOnce(url));
  return loads;
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
