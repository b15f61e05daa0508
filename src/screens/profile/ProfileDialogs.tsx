import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { TextField } from '../../components/TextField.tsx';
import { errorMessage } from '../../i18n/errorMessages.ts';
import { usePage } from '../../navigation/pageContext.ts';
import { sameViewValues } from '../../appActor.ts';
import type { ProfileView } from './profile.connect.ts';
import { connectCurrentPassword, type CurrentPasswordRef } from './currentPassword.connect.ts';
import * as styles from './profile.css.ts';

/** Only a password was typed here, so a refused sign-in is told as a wrong password, not "e-mail or password". */
const currentPasswordCode = (code: string | null) =>
  code === 'auth/wrong-password' || code === 'auth/invalid-credential' ? 'auth/invalid-password' : (code ?? 'unknown');

/** Asked before an e-mail or password change is sent (spec 4, 5), and when a delete needs a recent sign-in. */
export function CurrentPasswordDialog({ view }: { view: ProfileView }) {
  const { t, i18n } = useLingui();
  const { visible } = usePage();
  const passwordRef = view.currentPassword;
  return (
    <Dialog
      open={passwordRef !== null && visible}
      title={t`Confirm with your password`}
      message={
        view.passwordPurpose === 'delete'
          ? `${i18n._(errorMessage('auth/requires-recent-login'))} ${t`If you signed in with BankID, sign out and in again instead, then delete the account.`}`
          : t`Enter your current password to change your e-mail address or password.`
      }
      onClose={view.cancelCurrentPassword}
    >
      {passwordRef && <CurrentPasswordForm passwordRef={passwordRef} purpose={view.passwordPurpose} />}
    </Dialog>
  );
}

function CurrentPasswordForm({ passwordRef, purpose }: { passwordRef: CurrentPasswordRef; purpose: ProfileView['passwordPurpose'] }) {
  const { t, i18n } = useLingui();
  const dialog = useSelector(passwordRef, (s) => connectCurrentPassword(s, passwordRef), sameViewValues);
  const input = useRef<HTMLInputElement>(null);
  // After the dialog's own focus move, and again when the password is refused: the field is what to fill in.
  useEffect(() => input.current?.focus(), [dialog.refused, dialog.missing]);
  const error = dialog.missing
    ? t`Enter your current password`
    : dialog.refused
      ? i18n._(errorMessage(currentPasswordCode(dialog.refusalCode)))
      : undefined;
  return (
    <div className={styles.dialogBody}>
      <TextField
        ref={input}
        label={t`Current password`}
        type="password"
        autoComplete="current-password"
        value={dialog.password}
        onChange={dialog.setPassword}
        onEnter={dialog.confirm}
        error={error}
        readOnly={dialog.busy}
      />
      <div className={styles.dialogActions}>
        <Button variant="secondary" className={styles.dialogAction} onClick={dialog.cancel} aria-disabled={dialog.busy}>
          {t`Cancel`}
        </Button>
        <Button className={styles.dialogAction} onClick={dialog.confirm} aria-disabled={dialog.busy}>
          {dialog.busy ? (purpose === 'delete' ? t`Deleting…` : t`Saving…`) : t`Confirm`}
        </Button>
      </div>
    </div>
  );
}

/** The confirm step of account deletion; hidden until the member asks (spec 4). */
export function DeleteAccountDialog({ view }: { view: ProfileView }) {
  const { t, i18n } = useLingui();
  const { visible } = usePage();
  return (
    <Dialog
      open={view.deleteDialogOpen && visible}
      title={t`Delete your account?`}
      message={t`Your account, your profile and your membership are deleted for good.`}
      onClose={view.cancelDelete}
    >
      <div className={styles.dialogBody}>
        {view.deleteFailed && (
          <p role="alert" className={styles.failure}>
            {i18n._(errorMessage(view.errorCode ?? 'unknown'))}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button variant="secondary" className={styles.dialogAction} onClick={view.cancelDelete} aria-disabled={view.deleting}>
            {t`Cancel`}
          </Button>
          <Button variant="danger" className={styles.dialogAction} onClick={view.confirmDelete} aria-disabled={view.deleting}>
            {view.deleting ? t`Deleting…` : t`Delete account`}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
