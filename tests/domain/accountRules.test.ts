import { describe, expect, it } from 'vitest';
import { isValidPhoneNumber, normalisePhoneNumber, phoneCountryPrefix } from '../../domain/phone.ts';
import { isValidPersonalNumber, normalisePersonalNumber } from '../../domain/personalNumber.ts';
import { splitFullName } from '../../domain/names.ts';
import { isValidReferralCode, otherCardCodeLength, referralCardOptions } from '../../domain/referral.ts';

/** The shared account rules of spec sections 3, 5 and 9, used by client and server alike. */

describe('phone numbers (spec 5: plus, first digit 1-9, then 1 to 14 digits)', () => {
  it.each(['+46701234567', '+4712345678', '+12', '+123456789012345', ' +46 70-123 45 67 ', '+46 70'])(
    'accepts %j',
    (value) => expect(isValidPhoneNumber(value)).toBe(true),
  );

  it.each([
    ['', 'empty'],
    ['0701234567', 'national form without the plus'],
    ['+0701234567', 'first digit 0'],
    ['+1', 'only one digit after the plus'],
    ['+1234567890123456', '16 digits'],
    ['+46 70 ABC', 'letters'],
    ['46701234567', 'no plus'],
    ['++46701234567', 'two pluses'],
  ])('rejects %j (%s)', (value) => expect(isValidPhoneNumber(value)).toBe(false));

  it('turns a leading 0 into +46 (the profile rule) and drops spacing', () => {
    expect(phoneCountryPrefix).toBe('+46');
    expect(normalisePhoneNumber('070-123 45 67')).toBe('+46701234567');
    expect(normalisePhoneNumber(' 08 (123) 456.78 ')).toBe('+46812345678');
    expect(normalisePhoneNumber('+47 123 45 678')).toBe('+4712345678');
    expect(isValidPhoneNumber(normalisePhoneNumber('0701234567'))).toBe(true);
  });

  it('gives a lone 0 (or 00) no country prefix, so it stays invalid instead of becoming "+46"', () => {
    for (const value of ['0', ' 0 ', '00', '0-0']) expect(isValidPhoneNumber(normalisePhoneNumber(value))).toBe(false);
  });
});

describe('personal identity numbers (spec 5: YYYYMMDDXXXX, real date and check digit)', () => {
  it.each([
    ['199001011239', 'an ordinary number'],
    ['191212121212', "the tax agency's classic example"],
    ['200002291235', 'a leap day'],
    ['198507159872', 'another ordinary number'],
    ['199001611236', 'a coordination number (day + 60)'],
    ['19900101-1239', 'typed with a hyphen'],
    [' 19900101 1239 ', 'typed with spaces'],
  ])('accepts %j (%s)', (value) => expect(isValidPersonalNumber(value)).toBe(true));

  it.each([
    ['199001011238', 'a wrong check digit'],
    ['191212121213', 'a wrong check digit on the example'],
    ['199002301233', 'the 30th of February (check digit right)'],
    ['200102291234', 'the 29th of February in a common year'],
    ['199013011235', 'month 13'],
    ['199001321232', 'day 32'],
    ['199001921239', 'a coordination day above 91'],
    ['9001011239', 'ten digits (YYMMDDXXXX)'],
    ['900101-1239', 'ten digits with a hyphen'],
    ['1990010112390', 'thirteen digits'],
    ['19900101+1239', 'a plus sign'],
    ['19900101123X', 'a letter'],
    ['', 'empty'],
  ])('rejects %j (%s)', (value) => expect(isValidPersonalNumber(value)).toBe(false));

  it('stores the twelve digits without hyphen or spaces', () => {
    expect(normalisePersonalNumber('19900101-1239')).toBe('199001011239');
    expect(normalisePersonalNumber(' 19900101 1239 ')).toBe('199001011239');
  });
});

describe('full names (spec 5: last word is the last name)', () => {
  it.each([
    ['Maja Lind', 'Maja', 'Lind'],
    ['Anna Maria  von Sydow', 'Anna Maria von', 'Sydow'],
    ['  Maja   Lind  ', 'Maja', 'Lind'],
    ['Cher', 'Cher', ''],
    ['', '', ''],
    ['   ', '', ''],
  ])('splits %j into %j and %j', (full, firstName, lastName) => {
    expect(splitFullName(full)).toEqual({ firstName, lastName });
  });
});

describe('referral codes and bank-card choice (spec 3, 5, 9)', () => {
  const settings = (referralCodeInputType: 'options' | 'code' | 'text' | 'none', referralCodeInputFieldLength = 6) => ({
    referralCodeInputType,
    referralCodeInputFieldLength,
  });

  it('offers Bankkort 522660, Allkort 522661 and Platinumkort 521358, and six digits for another card', () => {
    expect(referralCardOptions.map((o) => [o.label, o.code])).toEqual([
      ['Bankkort', '522660'],
      ['Allkort', '522661'],
      ['Platinumkort', '521358'],
    ]);
    expect(otherCardCodeLength).toBe(6);
    for (const option of referralCardOptions) expect(isValidReferralCode(settings('options'), option.code)).toBe(true);
  });

  it('takes exactly six digits in options mode', () => {
    expect(isValidReferralCode(settings('options'), '123456')).toBe(true);
    for (const bad of ['12345', '1234567', '12345a', '', '12 456']) {
      expect(isValidReferralCode(settings('options'), bad)).toBe(false);
    }
  });

  it("takes an alphanumeric code of the brand's field length in code mode", () => {
    expect(isValidReferralCode(settings('code'), 'AB12cd')).toBe(true);
    expect(isValidReferralCode(settings('code', 8), 'AB12cd34')).toBe(true);
    for (const bad of ['AB12c', 'AB12cde', 'AB-12c', '']) expect(isValidReferralCode(settings('code'), bad)).toBe(false);
    expect(isValidReferralCode(settings('code', 8), 'AB12cd')).toBe(false);
  });

  it('takes any non-empty text up to the field length in text mode, and asks nothing in none mode', () => {
    expect(isValidReferralCode(settings('text', 10), 'friend')).toBe(true);
    expect(isValidReferralCode(settings('text', 10), '   ')).toBe(false);
    expect(isValidReferralCode(settings('text', 3), 'friend')).toBe(false);
    expect(isValidReferralCode(settings('none'), '')).toBe(true);
  });
});
