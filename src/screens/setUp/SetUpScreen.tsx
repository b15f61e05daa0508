import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/TextField.tsx';
import { AppActor, appChild, sameViewValues } from '../../appActor.ts';
import { errorMessage } from '../../i18n/errorMessages.ts';
import type { SetUpErrorKey, SetUpField } from '../../../domain/setUpForm.ts';
import { cardDigitsId } from './CardDigits.tsx';
import { ReferralInput, referralFieldId } from './ReferralInput.tsx';
import { connectSetUp, connectSetUpPhase, type SetUpRef } from './setUp.connect.ts';
import * as page from '../signIn/signIn.css.ts';
import * as styles from './setUp.css.ts';

/** The form's own error keys (spec 5); server codes go through the error catalogue. */
const formErrorText: Record<SetUpErrorKey, MessageDescriptor> = {
  setup_error_enter_email: msg({ id: 'setup_error_enter_email', message: 'Enter your e-mail address' }),
  setup_error_invalid_email: msg({ id: 'setup_error_invalid_email', message: 'Enter a valid e-mail address' }),
  setup_error_enter_phone: msg({ id: 'setup_error_enter_phone', message: 'Enter your phone number' }),
  setup_error_invalid_phone: msg({ id: 'setup_error_invalid_phone', message: 'Enter a valid phone number, for example +46701234567' }),
  setup_error_enter_password: msg({ id: 'setup_error_enter_password', message: 'Enter a password' }),
  setup_error_password_rule: msg({ id: 'setup_error_password_rule', message: 'The password does not meet the requirements' }),
  setup_error_choose_card: msg({ id: 'setup_error_choose_card', message: 'Choose your bank card' }),
  setup_error_card_digits: msg({ id: 'setup_error_card_digits', message: 'Enter the first six digits of your bank card' }),
  setup_error_enter_referral_code: msg({ id: 'setup_error_enter_referral_code', message: 'Enter your referral code' }),
  setup_error_invalid_referral_code: msg({ id: 'setup_error_invalid_referral_code', message: 'The referral code is not valid' }),
};

const fieldIds: Record<Exclude<SetUpField, 'referral'>, string> = {
  email: 'setup-email',
  phone: 'setup-phone',
  password: 'setup-password',
};

/** Moves focus to the field the member has to fix: for the card digits, the first empty box. */
function focusField(field: SetUpField) {
  const digits = document.getElementById(cardDigitsId);
  const target =
    field !== 'referral'
      ? document.getElementById(fieldIds[field])
      : ([...(digits?.querySelectorAll('input') ?? [])].find((box) => box.value === '') ?? document.getElementById(referralFieldId));
  target?.focus();
}

/** The set-up phase (spec 2.4): members who have not completed onboarding finish their account here. */
export function SetUpScreen() {
  const { t } = useLingui();
  const phase = connectSetUpPhase(AppActor.useActorRef());
  const ref = AppActor.useSelector((s) => appChild(s, 'setUp'));
  const brand = AppActor.useSelector((s) => s.context.brand);
  return (
    <main className={page.page}>
      {brand && <img className={page.logo} src={brand.logoUrl} alt={brand.name} />}
      <h1 className={page.heading}>{t`Complete your account`}</h1>
      <p className={styles.lead}>{t`Before you can use the app we need a few more details.`}</p>
      {ref && <SetUpForm setUpRef={ref} />}
      <Button variant="secondary" fullWidth onClick={phase.signOut}>
        {t`Sign out`}
      </Button>
    </main>
  );
}

function SetUpForm({ setUpRef }: { setUpRef: SetUpRef }) {
  const { t, i18n } = useLingui();
  const view = useSelector(setUpRef, (s) => connectSetUp(s, setUpRef), sameViewValues);
  const ruleId = useId();
  const emailHintId = useId();
  const text = (code: string | undefined) =>
    code ? i18n._(code in formErrorText ? formErrorText[code as SetUpErrorKey] : errorMessage(code)) : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (view.signInFailed) return view.retrySignIn();
    const invalid = view.submit();
    if (invalid) focusField(invalid);
  };

  if (view.signInFailed) {
    return (
      <form className={page.form} onSubmit={onSubmit} noValidate>
        <p className={page.formError} role="alert">
          {t`Your account is complete, but we could not sign you in again.`} {text(view.errorCode ?? undefined)}
        </p>
        <Button type="submit" fullWidth>{t`Sign in again`}</Button>
      </form>
    );
  }

  return (
    <form className={page.form} onSubmit={onSubmit} noValidate aria-busy={view.busy || !view.ready}>
      {view.errorCode && (
        <p className={page.formError} role="alert">
          {text(view.errorCode)}
        </p>
      )}
      {view.asksCredentials ? (
        <>
          <TextField
            id={fieldIds.email}
            label={t`E-mail`}
            type="email"
            autoComplete="email"
            value={view.email}
            onChange={view.setEmail}
            aria-describedby={emailHintId}
            error={text(view.emailError)}
            disabled={view.busy}
          />
          <p id={emailHintId} className={styles.hint}>{t`Change it if you want to sign in with another address.`}</p>
        </>
      ) : (
        <p className={styles.hint}>{t`Signed in as ${view.email}`}</p>
      )}
      <TextField
        id={fieldIds.phone}
        label={t`Phone number`}
        type="tel"
        autoComplete="tel"
        value={view.phone}
        onChange={view.setPhone}
        error={text(view.phoneError)}
        disabled={view.busy}
      />
      {view.asksCredentials ? (
        <>
          <TextField
            id={fieldIds.password}
            label={t`Choose a password`}
            type="password"
            autoComplete="new-password"
            value={view.password}
            onChange={view.setPassword}
            aria-describedby={ruleId}
            error={text(view.passwordError)}
            disabled={view.busy}
          />
          <p id={ruleId} className={styles.hint}>
            {t`8 to 30 characters with a digit, a lowercase and an uppercase letter, and no spaces.`}
          </p>
        </>
      ) : null}
      <ReferralInput view={view} error={text(view.referralError)} />
      <Button type="submit" fullWidth disabled={view.busy || !view.ready}>
        {view.busy ? t`Saving…` : t`Continue`}
      </Button>
    </form>
  );
}
