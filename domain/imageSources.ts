/**
 * Which files of an offer image a page offers the browser (`srcset`, `src`), shared by the app's
 * Image component and the HTML shell's skeleton: the same attributes make the browser pick the
 * same file, so the app's image is the one the skeleton already loaded.
 */
import type { ImageOptions } from '../contract/offer.ts';
import { layout } from './brandTheme.ts';

export type ImageSize = 'medium' | 'large';
type ImageSources = ImageOptions['jpeg'];

/** Intrinsic widths the image service renders each size at. */
export const imageWidths: Record<ImageSize, number> = { medium: 480, large: 1200 };

/** The billboard is as wide as the screen up to its maximum width. */
export const billboardImageSizes = `(min-width: ${layout.billboardMaxWidth}px) ${layout.billboardMaxWidth}px, 100vw`;

// A large image also offers the medium file so narrow screens download less.
const candidatesBySize: Record<ImageSize, readonly ImageSize[]> = {
  medium: ['medium'],
  large: ['medium', 'large'],
};

/** `srcset` for one format; when the wanted size is missing, the other size stands in. */
export function srcSetFor(sources: ImageSources, size: ImageSize): string | undefined {
  const entries = (available: readonly ImageSize[]) =>
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
