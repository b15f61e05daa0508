import { useLingui } from '@lingui/react/macro';
import { Icon } from '../Icon.tsx';
import * as styles from './backButton.css.ts';

export interface BackButtonProps {
  /** False at the bottom of the stack: then there is no back button (a dimmed one on desktop read as broken, issue 22). */
  canGoBack: boolean;
  onBack: () => void;
  icons?: Readonly<Record<string, string>>;
}

/** The back button fixed in the top-left corner. */
export function BackButton({ canGoBack, onBack, icons }: BackButtonProps) {
  const { t } = useLingui();
  if (!canGoBack) return null;
  return (
    <button type="button" className={styles.back} aria-label={t`Back`} onClick={onBack}>
      <Icon name="back" paths={icons} />
    </button>
  );
}
