import { describe, expect, it } from 'vitest';
import { emptyCardForm, isExpired, parseExpiry, passesLuhn, validateCardForm } from '../../domain/cardForm.ts';

const now = Date.parse('2026-11-24T12:00:00Z');
const valid = { name: 'Maja Medlem', email: 'maja@aurora.test', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('card form (spec 5)', () => {
  it.each([
    ['4242 4242 4242 4242', true],
    ['4000-0000-0000-0002', true],
    ['4000000000009995', true],
    ['4242 4242 4242 4241', false],
    ['1234', false],
    ['abcd efgh ijkl mnop', false],
  ])('Luhn: %s → %s', (number, ok) => expect(passesLuhn(number)).toBe(ok));

  it('reads MM/YY and MMYY, and nothing else', () => {
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 30 });
    expect(parseExpiry('0731')).toEqual({ month: 7, year: 31 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('1/30')).toBeNull();
    expect(parseExpiry('12/2030')).toBeNull();
  });

  it('a card is good through the last day of its month', () => {
    expect(isExpired({ month: 11, year: 26 }, now)).toBe(false);
    expect(isExpired({ month: 10, year: 26 }, now)).toBe(true);
    expect(isExpired({ month: 1, year: 27 }, now)).toBe(false);
  });

  it('accepts a complete form and names each field in error', () => {
    expect(validateCardForm(valid, now)).toEqual({});
    expect(validateCardForm(emptyCardForm, now)).toEqual({
      name: 'required',
      email: 'required',
      cardNumber: 'required',
      expiry: 'required',
      cvc: 'required',
    });
    expect(validateCardForm({ ...valid, email: 'maja@', cardNumber: '4242424242424241', expiry: '10/26', cvc: '12' }, now)).toEqual({
      email: 'email_invalid',
      cardNumber: 'incorrect_number',
      expiry: 'expired_card',
      cvc: 'cvc_invalid',
    });
    expect(validateCardForm({ ...valid, expiry: '99/99' }, now)).toEqual({ expiry: 'expiry_invalid' });
  });
});
