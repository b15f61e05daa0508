import { isValidEmail } from './validation.ts';

/** The card form of the embedded payments provider (spec 5: name, e-mail, card number, expiry, CVC). */
export interface CardForm {
  name: string;
  email: string;
  cardNumber: string;
  /** MM/YY as typed. */
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardForm;

/** Each field's error key; the view tells the text (src/i18n/checkoutMessages.ts). */
export type CardFormErrors = Partial<Record<CardField, CardFieldError>>;
export type CardFieldError = 'required' | 'email_invalid' | 'incorrect_number' | 'expiry_invalid' | 'expired_card' | 'cvc_invalid';

export const emptyCardForm: CardForm = { name: '', email: '', cardNumber: '', expiry: '', cvc: '' };

export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

/** The Luhn check over 12 to 19 digits (spaces and dashes ignored). */
export function passesLuhn(value: string): boolean {
  const digits = cardDigits(value);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY (or MMYY) → month and two-digit year; null when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(0[1-9]|1[0-2])\s*\/?\s*(\d{2})\s*$/.exec(value);
  return match ? { month: Number(match[1]), year: Number(match[2]) } : null;
}

/** A card expires after the last day of its month. */
export function isExpired(expiry: { month: number; year: number }, now: number): boolean {
  const today = new Date(now);
  const year = 2000 + expiry.year;
  return year < today.getFullYear() || (year === today.getFullYear() && expiry.month < today.getMonth() + 1);
}

export function validateCardForm(form: CardForm, now: number): CardFormErrors {
  const errors: CardFormErrors = {};
  if (!form.name.trim()) errors.name = 'required';
  if (!form.email.trim()) errors.email = 'required';
  else if (!isValidEmail(form.email)) errors.email = 'email_invalid';
  if (!cardDigits(form.cardNumber)) errors.cardNumber = 'required';
  else if (!passesLuhn(form.cardNumber)) errors.cardNumber = 'incorrect_number';
  const expiry = parseExpiry(form.expiry);
  if (!form.expiry.trim()) errors.expiry = 'required';
  else if (!expiry) errors.expiry = 'expiry_invalid';
  else if (isExpired(expiry, now)) errors.expiry = 'expired_card';
  if (!form.cvc.trim()) errors.cvc = 'required';
  else if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = 'cvc_invalid';
  return errors;
}
