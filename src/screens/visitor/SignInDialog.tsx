import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Dialog } from '../../components/Dialog.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { withMessages } from '../../i18n/i18n.ts';
import { AppActor, appChild, sameViewValues } from '../../appActor.ts';
import type { LoadBankIdOrder } from '../signIn/BankIdSignIn.tsx';
import { connectVisitor } from './visitor.connect.ts';
import * as styles from './visitor.css.ts';

// The form (with BankID and the fields) downloads when a visitor first opens the dialog, not with the first page.
const SignInDialogForm = lazy(
  withMessages('auth', () => import('./SignInDialogForm.tsx').then((m) => ({ default: m.SignInDialogForm }))),
);

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
          <Suspense fallback={<Spinner />}>
            <SignInDialogForm
              signInRef={signInRef}
              loadBankIdOrder={loadBankIdOrder}
              onForgotPassword={view.forgotPassword}
              onCreateAccount={view.createAccount}
            />
          </Suspense>
        )}
      </div>
    </Dialog>
  );
}
