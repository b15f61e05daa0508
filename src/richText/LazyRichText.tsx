import { lazy, Suspense } from 'react';
import type { RichTextProps } from './RichText.tsx';
import * as styles from './lazyRichText.css.ts';

/** Slate and the converter load in their own chunk, only where rich text is shown. */
export const LazyRichText = lazy(() => import('./RichText.tsx'));

const lineWidths = ['100%', '96%', '88%', '62%'];

/** Rich text with its own loading state, so one block never holds up the rest of the page. */
export function RichTextBlock(props: RichTextProps) {
  return (
    <Suspense fallback={<RichTextSkeleton />}>
      <LazyRichText {...props} />
    </Suspense>
  );
}

export function RichTextSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true">
      {lineWidths.map((width) => (
        <span key={width} className={styles.line} style={{ width }} aria-hidden="true" />
      ))}
    </div>
  );
}
