import type { FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { forgotPasswordMachine } from '../../../machines/forgotPassword.machine.ts';
import { AppActor, sameViewValues } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { TextField } from '../../components/TextField.tsx';
import { errorMessage } from '../../i18n/errorMessages.ts';
import { connectForgotPassword } from './forgotPassword.connect.ts';
import * as page from '../signIn/signIn.css.ts';
import * as styles from '../authForm.css.ts';
import { BackToSignIn } from '../BackToSignIn.tsx';

const emailFieldId = 'forgot-password-email';

/** /forgotpassword (spec 2.5): asks for a reset link by e-mail. */
export function ForgotPasswordScreen({ logic }: { logic: typeof forgotPasswordMachine }) {
  const { t, i18n } = useLingui();
  const brand = AppActor.useSelector((s) => s.context.brand);
  const ref = useActorRef(logic);
  const view = useSelector(ref, (s) => connectForgotPassword(s, ref), sameViewValues);
  const email = view.email.trim();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (view.submit()) document.getElementById(emailFieldId)?.focus();
  };

  return (
    <main className={page.page}>
      {brand && <img className={page.logo} src={brand.logoUrl} alt={brand.name} />}
      <h1 className={page.heading}>{t`Forgot password`}</h1>
      <p className={styles.lead}>{t`Enter the e-mail address of your account and we will send you a link to choose a new password.`}</p>
      <form className={page.form} onSubmit={onSubmit} noValidate aria-busy={view.busy}>
        {view.errorCode && (
          <p className={page.formError} role="alert">
            {i18n._(errorMessage(view.errorCode))}
          </p>
        )}
        <TextField
          id={emailFieldId}
          label={t`E-mail`}
          type="email"
          autoComplete="email"
          value={view.email}
          onChange={view.setEmail}
          error={view.emailError ? i18n._(errorMessage(view.emailError)) : undefined}
        />
        <Button type="submit" fullWidth disabled={view.busy}>
          {view.busy ? t`Sending…` : t`Send reset link`}
        </Button>
      </form>
      <BackToSignIn />
      <Dialog
        open={view.sent}
        title={t`Check your e-mail`}
        message={t`We have sent a link to ${email}. Follow it to choose a new password.`}
        onClose={view.dismiss}
      />
    </main>
  );
}
