import { useLingui } from '@lingui/react/macro';
import { AppLink } from '../../navigation/AppLink.tsx';
import * as styles from '../simplePage.css.ts';

/** A registered route whose screen a later release builds. */
export function ComingSoonScreen() {
  const { t } = useLingui();
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>{t`Coming soon`}</h1>
      <p>{t`This page is not available yet.`}</p>
      <AppLink href="/" className={styles.link}>{t`Go to the start page`}</AppLink>
    </main>
  );
}
