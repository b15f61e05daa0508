import type { ReactNode } from 'react';
import * as styles from './contentFrame.css.ts';

export interface ContentFrameProps {
  children: ReactNode;
  /** Desktop: centred column of the page max width; mobile: full width above the bottom bar. */
  layout: 'desktop' | 'mobile';
}

export function ContentFrame({ children, layout }: ContentFrameProps) {
  return <div className={styles.frame[layout]}>{children}</div>;
}
