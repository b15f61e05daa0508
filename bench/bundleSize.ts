import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import { guideAlreadySeen, signInFromStart, waitForFirstScreen } from './signIn.ts';

export interface Chunk {
  name: string;
  raw: number;
  gzip: number;
}

export interface LoadedChunks {
  firstLoad: Chunk[];
  signedIn: Chunk[];
  /** JS an offer page with rich text adds after the feed (Slate loads here, lazily). */
  offerPage: Chunk[];
  /** Requests to anything but loopback, which the bench refuses. */
  blocked: string[];
}

const distAssets = fileURLToPath(new URL('../dist/assets/', import.meta.url));
/** Launch options shared by every browser section of the bench. */
const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
export const chromiumLaunchOptions = { executablePath: '/usr/bin/chromium', args: chromiumArgs };

export function measureChunk(name: string, body: Buffer): Chunk {
  return { name, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

export const totalGzip = (chunks: Chunk[]) => chunks.reduce((sum, c) => sum + c.gzip, 0);

export function isScript(response: Response): boolean {
  return response.request().resourceType() === 'script' || new URL(response.url()).pathname.endsWith('.js');
}

/** Opens signed-out `/`, then signs in, recording the JS each step downloads. */
export async function loadChunksInBrowser(origin: string, email: string, password: string): Promise<LoadedChunks> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addInitScript(guideAlreadySeen);
    const blocked: string[] = [];
    await context.route('**/*', (route) => {
      const { hostname } = new URL(route.request().url());
      if (hostname === 'localhost' || hostname === '127.0.0.1') return route.continue();
      blocked.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    type Phase = 'firstLoad' | 'signedIn' | 'offerPage';
    const bodies = new Map<string, { phase: Phase; body: Promise<Buffer> }>();
    let phase: Phase = 'firstLoad';
    page.on('response', (response) => {
      if (!isScript(response) || bodies.has(response.url())) return;
      bodies.set(response.url(), { phase, body: response.body().catch(() => Buffer.alloc(0)) });
    });

    await page.goto(`${origin}/`);
    await waitForFirstScreen(page);
    await page.waitForLoadState('networkidle');

    phase = 'signedIn';
    await signInFromStart(page, email, password);
    await page.waitForLoadState('networkidle');

    phase = 'offerPage';
    // An editorial offer has rich text: its page is where Slate loads.
    await page.locator('a[href*="/editorial/"]:not([inert] *)').first().click();
    // Wait for Slate's editor root: the lazy chunk has then loaded and rendered.
    await page.locator('section[data-path*="/editorial/"]:not([inert]) [data-slate-editor]').first().waitFor({ timeout: 30_000 });

    const chunks = { firstLoad: [] as Chunk[], signedIn: [] as Chunk[], offerPage: [] as Chunk[] };
    for (const [url, entry] of bodies) {
      const name = new URL(url).pathname.split('/').pop() ?? url;
      chunks[entry.phase].push(measureChunk(name, await entry.body));
    }
    return { ...chunks, blocked };
  } finally {
    await browser.close();
  }
}

/** Every JS chunk the build produced, lazy ones included. */
export async function distChunks(): Promise<Chunk[]> {
  const names = (await readdir(distAssets)).filter((n) => n.endsWith('.js')).sort();
  return Promise.all(names.map(async (name) => measureChunk(name, await readFile(distAssets + name))));
}
