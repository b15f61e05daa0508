/**
 * Renders the demo pictures' modern and phone-sized files from each picture's 1200 px JPEG:
 * AVIF at every width the app offers (480, 800, 1200) and WebP and JPEG at 800, so a phone
 * (412 px at 1.75 device pixels, Lighthouse's) fetches an 800 px file instead of the 1200 px one.
 * The files are committed beside the originals; run again only when a picture changes:
 * `npx tsx server/db/seed/imageVariants.ts` (needs the `sharp` dev dependency).
 */
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { imageWidths } from '../../../domain/imageSources.ts';
import { pictureNumbers } from './images.ts';

const offersDir = fileURLToPath(new URL('../../media/offers/', import.meta.url));

/** Size names and the formats rendered at each; the 480 and 1200 px JPEG and WebP files are the originals. */
const variants = [
  { size: 'medium', formats: ['avif'] },
  { size: 'phone', formats: ['avif', 'webp', 'jpg'] },
  { size: 'large', formats: ['avif'] },
] as const;

async function render(n: string) {
  const source = `${offersDir}${n}-large.jpg`;
  for (const { size, formats } of variants) {
    const resized = () => sharp(source).resize({ width: imageWidths[size] });
    for (const format of formats) {
      const target = `${offersDir}${n}-${size}.${format}`;
      if (format === 'avif') await resized().avif({ quality: 50, effort: 6 }).toFile(target);
      else if (format === 'webp') await resized().webp({ quality: 75 }).toFile(target);
      else await resized().jpeg({ quality: 78, progressive: true, mozjpeg: true }).toFile(target);
    }
  }
}

for (const n of pictureNumbers) await render(n);
console.log(`Rendered ${pictureNumbers.length} pictures' variants into ${offersDir}`);
