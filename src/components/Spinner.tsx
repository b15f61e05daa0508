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
    // data-fullscreen: the HTML shell's skeleton stays over the app while this is all it shows (src/wiring/shellSkeleton.ts).
    <div role="status" aria-label={label} className={classes} data-fullscreen={fullscreen ? '' : undefined}>
      <span className={styles.circle} aria-hidden="true" />
      <span className={visuallyHidden}>{label}</span>
    </div>
  );
}
