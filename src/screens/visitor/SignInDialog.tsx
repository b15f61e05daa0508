import { useLingui } from '@lingui/react/macro';
import { Dialog } from '../../components/Dialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { AppActor, appChild, sameViewValues } from '../../appActor.ts';
import { SignInForm } from '../signIn/SignInScreen.tsx';
import type { LoadBankIdOrder } from '../signIn/BankIdSignIn.tsx';
import { connectVisitor } from './visitor.connect.ts';
import * as styles from '../signIn/signIn.css.ts';

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
            <button type="button" className={styles.textButton} onClick={view.forgotPassword}>
              {t`Forgot password?`}
            </button>
            <button type="button" className={styles.textButton} onClick={view.createAccount}>
              {t`Create account`}
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
}
