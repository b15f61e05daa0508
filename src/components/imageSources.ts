import { media } from '../theme/breakpoints.ts';
import type { ImageSize } from '../../domain/imageSources.ts';

export { imageWidths, pictureSources, srcFor, srcSetFor, type ImageSize } from '../../domain/imageSources.ts';

/** What the layout gives each size by default: a grid card, or a full page-wide image. */
export const defaultSizes: Record<ImageSize, string> = {
  medium: `${media.large} 25vw, ${media.medium} 33vw, 50vw`,
  large: `${media.medium} 800px, 100vw`,
};
