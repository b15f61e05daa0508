import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import * as styles from './authForm.css.ts';

/** The way back from the password-reset pages to sign-in (spec 2.5); only those lazy screens load it. */
export function BackToSignIn() {
  const { t } = useLingui();
  return (
    <p className={styles.lead}>
      <Link to="/" className={styles.link}>
        {t`Back to sign in`}
      </Link>
    </p>
  );
}
