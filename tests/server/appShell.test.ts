import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billboards, brands, offers } from '../../server/db/schema/index.ts';
import { aurora, borealis } from '../../server/db/seed/brands.ts';
import { memberCacheTtl } from '../../server/plugins/memberContext.ts';
import { feedCacheTtlMs } from '../../server/cache.ts';
import { makeBillboard, makeOffer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/** The HTML shell per host (issue 26): the brand's page before any JavaScript, and its web app manifest. */

const clientDir = mkdtempSync(join(tmpdir(), 'klubb-shell-'));
/** The start's chunks the build preloads (scripts/startPreload.ts). */
const startPreloads = ['<link rel="modulepreload" crossorigin href="/assets/libraries-abc123.js">', '<link rel="modulepreload" crossorigin href="/assets/start-abc123.js">'];
let t: TestApp;
let clock = Date.now();

const mobile = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

beforeAll(async () => {
  // The repository's own index.html (what Vite builds from), with a built stylesheet as Vite adds it.
  const source = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  const built = [...startPreloads, '<link rel="stylesheet" href="/assets/index-abc123.css">'].join('\n    ');
  writeFileSync(join(clientDir, 'index.html'), source.replace('</head>', `${built}\n  </head>`));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'assets/index-abc123.css'), 'body{margin:0}');
  t = await createTestApp({ clientDir, now: () => clock });
  await t.db.insert(brands).values([aurora, borealis]);
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const page = (host: string, url = '/', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, 'user-agent': mobile, ...headers } });
/** The page as a browser parses it. */
const documentOf = (html: string) => new JSDOM(html).window.document;
const inlineStyle = (doc: Document) => [...doc.querySelectorAll('style')].map((style) => style.textContent).join('');

describe('the HTML of every app URL, per host', () => {
  it.each([
    ['aurora.localhost:8080', aurora],
    ['borealis.localhost', borealis],
  ])('on %s carries the brand: title, icons, theme colour, inline colours, manifest and skeleton', async (host, brand) => {
    for (const url of ['/', '/more/faq', '/mixedFeed/live/aurora-live-001', '/index.html']) {
      const response = await page(host, url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const doc = documentOf(response.body);
      expect(doc.title).toBe(brand.name);
      expect(doc.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(brand.settings.appIcons!.favicon);
      expect(doc.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe(brand.settings.appIcons!.appleTouchIcon);
      expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.webmanifest');
      expect(doc.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(brand.theme.light.colors.navigationBar);
      const style = inlineStyle(doc);
      // `html:root` outranks the neutral `:root` defaults of the app's stylesheet, whichever loads last.
      expect(style).toMatch(new RegExp(`html:root\\{[^}]*--klubb-color-primary:${brand.theme.light.colors.primary}`));
      expect(style).toContain(`--klubb-color-background:${brand.theme.light.colors.background}`);
      expect(style).toContain(`--klubb-font-heading:${brand.theme.light.fonts.heading}`);
      // After the app's stylesheet, so the brand's values win over its neutral defaults.
      expect(doc.head.innerHTML.indexOf('<style>')).toBeGreaterThan(doc.head.innerHTML.indexOf('index-abc123.css'));
      const skeleton = doc.getElementById('app-skeleton')!;
      expect(skeleton.getAttribute('aria-hidden')).toBe('true');
      expect(skeleton.querySelector('img')?.getAttribute('src')).toBe(brand.logoUrl);
      expect(skeleton.querySelector('img')?.getAttribute('alt')).toBe(brand.name);
      expect(doc.getElementById('root')).not.toBeNull();
    }
  });

  it("draws the skeleton's tabs where the app will put them: at the bottom on a phone, in the top bar on a computer (the bottom bar too, for a narrow window)", async () => {
    const phone = documentOf((await page('aurora.localhost', '/', { 'user-agent': mobile })).body).getElementById('app-skeleton')!;
    const computer = documentOf((await page('aurora.localhost', '/', { 'user-agent': desktop })).body).getElementById('app-skeleton')!;
    expect(phone.querySelectorAll('.sk-bottom .sk-tab')).toHaveLength(aurora.navigationBar.length);
    expect(phone.querySelectorAll('.sk-top .sk-tab')).toHaveLength(0);
    expect(computer.querySelectorAll('.sk-top .sk-tab')).toHaveLength(aurora.navigationBar.length);
    // A desktop browser in a window narrower than the desktop layout's breakpoint gets the phone's
    // bar: the skeleton carries it, and its media query shows one bar or the other (e2e/layoutByWidth.spec.ts).
    expect(computer.getAttribute('data-layout')).toBe('desktop');
    expect(computer.querySelectorAll('.sk-bottom .sk-tab')).toHaveLength(aurora.navigationBar.length);
  });

  it('gives a host of no brand the neutral page: "Klubb", no brand colours, no manifest, no skeleton', async () => {
    const response = await page('unknown.localhost:8080');
    expect(response.statusCode).toBe(200);
    const doc = documentOf(response.body);
    expect(doc.title).toBe('Klubb');
    expect(inlineStyle(doc)).not.toContain('--klubb-');
    expect(doc.querySelector('link[rel="manifest"], link[rel="icon"], meta[name="theme-color"]')).toBeNull();
    expect(doc.getElementById('app-skeleton')).toBeNull();
    expect(doc.getElementById('root')).not.toBeNull();
  });

  it('is revalidated on every load (ETag, 304) and varies with the browser; hashed assets are kept for a year', async () => {
    const first = await page('aurora.localhost');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toContain('User-Agent');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await page('aurora.localhost', '/more', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherBrand = await page('borealis.localhost', '/', { 'if-none-match': etag });
    expect(otherBrand.statusCode).toBe(200);
    const asset = await page('aurora.localhost', '/assets/index-abc123.css');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('allows its inline style, and no inline script, in the content security policy', async () => {
    const response = await page('aurora.localhost');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/style-src [^;]*'unsafe-inline'/);
    expect(policy).not.toMatch(/script-src [^;]*'unsafe-inline'/);
    const scripts = [...documentOf(response.body).querySelectorAll('script')];
    expect(scripts.every((script) => script.getAttribute('src'))).toBe(true);
  });

  it('is rendered again when the brand changes, once the brand cache has let it go', async () => {
    const before = await page('borealis.localhost');
    await t.db
      .update(brands)
      .set({ name: 'Borealis Nord', theme: { light: { ...borealis.theme.light, colors: { ...borealis.theme.light.colors, primary: '#00ff00' } } } })
      .where(eq(brands.id, 'borealis'));
    // Within the brand cache's time the page stays as it was.
    expect((await page('borealis.localhost')).body).toBe(before.body);
    clock += memberCacheTtl.brandMs + 1;
    const after = await page('borealis.localhost');
    const doc = documentOf(after.body);
    expect(doc.title).toBe('Borealis Nord');
    expect(inlineStyle(doc)).toContain('--klubb-color-primary:#00ff00');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await page('borealis.localhost', '/', { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(200);
    await t.db.update(brands).set({ name: borealis.name, theme: borealis.theme }).where(eq(brands.id, 'borealis'));
    clock += memberCacheTtl.brandMs + 1;
  });
});

describe('hostile input', () => {
  it.each([
    ['markup in the host', '"><script>alert(1)</script>'],
    ['a brand host followed by markup', 'aurora.localhost"><script>alert(1)</script>'],
    ['a very long host', `${'a'.repeat(20_000)}.localhost`],
    ['a long host of a brand', `aurora.localhost:${'9'.repeat(5_000)}`],
  ])('%s gets a page without that markup, never an error', async (_case, host) => {
    const response = await page(host);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('alert(1)');
    expect(response.body).not.toContain('aaaaaaaaaa');
    expect(documentOf(response.body).title).toBe('Klubb');
  });

  it('escapes whatever a brand row holds: its name, logo, icons and colours cannot open a tag', async () => {
    const hostile = '</title><script>alert(1)</script><b x="';
    await t.db
      .update(brands)
      .set({
        name: hostile,
        logoUrl: 'javascript:alert(1)',
        settings: { ...aurora.settings, appIcons: { ...aurora.settings.appIcons!, favicon: '"><script>alert(1)</script>' } },
        theme: { light: { ...aurora.theme.light, colors: { ...aurora.theme.light.colors, primary: 'red}</style><script>alert(1)</script>', navigationBar: '"><script>alert(1)</script>' } } },
      })
      .where(eq(brands.id, 'aurora'));
    clock += memberCacheTtl.brandMs + 1;
    try {
      const response = await page('aurora.localhost');
      const doc = documentOf(response.body);
      expect(doc.title).toBe(hostile);
      expect([...doc.querySelectorAll('script')].map((script) => script.getAttribute('src'))).toEqual(['/src/main.tsx']);
      expect(doc.querySelectorAll('b')).toHaveLength(0);
      expect(doc.querySelector('#app-skeleton img')).toBeNull();
      expect(doc.querySelector('link[rel="icon"]')).toBeNull();
      const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host: 'aurora.localhost' } });
      expect(manifest.json().name).toBe(hostile);
    } finally {
      await t.db.update(brands).set({ name: aurora.name, logoUrl: aurora.logoUrl, settings: aurora.settings, theme: aurora.theme }).where(eq(brands.id, 'aurora'));
      clock += memberCacheTtl.brandMs + 1;
    }
  });
});

describe('GET /manifest.webmanifest', () => {
  const manifestOf = (host: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host, ...headers } });

  it.each([
    ['aurora.localhost:8080', aurora],
    ['borealis.localhost', borealis],
  ])("on %s is the brand's: name, colours, icons, start URL and standalone display", async (host, brand) => {
    const response = await manifestOf(host);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const icons = brand.settings.appIcons!;
    expect(response.json()).toEqual({
      id: '/',
      name: brand.name,
      short_name: brand.name,
      lang: brand.settings.defaultLanguage,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: brand.theme.light.colors.navigationBar,
      background_color: brand.theme.light.colors.background,
      icons: [
        { src: icons.icon192, sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: icons.icon512, sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: icons.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
    expect((await manifestOf(host, { 'if-none-match': String(response.headers.etag) })).statusCode).toBe(304);
  });

  it("serves every icon the page and the manifest name, as PNGs of the size they claim (SVG for the tab's)", async () => {
    for (const brand of [aurora, borealis]) {
      const icons = brand.settings.appIcons!;
      const sizes: Array<[string | undefined, number]> = [[icons.appleTouchIcon, 180], [icons.icon192, 192], [icons.icon512, 512], [icons.maskable512, 512]];
      for (const [url, size] of sizes) {
        const response = await t.app.inject({ method: 'GET', url: url! });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/png');
        // PNG: the IHDR chunk holds width and height, big-endian, at bytes 16 and 20.
        expect([response.rawPayload.readUInt32BE(16), response.rawPayload.readUInt32BE(20)]).toEqual([size, size]);
      }
      const favicon = await t.app.inject({ method: 'GET', url: icons.favicon });
      expect(favicon.headers['content-type']).toContain('image/svg+xml');
    }
  });

  it('answers 404 brand_not_found in the error shape for a host of no brand', async () => {
    const response = await manifestOf('unknown.localhost');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, code: 'brand_not_found', message: 'No brand is registered for this host' });
  });
});

describe('the HTML sent compressed when the browser takes it (issue 41)', () => {
  const plainPage = async () => (await page('aurora.localhost', '/', { 'accept-encoding': 'identity' })).body;

  it.each([
    ['br, gzip, deflate', 'br', brotliDecompressSync],
    ['gzip, deflate, br;q=0.5', 'gzip', gunzipSync],
    ['gzip', 'gzip', gunzipSync],
    ['br', 'br', brotliDecompressSync],
  ] as const)('Accept-Encoding "%s": %s, the same page in fewer bytes', async (acceptEncoding, coding, decode) => {
    const response = await page('aurora.localhost', '/', { 'accept-encoding': acceptEncoding });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(coding);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = await plainPage();
    expect(decode(response.rawPayload).toString('utf8')).toBe(html);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(html) / 2);
  });

  it.each([undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate'])('Accept-Encoding %s: the page as it is', async (acceptEncoding) => {
    const response = await page('aurora.localhost', '/more/faq', acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(documentOf(response.body).title).toBe(aurora.name);
  });

  it('varies on Accept-Encoding besides what it varied on, and each coding has its own ETag', async () => {
    const plain = await page('aurora.localhost', '/', { origin: 'http://aurora.localhost' });
    const brotli = await page('aurora.localhost', '/', { origin: 'http://aurora.localhost', 'accept-encoding': 'br' });
    for (const response of [plain, brotli]) {
      const vary = String(response.headers.vary).split(',').map((name) => name.trim());
      expect(vary).toEqual(expect.arrayContaining(['User-Agent', 'Accept-Language', 'Accept-Encoding']));
      // What CORS put there stays.
      expect(vary).toContain('Origin');
    }
    expect(brotli.headers.etag).not.toBe(plain.headers.etag);
    const again = await page('aurora.localhost', '/', { 'accept-encoding': 'br', 'if-none-match': String(brotli.headers.etag) });
    expect(again.statusCode).toBe(304);
    // A cached plain body is not the brotli one: asked for brotli, it is sent in full.
    const other = await page('aurora.localhost', '/', { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('br');
  });

  it('answers HEAD with the length of the body a GET would send', async () => {
    const get = await page('aurora.localhost', '/', { 'accept-encoding': 'gzip' });
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { host: 'aurora.localhost', 'user-agent': mobile, 'accept-encoding': 'gzip' } });
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(Number(head.headers['content-length'])).toBe(get.rawPayload.length);
  });
});

describe("the home page's billboard in the skeleton: the first large image paints before any JavaScript", () => {
  const image = {
    jpeg: { medium: '/media/offers/b-medium.jpg', large: '/media/offers/b-large.jpg' },
    webp: { medium: '/media/offers/b-medium.webp', large: '/media/offers/b-large.webp' },
    width: 1200,
    height: 800,
  };
  const skeletonImage = async (host: string, url = '/', headers: Record<string, string> = {}) =>
    documentOf((await page(host, url, headers)).body).querySelector('#app-skeleton .sk-billboard img');

  beforeAll(async () => {
    await makeOffer(t.db, 'aurora', 'home-billboard', { puffImage: image, requiresSignIn: false });
    await makeBillboard(t.db, 'aurora', 'home-billboard');
    await makeOffer(t.db, 'borealis', 'members-billboard', { puffImage: image, requiresSignIn: true });
    await makeBillboard(t.db, 'borealis', 'members-billboard');
    // The pages above were asked for while there was no billboard.
    clock += feedCacheTtlMs + 1;
  });

  it('draws the billboard a visitor gets on /, with the srcset and sizes of the app\'s own picture and a high fetch priority', async () => {
    for (const userAgent of [mobile, desktop]) {
      const doc = documentOf((await page('aurora.localhost', '/', { 'user-agent': userAgent })).body);
      const picture = doc.querySelector('#app-skeleton .sk-billboard picture')!;
      expect(picture.querySelector('source')?.getAttribute('type')).toBe('image/webp');
      expect(picture.querySelector('source')?.getAttribute('srcset')).toBe('/media/offers/b-medium.webp 480w, /media/offers/b-large.webp 1200w');
      expect(picture.querySelector('source')?.getAttribute('sizes')).toBe('(min-width: 600px) 600px, 100vw');
      const img = picture.querySelector('img')!;
      expect(img.getAttribute('src')).toBe('/media/offers/b-large.jpg');
      expect(img.getAttribute('srcset')).toBe('/media/offers/b-medium.jpg 480w, /media/offers/b-large.jpg 1200w');
      expect(img.getAttribute('sizes')).toBe('(min-width: 600px) 600px, 100vw');
      expect(img.getAttribute('fetchpriority')).toBe('high');
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '800']);
    }
  });

  it("offers a phone's width in AVIF first, and preloads that file ahead of the app's scripts (issue 41)", async () => {
    const sized = {
      ...image,
      jpeg: { ...image.jpeg, phone: '/media/offers/b-phone.jpg' },
      webp: { ...image.webp, phone: '/media/offers/b-phone.webp' },
      avif: { medium: '/media/offers/b-medium.avif', phone: '/media/offers/b-phone.avif', large: '/media/offers/b-large.avif' },
    };
    await t.db.update(offers).set({ puffImage: sized }).where(eq(offers.id, 'home-billboard'));
    clock += feedCacheTtlMs + 1;
    const doc = documentOf((await page('aurora.localhost')).body);
    const sources = [...doc.querySelectorAll('#app-skeleton .sk-billboard picture source')];
    expect(sources.map((source) => [source.getAttribute('type'), source.getAttribute('srcset')])).toEqual([
      ['image/avif', '/media/offers/b-medium.avif 480w, /media/offers/b-phone.avif 800w, /media/offers/b-large.avif 1200w'],
      ['image/webp', '/media/offers/b-medium.webp 480w, /media/offers/b-phone.webp 800w, /media/offers/b-large.webp 1200w'],
    ]);
    const img = doc.querySelector('#app-skeleton .sk-billboard img')!;
    expect(img.getAttribute('srcset')).toBe('/media/offers/b-medium.jpg 480w, /media/offers/b-phone.jpg 800w, /media/offers/b-large.jpg 1200w');

    const preloads = [...doc.querySelectorAll('link[rel="preload"][as="image"]')];
    expect(preloads).toHaveLength(1);
    const preload = preloads[0]!;
    // The same candidates and sizes as the picture's first source, so the browser fetches that one file once.
    expect(preload.getAttribute('type')).toBe('image/avif');
    expect(preload.getAttribute('imagesrcset')).toBe(sources[0]!.getAttribute('srcset'));
    expect(preload.getAttribute('imagesizes')).toBe(sources[0]!.getAttribute('sizes'));
    expect(preload.getAttribute('fetchpriority')).toBe('high');
    // Right after the title: ahead of all the build puts in the head (its module scripts, their preloads, its stylesheet).
    expect(doc.querySelector('title')!.nextElementSibling).toBe(preload);

    // The start's chunks wait in an inert template until the billboard has painted (the entry releases them).
    expect(doc.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    const held = doc.querySelector<HTMLTemplateElement>('head template#start-preloads')!;
    expect([...held.content.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'))).toEqual([
      '/assets/libraries-abc123.js',
      '/assets/start-abc123.js',
    ]);

    // Elsewhere nothing paints before the app: no image preload, and the start's chunks are fetched at once.
    const faq = documentOf((await page('aurora.localhost', '/more/faq')).body);
    expect(faq.querySelector('link[rel="preload"][as="image"]')).toBeNull();
    expect(faq.querySelectorAll('head link[rel="modulepreload"]')).toHaveLength(2);
    expect(faq.querySelector('template#start-preloads')).toBeNull();
    await t.db.update(offers).set({ puffImage: image }).where(eq(offers.id, 'home-billboard'));
    clock += feedCacheTtlMs + 1;
  });

  it('draws no billboard on any other page, for a billboard that needs sign-in, or without visitor browsing', async () => {
    expect(await skeletonImage('aurora.localhost', '/more/faq')).toBeNull();
    expect(await skeletonImage('aurora.localhost', '/live')).toBeNull();
    expect(await skeletonImage('borealis.localhost')).toBeNull();
    await t.db.update(brands).set({ settings: { ...aurora.settings, visitorBrowsing: false } }).where(eq(brands.id, 'aurora'));
    clock += memberCacheTtl.brandMs + 1;
    expect(await skeletonImage('aurora.localhost')).toBeNull();
    await t.db.update(brands).set({ settings: aurora.settings }).where(eq(brands.id, 'aurora'));
    clock += memberCacheTtl.brandMs + 1;
    expect(await skeletonImage('aurora.localhost')).not.toBeNull();
  });

  it('follows a new billboard once the feed cache has let the old one go (a new ETag)', async () => {
    const before = await page('aurora.localhost');
    await makeOffer(t.db, 'aurora', 'newer-billboard', { puffImage: { ...image, jpeg: { large: '/media/offers/newer.jpg' }, webp: {} }, requiresSignIn: false });
    await t.db.insert(billboards).values({ brandId: 'aurora', id: 'billboard-newer', offerId: 'newer-billboard', createdAt: new Date(Date.now() + 60_000) });
    clock += feedCacheTtlMs + 1;
    const after = await page('aurora.localhost');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(documentOf(after.body).querySelector('#app-skeleton .sk-billboard img')?.getAttribute('src')).toBe('/media/offers/newer.jpg');
    await t.db.delete(billboards).where(eq(billboards.id, 'billboard-newer'));
    clock += feedCacheTtlMs + 1;
  });

  it('leaves out a billboard whose image is no same-site or http(s) URL, and escapes what it writes', async () => {
    await t.db.update(offers).set({ puffImage: { ...image, jpeg: { large: 'javascript:alert(1)' } } }).where(eq(offers.id, 'home-billboard'));
    clock += feedCacheTtlMs + 1;
    expect(await skeletonImage('aurora.localhost')).toBeNull();
    await t.db.update(offers).set({ puffImage: { ...image, jpeg: { large: '/media/"><script>alert(1)</script>.jpg' } } }).where(eq(offers.id, 'home-billboard'));
    clock += feedCacheTtlMs + 1;
    const response = await page('aurora.localhost');
    expect(response.body).not.toContain('<script>alert(1)');
    expect(documentOf(response.body).querySelector('#app-skeleton .sk-billboard img')?.getAttribute('src')).toBe('/media/"><script>alert(1)</script>.jpg');
    await t.db.update(offers).set({ puffImage: image }).where(eq(offers.id, 'home-billboard'));
    clock += feedCacheTtlMs + 1;
  });
});
