import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { imageWidths } from '../../domain/imageSources.ts';
import { imageOptions, pictureNumbers } from '../../server/db/seed/images.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Issue 41: the demo pictures come in the widths a phone needs (an 800 px file for a 412 px screen
 * at 1.75 device pixels) and in AVIF, served by the media route like the originals.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const mimeOf = { jpeg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' } as const;
const sizes = ['medium', 'phone', 'large'] as const;

describe('the demo pictures at every width and format the app offers', () => {
  it.each(pictureNumbers)('picture %s: each file is served with its type, a day of caching, and the width its size promises (3:2)', async (n) => {
    const image = imageOptions(n);
    for (const format of ['jpeg', 'webp', 'avif'] as const) {
      for (const size of sizes) {
        const url = image[format]?.[size];
        expect(url, `${n} ${format} ${size}`).toBeDefined();
        const response = await t.app.inject({ method: 'GET', url: url! });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toBe(mimeOf[format]);
        expect(response.headers['cache-control'], url).toBe('public, max-age=86400');
        const decoded = await sharp(response.rawPayload).metadata();
        expect(decoded.format === 'heif' ? 'avif' : decoded.format, url).toBe(format);
        expect([decoded.width, decoded.height], url).toEqual([imageWidths[size], Math.round((imageWidths[size] * 2) / 3)]);
      }
    }
  });

  it("a phone's AVIF is a fraction of the 1200 px WebP it used to get", async () => {
    for (const n of pictureNumbers) {
      const bytes = async (url: string | undefined) => (await t.app.inject({ method: 'GET', url: url! })).rawPayload.length;
      const image = imageOptions(n);
      expect(await bytes(image.avif!.phone), n).toBeLessThan((await bytes(image.webp.large)) * 0.75);
    }
  });
});
