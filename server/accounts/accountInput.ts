import { randomInt } from 'node:crypto';
import { isValidEmail, isValidPassword } from '../../domain/validation.ts';
import { isValidPhoneNumber, normalisePhoneNumber } from '../../domain/phone.ts';
import { isValidPersonalNumber, normalisePersonalNumber } from '../../domain/personalNumber.ts';
import { isValidReferralCode } from '../../domain/referral.ts';
import type { Address } from '../db/schema/users.ts';
import { badRequest } from '../errors.ts';
import type { BrandSettings } from '../../contract/brand.ts';
import type { AddressInput } from '../../contract/account.ts';

/*
 * The account endpoints' input rules (domain/, shared with the client) with the contract's
 * error codes. Messages never repeat the value: it may be a password or a personal number.
 */

const controlCharacters = /[\0-\x1f\x7f]/;
const isBlank = (value: string | undefined | null): value is undefined | null | '' => (value ?? '').trim() === '';

/** E-mails are stored trimmed and lower-cased, as the identity provider keeps them. */
export function requireEmail(value: string | undefined): string {
  if (isBlank(value)) throw badRequest('user/email-missing', 'The e-mail address is missing');
  const email = value.trim().toLowerCase();
  if (!isValidEmail(email) || controlCharacters.test(email)) throw badRequest('user/email-invalid', 'The e-mail address is not valid');
  return email;
}

/** A changed e-mail (set-up, profile): empty or malformed is user/email-invalid. */
export function requireEmailChange(value: string): string {
  const email = value.trim().toLowerCase();
  if (!isValidEmail(email) || controlCharacters.test(email)) throw badRequest('user/email-invalid', 'The e-mail address is not valid');
  return email;
}

export function requirePassword(value: string | undefined): string {
  if (value === undefined || !isValidPassword(value)) {
    throw badRequest('auth/invalid-password', 'The password needs 8 to 30 characters with a digit, a lowercase and an uppercase letter');
  }
  return value;
}

export function requireName(value: string | undefined, which: 'first' | 'last'): string {
  if (isBlank(value)) throw badRequest(`user/${which}-name-missing`, `The ${which} name is missing`);
  return value.trim();
}

/** A phone number in international form; a leading 0 becomes +46. */
export function requirePhone(value: string | undefined): string {
  if (isBlank(value)) throw badRequest('user/phone-number-missing', 'The phone number is missing');
  const phone = normalisePhoneNumber(value);
  if (!isValidPhoneNumber(phone)) throw badRequest('phone_number_invalid', 'The phone number is not valid');
  return phone;
}

export function requireSsn(value: string | undefined): string {
  if (isBlank(value)) throw badRequest('auth/ssn-missing', 'The personal number is missing');
  if (!isValidPersonalNumber(value)) throw badRequest('auth/ssn-invalid', 'The personal number is not valid');
  return normalisePersonalNumber(value);
}

export function requireAddress(input: AddressInput): Address {
  const field = (value: string | undefined, name: 'street' | 'zip-code' | 'city') => {
    if (isBlank(value)) throw badRequest(`user/address-list-${name}-missing`, `The address needs a ${name.replace('-', ' ')}`);
    return value.trim();
  };
  return {
    careOf: (input.careOf ?? '').trim(),
    street: field(input.street, 'street'),
    zipCode: field(input.zipCode, 'zip-code'),
    city: field(input.city, 'city'),
  };
}

/** The company address is optional in every part; an all-empty one is no address. */
export function optionalAddress(input: AddressInput | null): Address | null {
  if (!input) return null;
  const address = {
    careOf: (input.careOf ?? '').trim(),
    street: (input.street ?? '').trim(),
    zipCode: (input.zipCode ?? '').trim(),
    city: (input.city ?? '').trim(),
  };
  return Object.values(address).every((part) => part === '') ? null : address;
}

/** What the member gave at set-up, or null when the brand asks for nothing. */
export function requireReferralCode(
  settings: Pick<BrandSettings, 'referralCodeInputType' | 'referralCodeInputFieldLength'>,
  value: string | undefined,
): string | null {
  if (settings.referralCodeInputType === 'none') return null;
  if (isBlank(value)) throw badRequest('referral_code_missing', 'The referral code is missing');
  if (!isValidReferralCode(settings, value)) throw badRequest('referral_code_invalid', 'The referral code is not valid');
  return value.trim();
}

export const optionalText = (value: string | undefined) => (isBlank(value) ? undefined : value.trim());

const passwordAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A strong random password that satisfies the product's rule (for accounts created without one). */
export function generateTemporaryPassword(length = 20): string {
  for (;;) {
    const password = Array.from({ length }, () => passwordAlphabet[randomInt(passwordAlphabet.length)]).join('');
    if (isValidPassword(password)) return password;
  }
}
