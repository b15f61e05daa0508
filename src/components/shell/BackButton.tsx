import { useLingui } from '@lingui/react/macro';
import { Icon } from '../Icon.tsx';
import * as styles from './backButton.css.ts';

export interface BackButtonProps {
  /** False at the bottom of the stack: dimmed and disabled on desktop, absent on mobile (spec 2.1). */
  canGoBack: boolean;
  variant: 'desktop' | 'mobile';
  onBack: () => void;
  icons?: Readonly<Record<string, string>>;
}

/** The back button fixed in the top-left corner. */
export function BackButton({ canGoBack, variant, onBack, icons }: BackButtonProps) {
  const { t } = useLingui();
  if (variant === 'mobile' && !canGoBack) return null;
  return (
    <button type="button" className={styles.back} aria-label={t`Back`} disabled={!canGoBack} onClick={onBack}>
      <Icon name="back" paths={icons} />
    </button>
  );
}
