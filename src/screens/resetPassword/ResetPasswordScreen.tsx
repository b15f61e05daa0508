import { useFocusOnRefusal } from '../../components/useFocusOnRefusal.ts';
import { useId, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { resetPasswordMachine } from '../../../machines/resetPassword.machine.ts';
import { AppActor, sameViewValues } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { TextField } from '../../components/TextField.tsx';
import { errorMessage } from '../../i18n/errorMessages.ts';
import { connectResetPassword } from './resetPassword.connect.ts';
import * as page from '../signIn/signIn.css.ts';
import * as styles from '../authForm.css.ts';
import { BackToSignIn } from '../BackToSignIn.tsx';

const fieldIds = { password: 'reset-password-new', repeat: 'reset-password-repeat' } as const;

/** /password_reset/:password_reset_verification_token (spec 2.5): the mailed link's page. */
export interface ResetPasswordScreenProps {
  /** The verification token from the mailed link. */
  token: string;
  logic: typeof resetPasswordMachine;
}

export function ResetPasswordScreen(props: ResetPasswordScreenProps) {
  return <ResetPasswordForm key={props.token} {...props} />;
}

function ResetPasswordForm({ token, logic }: ResetPasswordScreenProps) {
  const { t, i18n } = useLingui();
  const brand = AppActor.useSelector((s) => s.context.brand);
  const hintId = useId();
  const ref = useActorRef(logic, { input: { token } });
  const view = useSelector(ref, (s) => connectResetPassword(s, ref), sameViewValues);
  const text = (code: string | null) => (code ? i18n._(errorMessage(code)) : undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    view.submit();
  };
  useFocusOnRefusal(view.refusals, view.firstInvalid && fieldIds[view.firstInvalid]);

  return (
    <main className={page.page}>
      {brand && <img className={page.logo} src={brand.logoUrl} alt={brand.name} />}
      <h1 className={page.heading}>{t`Choose a new password`}</h1>
      {view.linkFailed ? (
        <>
          <p className={page.formError} role="alert">
            {text(view.errorCode)}
          </p>
          <Link to="/forgotpassword" className={styles.link}>
            {t`Request a new link`}
          </Link>
        </>
      ) : (
        <form className={page.form} onSubmit={onSubmit} noValidate aria-busy={view.busy}>
          {view.errorCode && (
            <p className={page.formError} role="alert">
              {text(view.errorCode)}
            </p>
          )}
          <TextField
            id={fieldIds.password}
            label={t`New password`}
            type="password"
            autoComplete="new-password"
            value={view.password}
            onChange={view.setPassword}
            error={text(view.passwordError)}
            aria-describedby={hintId}
          />
          <p id={hintId} className={styles.hint}>
            {t`8 to 30 characters with a digit, a lowercase and an uppercase letter, and no spaces.`}
          </p>
          <TextField
            id={fieldIds.repeat}
            label={t`Repeat the new password`}
            type="password"
            autoComplete="new-password"
            value={view.repeat}
            onChange={view.setRepeat}
            error={text(view.repeatError)}
          />
          <Button type="submit" fullWidth disabled={view.busy}>
            {view.busy ? t`Saving…` : t`Save the new password`}
          </Button>
        </form>
      )}
      <BackToSignIn />
      <Dialog
        open={view.saved}
        title={t`Password changed`}
        message={t`Your new password is saved. Sign in with it now.`}
        onClose={view.dismiss}
      />
    </main>
  );
}
