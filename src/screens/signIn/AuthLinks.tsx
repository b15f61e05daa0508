import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import * as styles from '../authForm.css.ts';

/** The sign-in screen's ways on: forgotten password and a new account (spec 2.5). */
export function AuthLinks() {
  const { t } = useLingui();
  return (
    <ul className={styles.links}>
      <li>
        <Link to="/forgotpassword" className={styles.link}>
          {t`Forgot password?`}
        </Link>
      </li>
      <li>
        <Link to="/createaccount" className={styles.link}>
          {t`Create account`}
        </Link>
      </li>
    </ul>
  );
}
