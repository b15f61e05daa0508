import { useFocusOnRefusal } from '../../components/useFocusOnRefusal.ts';
import { useId, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { createAccountMachine } from '../../../machines/createAccount.machine.ts';
import type { Brand } from '../../../contract/brand.ts';
import { AppActor, sameViewValues } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/TextField.tsx';
import { errorMessage } from '../../i18n/errorMessages.ts';
import type { CreateAccountField } from '../../../domain/accountForms.ts';
import { connectCreateAccount, type CreateAccountView } from './createAccount.connect.ts';
import * as page from '../signIn/signIn.css.ts';
import * as styles from '../authForm.css.ts';

const fieldId = (field: CreateAccountField) => `create-account-${field}`;

/** /createaccount and /createaccount/:referral_code (spec 2.5). */
export interface CreateAccountScreenProps {
  /** From /createaccount/:referral_code, or null. */
  referralCode: string | null;
  logic: typeof createAccountMachine;
  /** The address of a brand document (terms, privacy policy). */
  documentUrl: (path: string) => string;
}

export function CreateAccountScreen(props: CreateAccountScreenProps) {
  const brand = AppActor.useSelector((s) => s.context.brand);
  return brand ? <CreateAccountForm key={brand.id} brand={brand} {...props} /> : null;
}

function CreateAccountForm({ brand, referralCode, logic, documentUrl }: CreateAccountScreenProps & { brand: Brand }) {
  const { t, i18n } = useLingui();
  const ref = useActorRef(logic, {
    input: { brandId: brand.id, verifyWithSsn: brand.settings.verifyWithSsn, referralCode },
  });
  const view = useSelector(ref, (s) => connectCreateAccount(s, ref), sameViewValues);
  const errorText = (code: string | undefined) => (code ? i18n._(errorMessage(code)) : undefined);
  const passwordHintId = useId();
  const ssnHintId = useId();
  const reason = errorText(view.errorCode ?? undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (view.signInFailed) return view.retrySignIn();
    view.submit();
  };
  useFocusOnRefusal(view.refusals, view.firstInvalid && fieldId(view.firstInvalid));

  return (
    <main className={page.page}>
      <img className={page.logo} src={brand.logoUrl} alt={brand.name} />
      <h1 className={page.heading}>{t`Create account`}</h1>
      <form className={page.form} onSubmit={onSubmit} noValidate aria-busy={view.busy}>
        {view.errorCode && (
          <p className={page.formError} role="alert">
            {view.signInFailed ? t`Your account has been created, but signing in failed: ${reason}` : reason}
          </p>
        )}
        <TextField
          id={fieldId('email')}
          label={t`E-mail`}
          type="email"
          autoComplete="email"
          value={view.form.email}
          onChange={(value) => view.setField('email', value)}
          error={errorText(view.fieldErrors.email)}
          readOnly={view.signInFailed}
        />
        <TextField
          id={fieldId('password')}
          label={t`Password (optional)`}
          type="password"
          autoComplete="new-password"
          value={view.form.password}
          onChange={(value) => view.setField('password', value)}
          error={errorText(view.fieldErrors.password)}
          aria-describedby={passwordHintId}
          readOnly={view.signInFailed}
        />
        <p id={passwordHintId} className={styles.hint}>
          {t`8 to 30 characters with a digit, a lowercase and an uppercase letter, and no spaces. Leave it empty to choose your password in the next step.`}
        </p>
        {view.verifyWithSsn ? (
          <>
            <TextField
              id={fieldId('ssn')}
              label={t`Personal identity number`}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t`YYYYMMDDXXXX`}
              value={view.form.ssn}
              onChange={(value) => view.setField('ssn', value)}
              error={errorText(view.fieldErrors.ssn)}
              aria-describedby={ssnHintId}
              readOnly={view.signInFailed}
            />
            <p id={ssnHintId} className={styles.hint}>
              {brand.settings.ssnInfo || t`Twelve digits: YYYYMMDDXXXX.`}
            </p>
          </>
        ) : (
          <NameFields view={view} errorText={errorText} />
        )}
        <TermsCheckbox brand={brand} documentUrl={documentUrl} view={view} error={errorText(view.fieldErrors.termsAccepted)} />
        <Button type="submit" fullWidth disabled={view.busy}>
          {view.busy ? t`Creating account…` : view.signInFailed ? t`Sign in again` : t`Create account`}
        </Button>
      </form>
      <p className={styles.lead}>
        <Trans>
          Already have an account?{' '}
          <Link to="/" className={styles.link}>
            Sign in
          </Link>
        </Trans>
      </p>
    </main>
  );
}

type ErrorText = (code: string | undefined) => string | undefined;

/** Name mode: the full name (split into first and last) and optional contact fields. */
function NameFields({ view, errorText }: { view: CreateAccountView; errorText: ErrorText }) {
  const { t } = useLingui();
  const text = (field: 'phoneNumber' | 'careOf' | 'street' | 'zipCode' | 'city') => ({
    id: fieldId(field),
    value: view.form[field],
    onChange: (value: string) => view.setField(field, value),
    error: errorText(view.fieldErrors[field]),
    readOnly: view.signInFailed,
  });
  return (
    <>
      <TextField
        id={fieldId('fullName')}
        label={t`Full name`}
        autoComplete="name"
        value={view.form.fullName}
        onChange={(value) => view.setField('fullName', value)}
        error={view.fieldErrors.fullName && t`Enter your first and last name.`}
        readOnly={view.signInFailed}
      />
      <TextField label={t`Phone number (optional)`} type="tel" autoComplete="tel" {...text('phoneNumber')} />
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t`Address (optional)`}</legend>
        <TextField label={t`c/o`} {...text('careOf')} />
        <TextField label={t`Street address`} autoComplete="street-address" {...text('street')} />
        <TextField label={t`Zip code`} autoComplete="postal-code" inputMode="numeric" {...text('zipCode')} />
        <TextField label={t`City`} autoComplete="address-level2" {...text('city')} />
      </fieldset>
    </>
  );
}

interface TermsCheckboxProps {
  brand: Brand;
  documentUrl: (path: string) => string;
  view: CreateAccountView;
  error: string | undefined;
}

function TermsCheckbox({ brand, documentUrl, view, error }: TermsCheckboxProps) {
  const id = fieldId('termsAccepted');
  const errorId = `${id}-error`;
  const termsUrl = documentUrl(brand.settings.terms.url);
  const privacyUrl = documentUrl(brand.settings.gdpr.url);
  return (
    <div>
      <div className={styles.checkboxRow}>
        <input
          id={id}
          type="checkbox"
          className={styles.checkbox}
          checked={view.form.termsAccepted}
          onChange={(event) => view.setTermsAccepted(event.target.checked)}
          disabled={view.signInFailed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <label htmlFor={id}>
          <Trans>
            I accept the{' '}
            <a href={termsUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
              terms of membership
            </a>{' '}
            and the{' '}
            <a href={privacyUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
              privacy policy
            </a>
          </Trans>
        </label>
      </div>
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
