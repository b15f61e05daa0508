/**
 * Which files of an offer image a page offers the browser (`srcset`, `src`), shared by the app's
 * Image component and the HTML shell's skeleton: the same attributes make the browser pick the
 * same file, so the app's image is the one the skeleton already loaded.
 */
import type { ImageOptions } from '../contract/offer.ts';
import { layout } from './brandTheme.ts';

export type ImageSize = 'medium' | 'large';
/** The files an image may have in one format: the two sizes a page asks for, and a phone's in between. */
type SourceSize = ImageSize | 'phone';
type ImageSources = ImageOptions['jpeg'];

/** Intrinsic widths the image service renders each file at. */
export const imageWidths: Record<SourceSize, number> = { medium: 480, phone: 800, large: 1200 };

/** The billboard is as wide as the screen up to its maximum width. */
export const billboardImageSizes = `(min-width: ${layout.billboardMaxWidth}px) ${layout.billboardMaxWidth}px, 100vw`;

// A large image also offers the smaller files so narrow screens download less.
const candidatesBySize: Record<ImageSize, readonly SourceSize[]> = {
  medium: ['medium'],
  large: ['medium', 'phone', 'large'],
};

/** `srcset` for one format; when the wanted size is missing, the other size stands in. */
export function srcSetFor(sources: ImageSources, size: ImageSize): string | undefined {
  const entries = (available: readonly SourceSize[]) =>
    available.flatMap((key) => (sources[key] ? [`${sources[key]} ${imageWidths[key]}w`] : []));
  const wanted = entries(candidatesBySize[size]);
  if (wanted.length > 0) return wanted.join(', ');
  const other = entries(size === 'medium' ? ['large'] : ['medium']);
  return other.length > 0 ? other.join(', ') : undefined;
}

/** Plain `src` for browsers without srcset support. */
export function srcFor(sources: ImageSources, size: ImageSize): string | undefined {
  return size === 'medium' ? (sources.medium ?? sources.large) : (sources.large ?? sources.medium);
}

/** A format's `<source>` of a picture: its MIME type and the files offered for the wanted size. */
export interface PictureSource {
  type: 'image/avif' | 'image/webp';
  srcSet: string;
}

/** The picture's `<source>`s, the smallest format first (AVIF, then WebP); the JPEG is the `<img>`'s own. */
export function pictureSources(image: ImageOptions, size: ImageSize): PictureSource[] {
  const formats = [
    ['image/avif', image.avif],
    ['image/webp', image.webp],
  ] as const;
  return formats.flatMap(([type, sources]) => {
    const srcSet = sources ? srcSetFor(sources, size) : undefined;
    return srcSet ? [{ type, srcSet }] : [];
  });
}
