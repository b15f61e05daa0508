import type { MouseEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { SignInRef } from '../../appActor.ts';
import { SignInForm } from '../signIn/SignInForm.tsx';
import type { LoadBankIdOrder } from '../signIn/BankIdSignIn.tsx';
import * as authStyles from '../authForm.css.ts';

/** The auth screens are real addresses (open in a new tab, read as links); a plain click goes there through the app. */
const follow = (go: () => void) => (event: MouseEvent) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  go();
};

export interface SignInDialogFormProps {
  signInRef: SignInRef;
  loadBankIdOrder: LoadBankIdOrder;
  onForgotPassword: () => void;
  onCreateAccount: () => void;
}

/** The sign-in dialog's form and its ways to the auth screens, loaded when a visitor first opens it. */
export function SignInDialogForm({ signInRef, loadBankIdOrder, onForgotPassword, onCreateAccount }: SignInDialogFormProps) {
  const { t } = useLingui();
  return (
    <>
      <SignInForm signInRef={signInRef} loadBankIdOrder={loadBankIdOrder} />
      <ul className={authStyles.links}>
        <li>
          <a href="/forgotpassword" className={authStyles.link} onClick={follow(onForgotPassword)}>
            {t`Forgot password?`}
          </a>
        </li>
        <li>
          <a href="/createaccount" className={authStyles.link} onClick={follow(onCreateAccount)}>
            {t`Create account`}
          </a>
        </li>
      </ul>
    </>
  );
}
