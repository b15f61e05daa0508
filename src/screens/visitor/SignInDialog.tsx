import type { MouseEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Dialog } from '../../components/Dialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { AppActor, appChild, sameViewValues } from '../../appActor.ts';
import { SignInForm } from '../signIn/SignInForm.tsx';
import type { LoadBankIdOrder } from '../signIn/BankIdSignIn.tsx';
import { connectVisitor } from './visitor.connect.ts';
import * as styles from '../signIn/signIn.css.ts';
import * as authStyles from '../authForm.css.ts';

/** The auth screens are real addresses (open in a new tab, read as links); a plain click goes there through the app. */
const follow = (go: () => void) => (event: MouseEvent) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  go();
};

/**
 * A visitor signs in over the page they are on: the page and what they chose on it stay as they
 * were, and they go on as a member where they left off.
 */
export function SignInDialog({ loadBankIdOrder }: { loadBankIdOrder: LoadBankIdOrder }) {
  const { t } = useLingui();
  const app = AppActor.useActorRef();
  const view = AppActor.useSelector((s) => connectVisitor(s, app), sameViewValues);
  const signInRef = AppActor.useSelector((s) => appChild(s, 'signIn'));
  return (
    <Dialog
      open={view.dialogOpen}
      title={t`Sign in`}
      message={t`Sign in or create an account to buy tickets, claim promo codes and see your orders.`}
      onClose={view.dismiss}
    >
      <div className={styles.dialogBody}>
        {view.loadingMember || !signInRef ? (
          <Spinner />
        ) : (
          <>
            <SignInForm signInRef={signInRef} loadBankIdOrder={loadBankIdOrder} />
            <ul className={authStyles.links}>
              <li>
                <a href="/forgotpassword" className={authStyles.link} onClick={follow(view.forgotPassword)}>
                  {t`Forgot password?`}
                </a>
              </li>
              <li>
                <a href="/createaccount" className={authStyles.link} onClick={follow(view.createAccount)}>
                  {t`Create account`}
                </a>
              </li>
            </ul>
          </>
        )}
      </div>
    </Dialog>
  );
}
