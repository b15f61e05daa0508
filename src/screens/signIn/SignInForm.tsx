import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/TextField.tsx';
import { sameViewValues, type SignInRef } from '../../appActor.ts';
import { errorMessage } from '../../i18n/errorMessages.ts';
import { connectSignIn } from './signIn.connect.ts';
import { BankIdSignIn, type LoadBankIdOrder } from './BankIdSignIn.tsx';
import * as styles from './signIn.css.ts';

const fieldErrorText = {
  signin_error_enter_email: msg({ id: 'signin_error_enter_email', message: 'Enter your e-mail address' }),
  signin_error_invalid_email: msg({ id: 'signin_error_invalid_email', message: 'Enter a valid e-mail address' }),
  signin_error_enter_password: msg({ id: 'signin_error_enter_password', message: 'Enter your password' }),
};

/** The sign-in form, BankID included: on the sign-in page and in the visitor's sign-in dialog. */
export function SignInForm({ signInRef, loadBankIdOrder }: { signInRef: SignInRef; loadBankIdOrder: LoadBankIdOrder }) {
  const { t, i18n } = useLingui();
  const form = useSelector(signInRef, (s) => connectSignIn(s, signInRef), sameViewValues);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <>
      {form.notice === 'accountDeleted' && (
        <div className={styles.notice} role="status">
          <h2 className={styles.noticeHeading}>{t`Your account was deleted`}</h2>
          <p>{t`Your profile and membership are gone. Thank you for the time you spent with us.`}</p>
        </div>
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={form.busy}>
        {form.errorCode && (
          <p className={styles.formError} role="alert">
            {i18n._(errorMessage(form.errorCode))}
          </p>
        )}
        <TextField
          label={t`E-mail`}
          type="email"
          autoComplete="username"
          value={form.email}
          onChange={form.setEmail}
          error={form.emailError && i18n._(fieldErrorText[form.emailError])}
        />
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          value={form.password}
          onChange={form.setPassword}
          error={form.passwordError && i18n._(fieldErrorText[form.passwordError])}
        />
        <Button type="submit" fullWidth disabled={form.busy}>
          {form.busy ? t`Signing in…` : t`Sign in`}
        </Button>
      </form>
      <BankIdSignIn loadOrder={loadBankIdOrder} />
    </>
  );
}
