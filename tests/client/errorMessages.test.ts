import { describe, expect, it } from 'vitest';
import { setupI18n, type Messages } from '@lingui/core';
import { errorMessage, errorMessageFor } from '../../src/i18n/errorMessages.ts';
import { enMessages, svMessages, nbMessages } from './catalogs.ts';

/** Every code of spec section 8, the identity provider's client codes and the accounts API's codes. */
const catalogueCodes = [
  // Section 8 table.
  'auth/invalid-password',
  'auth/email-already-exists',
  'auth/too-many-attempts',
  'auth/ssn-already-exists',
  'auth/ssn-not-found',
  'auth/update-email-require-current-password',
  'auth/update-password-require-current-password',
  'auth/user-not-found',
  'auth/wrong-password',
  'password_reset_user_not_found',
  'password_reset_token_expired',
  'phone_number_invalid',
  'failed_to_fetch',
  'user/first-name-missing',
  'user/last-name-missing',
  'user/address-list-street-missing',
  'user/address-list-zip-code-missing',
  'user/address-list-city-missing',
  'user/phone-number-missing',
  'user/shopping-cart-empty',
  // Identity provider code mapping (client codes).
  'auth/email-already-in-use',
  'auth/invalid-credential',
  'auth/too-many-requests',
  'auth/user-token-expired',
  'auth/expired-action-code',
  'auth/invalid-verification-code',
  'auth/code-expired',
  'auth/user-disabled',
  'auth/network-request-failed',
  // Accounts API.
  'create_need_to_accept_terms',
  'user/email-missing',
  'user/email-invalid',
  'auth/ssn-missing',
  'auth/ssn-invalid',
  'referral_code_missing',
  'referral_code_invalid',
  'user/onboarding-already-completed',
  'password_reset_token_invalid',
  'brand_mismatch',
  'brand_not_found',
  // Roles (spec 6).
  'no_role_with_app_url',
  'bad_user_role_for_app_url',
  'email_registered_with_other_partner',
  // Other user texts: sign-in outcomes and general.
  'session_expired',
  'could_not_fetch',
  'no_network_connection',
  'bankid_timed_out',
  'bankid_cancelled',
  'bankid_failed',
  'bankid_qr_failed',
  'authorization_failed',
  'force_update_required',
];

const catalogs: Record<string, Messages> = { en: enMessages, sv: svMessages, nb: nbMessages };

function reader(locale: string) {
  const i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale]! } });
  return (code: string) => i18n._(errorMessage(code));
}

describe('error catalogue', () => {
  it.each(['en', 'sv', 'nb'])('gives every catalogue code its own text in %s', (locale) => {
    const text = reader(locale);
    const generic = text('some_code_nobody_defined');
    const withoutText = catalogueCodes.filter((code) => [generic, code, ''].includes(text(code).trim()));
    expect(withoutText).toEqual([]);
  });

  it.each(['sv', 'nb'])('translates every catalogue text in %s (not the English)', (locale) => {
    const english = reader('en');
    const text = reader(locale);
    const untranslated = catalogueCodes.filter((code) => text(code) === english(code));
    expect(untranslated).toEqual([]);
  });

  it('reads the spec texts in English', () => {
    const text = reader('en');
    expect(text('auth/wrong-password')).toBe('Email or password is incorrect. Please try again.');
    expect(text('auth/user-not-found')).toBe(text('auth/wrong-password'));
    expect(text('auth/invalid-credential')).toBe(text('auth/wrong-password'));
    expect(text('auth/email-already-in-use')).toBe(text('auth/email-already-exists'));
    expect(text('auth/user-token-expired')).toBe('Session has expired. Please login again.');
    expect(text('auth/network-request-failed')).toBe('Network Error');
    expect(text('bankid_timed_out')).toBe('Timed-out. Press the bank-identity button again.');
    expect(text('bankid_cancelled')).toBe('You have chosen to cancel the validation process.');
    expect(text('bankid_failed')).toBe('Failed to authenticate!');
    expect(text('bankid_qr_failed')).toBe('Failed to create QR code');
    expect(text('could_not_fetch')).toBe('Could not fetch the data just now. Please try again.');
    expect(text('email_registered_with_other_partner')).not.toBe(text('no_role_with_app_url'));
  });

  it.each([
    ['en', /BankID/, /reset your password/],
    ['sv', /BankID/, /återställ ditt lösenord/],
    ['nb', /BankID/, /tilbakestill passordet/],
  ])('tells a member whose password sign-in waits (auth/too-many-requests) the ways in at once, in %s (issue 40)', (locale, bankId, reset) => {
    const text = reader(locale)('auth/too-many-requests');
    expect(text).toMatch(bankId);
    expect(text).toMatch(reset);
    expect(text).not.toBe(reader(locale)('auth/too-many-attempts'));
  });

  it('gives unknown codes the generic text', () => {
    const text = reader('en');
    const generic = 'Something went wrong. If the problem persists contact customer service.';
    expect(text('unknown')).toBe(generic);
    expect(text('http_418')).toBe(generic);
    // Inherited object keys are not codes.
    expect(text('toString')).toBe(generic);
    expect(text('constructor')).toBe(generic);
  });

  it('reads a network failure (status 600) as a network error, offline as no connection', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: enMessages } });
    expect(i18n._(errorMessageFor({ status: 600, code: 'failed_to_fetch' }))).toBe('Network Error');
    expect(i18n._(errorMessageFor({ status: 600, code: 'anything' }))).toBe('Network Error');
    expect(i18n._(errorMessageFor({ status: 600, code: 'failed_to_fetch' }, false))).toBe('No network connection');
    expect(i18n._(errorMessageFor({ status: 400, code: 'phone_number_invalid' }))).toBe('The phone number is not valid.');
    expect(i18n._(errorMessageFor({ status: 400 }))).toBe(
      'Something went wrong. If the problem persists contact customer service.',
    );
  });
});
