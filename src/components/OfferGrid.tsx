import { Children, isValidElement, type ReactNode } from 'react';
import { cx } from './cx.ts';
import * as styles from './offerGrid.css.ts';

export interface OfferGridProps {
  /** One card per child; each becomes a list item. */
  children: ReactNode;
  /** Accessible name of the list, e.g. the feed's title. */
  label?: string;
  className?: string;
}

/** Card grid: 2, 3 or 4 columns by width (brand grid xs/sm/lg), brand gap and side margins. */
export function OfferGrid({ children, label, className }: OfferGridProps) {
  return (
    // role="list" because Safari drops list semantics from a list styled `list-style: none`.
    <ul role="list" aria-label={label} className={cx(styles.grid, className)}>
      {Children.toArray(children).map((child, index) => (
        <li key={isValidElement(child) && child.key !== null ? child.key : index} className={styles.item}>
          {child}
        </li>
      ))}
    </ul>
  );
}
