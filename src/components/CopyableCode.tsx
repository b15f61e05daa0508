import { useLingui } from '@lingui/react/macro';
import { Button } from './Button.tsx';
import { Icon } from './Icon.tsx';
import type { ClipboardView } from './clipboard.connect.ts';
import { cx } from './cx.ts';
import * as styles from './copyableCode.css.ts';

// Here rather than in fallbackIcons, which loads with the sign-in page.
const copyIcon = { copy: 'M16 1H4c-1.1 0-2 .9-2 2v14h2V3h12V1zm3 4H8c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h11c1.1 0 2-.9 2-2V7c0-1.1-.9-2-2-2zm0 16H8V7h11v14z' };

export interface CopyableCodeProps {
  code: string;
  clipboard: ClipboardView;
}

/** A promo code with its copy button; the copy's result is announced (spec 8's clipboard texts). */
export function CopyableCode({ code, clipboard }: CopyableCodeProps) {
  const { t } = useLingui();
  const copied = clipboard.copied === code;
  const failed = clipboard.failed === code;
  return (
    <div className={styles.row}>
      <code className={styles.code}>{code}</code>
      <Button variant="secondary" className={styles.copyButton} aria-label={t`Copy code ${code}`} onClick={() => clipboard.copy(code)}>
        <Icon name="copy" paths={copyIcon} size={18} />
        {t`Copy`}
      </Button>
      {/* Always rendered, so screen readers hear the result when it appears. */}
      <p role="status" className={cx(styles.result, failed && styles.failure)}>
        {copied ? t`Successfully copied to clipboard ${code}` : null}
        {failed ? t`Could not copy to clipboard: ${clipboard.failure}` : null}
      </p>
    </div>
  );
}
