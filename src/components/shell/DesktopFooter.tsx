import { useLingui } from '@lingui/react/macro';
import { Button } from '../Button.tsx';
import * as styles from './desktopFooter.css.ts';

export interface DesktopFooterProps {
  onAbout: () => void;
  onFaq: () => void;
  copyright: string;
}

/** Desktop footer (spec 2.3 "Desktop layout"): About and FAQ, then the copyright line. */
export function DesktopFooter({ onAbout, onFaq, copyright }: DesktopFooterProps) {
  const { t } = useLingui();
  return (
    <footer className={styles.footer}>
      <div className={styles.links}>
        <Button variant="text" onClick={onAbout}>
          {t`About`}
        </Button>
        <Button variant="text" onClick={onFaq}>
          {t`FAQ`}
        </Button>
      </div>
      {copyright && <p className={styles.copyright}>{copyright}</p>}
    </footer>
  );
}
