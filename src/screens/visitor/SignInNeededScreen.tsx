import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/Button.tsx';
import { AppActor, sameViewValues } from '../../appActor.ts';
import { connectVisitor } from './visitor.connect.ts';
import * as styles from '../simplePage.css.ts';

/** A member's page (More, profile, orders, checkout, ...) opened by a visitor: sign in or create an account first. */
export function SignInNeededScreen() {
  const { t } = useLingui();
  const app = AppActor.useActorRef();
  const view = AppActor.useSelector((s) => connectVisitor(s, app), sameViewValues);
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>{t`Sign in to continue`}</h1>
      <p className={styles.muted}>{t`This page is for members. Sign in, or create an account to become one.`}</p>
      <Button onClick={view.signIn}>{t`Sign in`}</Button>
      <Button variant="secondary" onClick={view.createAccount}>
        {t`Create account`}
      </Button>
    </main>
  );
}
