import type { BrandSettings } from '../contract/brand.ts';
import { isValidEmail, isValidPassword } from './validation.ts';
import { isValidPhoneNumber, normalisePhoneNumber } from './phone.ts';
import { isValidReferralCode, otherCardCodeLength, referralCardOptions } from './referral.ts';

export type ReferralSettings = Pick<BrandSettings, 'referralCodeInputType' | 'referralCodeInputFieldLength' | 'referralCodeInputHint'>;

/** The "Annat" choice comes after the three named cards. */
export const otherCardIndex = referralCardOptions.length;

/** What the member fills in at set-up (spec 2.4). */
export interface SetUpForm {
  email: string;
  phone: string;
  password: string;
  /** Index into referralCardOptions, otherCardIndex for "Annat", null when nothing is chosen. */
  card: number | null;
  /** The six "Annat" boxes, one digit or '' each. */
  cardDigits: string[];
  /** The typed code in the code and text modes. */
  referralCode: string;
}

export type SetUpField = 'email' | 'phone' | 'password' | 'referral';

/** Error keys of the set-up form (spec 5); the view turns them into texts. */
export type SetUpErrorKey =
  | 'setup_error_enter_email'
  | 'setup_error_invalid_email'
  | 'setup_error_enter_phone'
  | 'setup_error_invalid_phone'
  | 'setup_error_enter_password'
  | 'setup_error_password_rule'
  | 'setup_error_choose_card'
  | 'setup_error_card_digits'
  | 'setup_error_enter_referral_code'
  | 'setup_error_invalid_referral_code';

export type SetUpErrors = Partial<Record<SetUpField, SetUpErrorKey>>;

export const emptyCardDigits = (): string[] => Array.from({ length: otherCardCodeLength }, () => '');

/** Whether the member changed the e-mail they signed up with (case and spaces aside). */
export function emailChanged(form: Pick<SetUpForm, 'email'>, originalEmail: string): boolean {
  return form.email.trim().toLowerCase() !== originalEmail.trim().toLowerCase();
}

/** The referral code the form stands for: a card's digits or the typed code; undefined when none is asked. */
export function referralCodeOf(form: SetUpForm, settings: ReferralSettings): string | undefined {
  switch (settings.referralCodeInputType) {
    case 'none':
      return undefined;
    case 'options':
      if (form.card === null) return '';
      return form.card === otherCardIndex ? form.cardDigits.join('') : referralCardOptions[form.card]!.code;
    default:
      return form.referralCode.trim();
  }
}

function referralError(form: SetUpForm, settings: ReferralSettings): SetUpErrorKey | undefined {
  const code = referralCodeOf(form, settings);
  if (code === undefined) return undefined;
  if (settings.referralCodeInputType === 'options') {
    if (form.card === null) return 'setup_error_choose_card';
    return isValidReferralCode(settings, code) ? undefined : 'setup_error_card_digits';
  }
  if (code === '') return 'setup_error_enter_referral_code';
  return isValidReferralCode(settings, code) ? undefined : 'setup_error_invalid_referral_code';
}

/**
 * What set-up asks besides phone and referral: the password (and the e-mail it signs in with)
 * only while the member holds a generated password; one chosen at sign-up is not asked again.
 */
export interface SetUpAsks {
  credentials: boolean;
}

/** The form's errors per field (spec 5); empty when it may be sent. */
export function validateSetUp(form: SetUpForm, settings: ReferralSettings, originalEmail: string, asks: SetUpAsks): SetUpErrors {
  const errors: SetUpErrors = {};
  if (asks.credentials && emailChanged(form, originalEmail)) {
    if (form.email.trim() === '') errors.email = 'setup_error_enter_email';
    else if (!isValidEmail(form.email)) errors.email = 'setup_error_invalid_email';
  }
  if (form.phone.trim() === '') errors.phone = 'setup_error_enter_phone';
  else if (!isValidPhoneNumber(normalisePhoneNumber(form.phone))) errors.phone = 'setup_error_invalid_phone';
  if (asks.credentials) {
    if (form.password === '') errors.password = 'setup_error_enter_password';
    else if (!isValidPassword(form.password)) errors.password = 'setup_error_password_rule';
  }
  const referral = referralError(form, settings);
  if (referral) errors.referral = referral;
  return errors;
}

/** The body of POST /v1/complete_onboardning/user for a valid form. */
export function completeOnboardingRequest(form: SetUpForm, settings: ReferralSettings, originalEmail: string, asks: SetUpAsks) {
  const referralCode = referralCodeOf(form, settings);
  return {
    ...(asks.credentials && emailChanged(form, originalEmail) ? { email: form.email.trim() } : {}),
    phoneNumber: normalisePhoneNumber(form.phone),
    ...(asks.credentials ? { password: form.password } : {}),
    ...(referralCode !== undefined ? { referralCode } : {}),
  };
}

/**
 * The form's referral part from a code saved at /createaccount/:referral_code: a known card,
 * the "Annat" boxes for other six digits, or the typed code (cut to the field's length).
 */
export function prefillReferral(code: string | null, settings: ReferralSettings): Pick<SetUpForm, 'card' | 'cardDigits' | 'referralCode'> {
  const empty = { card: null, cardDigits: emptyCardDigits(), referralCode: '' };
  const value = code?.trim() ?? '';
  if (!value) return empty;
  switch (settings.referralCodeInputType) {
    case 'none':
      return empty;
    case 'options': {
      const known = referralCardOptions.findIndex((option) => option.code === value);
      if (known >= 0) return { ...empty, card: known };
      return isValidReferralCode(settings, value) ? { ...empty, card: otherCardIndex, cardDigits: value.split('') } : empty;
    }
    default:
      return { ...empty, referralCode: value.slice(0, settings.referralCodeInputFieldLength) };
  }
}

/** Writes typed or pasted digits into the boxes from `index` on; anything but digits is dropped. */
export function enterCardDigits(boxes: string[], index: number, text: string): string[] {
  const digits = text.replace(/\D/g, '').split('');
  return boxes.map((box, i) => (i >= index && i - index < digits.length ? digits[i - index]! : box));
}
