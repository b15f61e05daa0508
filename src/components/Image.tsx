import { useLayoutEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ImageOptions } from '../../contract/offer.ts';
import { Icon } from './Icon.tsx';
import { cx } from './cx.ts';
import { defaultSizes, pictureSources, srcFor, srcSetFor, type ImageSize } from './imageSources.ts';
import * as styles from './image.css.ts';

export interface ImageProps {
  image: ImageOptions;
  size: ImageSize;
  /** The `sizes` attribute; defaults suit a grid card (medium) or a page-wide image (large). */
  sizes?: string;
  /** Load at once instead of lazily (images above the fold). */
  eager?: boolean;
  /** Keep the image's own proportions (from width and height) instead of the 3:2 box, e.g. in articles. */
  naturalRatio?: boolean;
  className?: string;
}

type LoadState = 'loading' | 'loaded' | 'error';

/**
 * A 3:2 picture with skeleton, loaded and broken states. The load state lives in the DOM
 * (`data-state` on the frame, styled by CSS), not in React state.
 */
export function Image({ image, size, sizes, eager = false, naturalRatio = false, className }: ImageProps) {
  const { t } = useLingui();
  const frameRef = useRef<HTMLSpanElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const src = srcFor(image.jpeg, size);
  const jpegSrcSet = srcSetFor(image.jpeg, size);
  // AVIF, then WebP: the browser takes the first format it decodes.
  const sources = pictureSources(image, size);
  const sourcesKey = sources.map((source) => source.srcSet).join('|');
  const sizesAttribute = sizes ?? defaultSizes[size];
  // The box is sized before the file arrives either way, so nothing below it moves.
  const ratio = naturalRatio && image.width && image.height ? { aspectRatio: `${image.width} / ${image.height}` } : undefined;

  const showState = (state: LoadState) => {
    if (frameRef.current) frameRef.current.dataset.state = state;
  };

  // A cached image can finish before React attaches listeners; a new src starts over.
  useLayoutEffect(() => {
    const img = imgRef.current;
    if (!img || !src) showState('error');
    else if (!img.complete) showState('loading');
    else showState(img.naturalWidth > 0 ? 'loaded' : 'error');
  }, [src, jpegSrcSet, sourcesKey]);

  return (
    <span
      ref={frameRef}
      data-state={src ? 'loading' : 'error'}
      className={cx(styles.frame, className)}
      style={ratio}
    >
      {src ? (
        <picture>
          {sources.map((source) => (
            <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizesAttribute} />
          ))}
          <img
            ref={imgRef}
            className={styles.img}
            src={src}
            srcSet={jpegSrcSet}
            sizes={sizesAttribute}
            // The spec's fallback ('Bildbeskrivning saknas' in Swedish), in the member's language.
            alt={image.imageDescription || t`Image description missing`}
            width={image.width}
            height={image.height}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            onLoad={() => showState('loaded')}
            onError={() => showState('error')}
          />
        </picture>
      ) : null}
      <span className={styles.broken}>
        <Icon name="brokenImage" size={48} label={t`Image could not be loaded`} />
      </span>
    </span>
  );
}
