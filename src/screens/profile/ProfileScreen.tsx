import { useEffect, useId, type FormEvent, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { profileMachine } from '../../../machines/profile.machine.ts';
import type { User } from '../../../contract/user.ts';
import { AppActor, sameViewValues } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { TextField, type TextFieldProps } from '../../components/TextField.tsx';
import type { ProfileErrorKey, ProfileErrors, ProfileField } from '../../../domain/profileForm.ts';
import { errorMessage } from '../../i18n/errorMessages.ts';
import { connectProfile, type ProfileView } from './profile.connect.ts';
import { CurrentPasswordDialog, DeleteAccountDialog } from './ProfileDialogs.tsx';
import * as styles from './profile.css.ts';

const fieldErrorText: Record<ProfileErrorKey, MessageDescriptor> = {
  user_info_error_first_name_missing: msg({ id: 'user_info_error_first_name_missing', message: 'Enter your first and last name' }),
  user_info_error_last_name_missing: msg({ id: 'user_info_error_last_name_missing', message: 'Enter your last name too' }),
  user_info_error_required: msg({ id: 'user_info_error_required', message: 'This field is required' }),
  user_info_error_email: msg({ id: 'user_info_error_email', message: 'Enter a valid e-mail address' }),
  user_info_error_phone: msg({ id: 'user_info_error_phone', message: 'Enter a valid phone number, e.g. 070 123 45 67 or +46 70 123 45 67' }),
  user_info_error_password_too_short: msg({ id: 'user_info_error_password_too_short', message: 'The password is too short' }),
  // Shared with the other password forms (src/i18n/errorMessages.ts).
  user_info_error_password_rule_failed: errorMessage('user_info_error_password_rule_failed'),
  user_info_error_password_dont_match: errorMessage('user_info_error_password_dont_match'),
};

/** The form's own keys have their texts here; the server's codes go through the error catalogue. */
function errorDescriptor(key: NonNullable<ProfileErrors[ProfileField]>): MessageDescriptor {
  return key in fieldErrorText ? fieldErrorText[key as ProfileErrorKey] : errorMessage(key);
}

/** The member's profile at /more/userinfo (spec 2.3, 4, 5). */
type ProfileLogic = typeof profileMachine;

export function ProfileScreen({ logic }: { logic: ProfileLogic }) {
  const user = AppActor.useSelector((s) => s.context.member?.user ?? null);
  return user ? <Profile key={user.id} user={user} logic={logic} /> : null;
}

function Profile({ user, logic }: { user: User; logic: ProfileLogic }) {
  const ref = useActorRef(logic, { input: { user } });
  const view = useSelector(ref, (s) => connectProfile(s, ref), sameViewValues);
  return <ProfileForm view={view} />;
}

function ProfileForm({ view }: { view: ProfileView }) {
  const { t, i18n } = useLingui();
  const idPrefix = useId();
  const fieldId = (name: ProfileField) => `${idPrefix}-${name}`;
  const focusField = (name: ProfileField | null) => {
    if (name) document.getElementById(fieldId(name))?.focus();
  };
  // A field the server refused: focus it once the answer is in (after the password dialog gave focus back).
  useEffect(() => focusField(view.refusedField), [view.refusedField]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    focusField(view.save());
  };
  const field = (name: ProfileField, label: string, props: Partial<TextFieldProps> = {}) => (
    <TextField
      id={fieldId(name)}
      label={label}
      value={view.form[name]}
      onChange={view.change(name)}
      error={view.fieldErrors[name] && i18n._(errorDescriptor(view.fieldErrors[name]))}
      {...props}
    />
  );
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>{t`Profile`}</h1>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={view.busy}>
        <Section title={t`Contact`}>
          {field('fullName', t`Full name`, { autoComplete: 'name' })}
          {field('email', t`E-mail`, { type: 'email', autoComplete: 'email' })}
          {field('phoneNumber', t`Phone number`, { type: 'tel', autoComplete: 'tel' })}
          {view.ssn && (
            <dl className={styles.readOnly}>
              <dt className={styles.readOnlyLabel}>{t`Personal number`}</dt>
              <dd className={styles.readOnlyValue}>{view.ssn}</dd>
            </dl>
          )}
        </Section>
        <Section title={t`Private address`}>
          {field('careOf', t`c/o`)}
          {field('street', t`Street`, { autoComplete: 'address-line1' })}
          <div className={styles.zipCityRow}>
            {field('zipCode', t`Zip code`, { autoComplete: 'postal-code', inputMode: 'numeric' })}
            {field('city', t`City`, { autoComplete: 'address-level2' })}
          </div>
        </Section>
        <Section title={t`Company address`}>
          {field('companyName', t`Company name`, { autoComplete: 'organization' })}
          {field('companyCareOf', t`c/o`)}
          {field('companyStreet', t`Street`)}
          <div className={styles.zipCityRow}>
            {field('companyZipCode', t`Zip code`, { inputMode: 'numeric' })}
            {field('companyCity', t`City`)}
          </div>
        </Section>
        <Section title={t`Change password`}>
          <p className={styles.hint}>{t`Leave empty to keep your password.`}</p>
          {field('newPassword', t`New password`, { type: 'password', autoComplete: 'new-password' })}
          {field('repeatPassword', t`Repeat new password`, { type: 'password', autoComplete: 'new-password' })}
        </Section>
        <Notice view={view} />
        <Button type="submit" fullWidth disabled={view.busy}>
          {view.busy ? t`Saving…` : t`Save changes`}
        </Button>
      </form>
      <Section title={t`Delete account`}>
        <p className={styles.hint}>{t`Your account and everything saved in it are deleted. This cannot be undone.`}</p>
        <Button variant="secondary" className={styles.danger} onClick={view.requestDelete}>
          {t`Delete account`}
        </Button>
      </Section>
      <CurrentPasswordDialog view={view} />
      <DeleteAccountDialog view={view} />
    </main>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Notice({ view }: { view: ProfileView }) {
  const { t, i18n } = useLingui();
  if (view.notice === 'failed') {
    return (
      <p role="alert" className={styles.failure}>
        {i18n._(errorMessage(view.errorCode ?? 'unknown'))}
      </p>
    );
  }
  // Always in the page, so screen readers announce the text when it appears.
  return (
    <p role="status" className={view.notice ? styles.success : styles.quiet}>
      {view.notice === 'saved' && t`Your profile has been saved.`}
      {view.notice === 'unchanged' && t`Nothing to save: you have not changed anything.`}
    </p>
  );
}
