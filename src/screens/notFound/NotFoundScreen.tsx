import { useLingui } from '@lingui/react/macro';
import { AppLink } from '../../navigation/AppLink.tsx';
import * as styles from '../simplePage.css.ts';

export function NotFoundScreen() {
  const { t } = useLingui();
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>{t`Page not found`}</h1>
      <p>{t`The page you are looking for does not exist.`}</p>
      <AppLink href="/" className={styles.link}>{t`Go to the start page`}</AppLink>
    </main>
  );
}
