/**
 * Draws each demo brand's app icons (PNG) from its SVG mark in Chromium:
 * `tsx scripts/appIcons.ts` writes server/media/brand/<brand>/icon-{180,192,512,maskable-512}.png.
 * The PNGs are committed; run this again after changing a mark.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { aurora, borealis } from '../server/db/seed/brands.ts';

/** Size, share of the square the mark fills, and whether the brand's background fills the rest. */
const variants = [
  // iOS puts a transparent icon on black: the apple-touch icon is opaque.
  { file: 'icon-180.png', size: 180, mark: 0.8, opaque: true },
  { file: 'icon-192.png', size: 192, mark: 1, opaque: false },
  { file: 'icon-512.png', size: 512, mark: 1, opaque: false },
  // A maskable icon keeps what matters inside the central circle of 80 %.
  { file: 'icon-maskable-512.png', size: 512, mark: 0.6, opaque: true },
];

const mediaDir = fileURLToPath(new URL('../server/media/brand/', import.meta.url));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const brand of [aurora, borealis]) {
  const dir = `${mediaDir}${brand.id}/`;
  const svg = readFileSync(`${dir}icon.svg`, 'utf8');
  const background = brand.theme.light.colors.background;
  for (const { file, size, mark, opaque } of variants) {
    await page.setViewportSize({ width: size, height: size });
    const side = Math.round(size * mark);
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${opaque ? background : 'transparent'}">
        <img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${side}" height="${side}">
      </body>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path: `${dir}${file}`, omitBackground: !opaque });
    console.log(`${brand.id}/${file}`);
  }
}
await browser.close();
