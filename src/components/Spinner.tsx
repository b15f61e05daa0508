import { useLingui } from '@lingui/react/macro';
import { visuallyHidden } from '../theme/global.css.ts';
import { cx } from './cx.ts';
import * as styles from './spinner.css.ts';

export interface SpinnerProps {
  /** Cover the whole viewport with the spinner centred (boot and page loads). */
  fullscreen?: boolean;
  className?: string;
}

export function Spinner({ fullscreen = false, className }: SpinnerProps) {
  const { t } = useLingui();
  const label = t`Loading`;
  const classes = cx(styles.spinner, fullscreen && styles.fullscreen, className);
  return (
    <div role="status" aria-label={label} className={classes}>
      <span className={styles.circle} aria-hidden="true" />
      <span className={visuallyHidden}>{label}</span>
    </div>
  );
}
