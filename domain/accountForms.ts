import { isValidEmail, isValidPassword } from './validation.ts';
import { isValidPersonalNumber, normalisePersonalNumber } from './personalNumber.ts';
import { isValidPhoneNumber, normalisePhoneNumber } from './phone.ts';
import { splitFullName } from './names.ts';

/**
 * Form rules of the auth stack (spec section 5). Error keys are the server's codes where the
 * server checks the same thing, else the spec's keys, so one catalogue gives every text.
 */
export type EmailError = 'user/email-missing' | 'user/email-invalid';
export type PasswordError = 'user/password-missing' | 'user_info_error_password_rule_failed';

export function emailError(email: string): EmailError | undefined {
  if (email.trim() === '') return 'user/email-missing';
  if (!isValidEmail(email)) return 'user/email-invalid';
  return undefined;
}

export interface CreateAccountFields {
  email: string;
  password: string;
  ssn: string;
  fullName: string;
  phoneNumber: string;
  careOf: string;
  street: string;
  zipCode: string;
  city: string;
  termsAccepted: boolean;
}

export type CreateAccountField = keyof CreateAccountFields;
export type CreateAccountErrors = Partial<Record<CreateAccountField, string>>;

/** ssn mode asks for the personal number only; name mode for the name and contact fields. */
export function validateCreateAccount(form: CreateAccountFields, verifyWithSsn: boolean): CreateAccountErrors {
  const errors: CreateAccountErrors = {};
  const email = emailError(form.email);
  if (email) errors.email = email;
  // The password may be left empty: the server then makes one and set-up asks for the member's own.
  if (form.password !== '' && !isValidPassword(form.password)) errors.password = 'user_info_error_password_rule_failed';
  if (verifyWithSsn) {
    if (form.ssn.trim() === '') errors.ssn = 'auth/ssn-missing';
    else if (!isValidPersonalNumber(form.ssn)) errors.ssn = 'auth/ssn-invalid';
  } else {
    const { firstName, lastName } = splitFullName(form.fullName);
    if (!firstName) errors.fullName = 'user/first-name-missing';
    else if (!lastName) errors.fullName = 'user/last-name-missing';
    if (form.phoneNumber.trim() !== '' && !isValidPhoneNumber(normalisePhoneNumber(form.phoneNumber))) {
      errors.phoneNumber = 'phone_number_invalid';
    }
  }
  if (!form.termsAccepted) errors.termsAccepted = 'create_need_to_accept_terms';
  return errors;
}

/** The create-account payload without brandId: only the mode's fields, empty ones left out. */
export function createAccountPayload(form: CreateAccountFields, verifyWithSsn: boolean) {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const common = {
    signInType: 'password' as const,
    email: form.email.trim(),
    password: form.password === '' ? undefined : form.password,
    termsAccepted: form.termsAccepted,
  };
  if (verifyWithSsn) return { ...common, ssn: normalisePersonalNumber(form.ssn.trim()) };
  const phone = optional(form.phoneNumber);
  return {
    ...common,
    ...splitFullName(form.fullName),
    phoneNumber: phone && normalisePhoneNumber(phone),
    careOf: optional(form.careOf),
    street: optional(form.street),
    zipCode: optional(form.zipCode),
    city: optional(form.city),
  };
}

/** Which field a server error code belongs to; codes of no field are told above the form. */
export function createAccountFieldOf(code: string): CreateAccountField | null {
  const fields: Record<string, CreateAccountField> = {
    'user/email-missing': 'email',
    'user/email-invalid': 'email',
    'auth/email-already-exists': 'email',
    'auth/invalid-password': 'password',
    'auth/ssn-missing': 'ssn',
    'auth/ssn-invalid': 'ssn',
    'auth/ssn-already-exists': 'ssn',
    'user/first-name-missing': 'fullName',
    'user/last-name-missing': 'fullName',
    phone_number_invalid: 'phoneNumber',
    create_need_to_accept_terms: 'termsAccepted',
  };
  return fields[code] ?? null;
}

export interface NewPasswordErrors {
  password?: PasswordError;
  repeat?: 'user/password-missing' | 'user_info_error_password_dont_match';
}

/** The reset form: both required, the rule, and the repeat must match (spec 5). */
export function validateNewPassword(password: string, repeat: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (password === '') errors.password = 'user/password-missing';
  else if (!isValidPassword(password)) errors.password = 'user_info_error_password_rule_failed';
  if (repeat === '') errors.repeat = 'user/password-missing';
  else if (password !== '' && repeat !== password) errors.repeat = 'user_info_error_password_dont_match';
  return errors;
}
