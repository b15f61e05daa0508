import { describe, expect, it } from 'vitest';
import {
  completeOnboardingRequest,
  emptyCardDigits,
  enterCardDigits,
  otherCardIndex,
  prefillReferral,
  validateSetUp,
  type ReferralSettings,
  type SetUpForm,
} from '../../domain/setUpForm.ts';

const options: ReferralSettings = { referralCodeInputType: 'options', referralCodeInputFieldLength: 6, referralCodeInputHint: '' };
const code: ReferralSettings = { ...options, referralCodeInputType: 'code' };
const text: ReferralSettings = { ...options, referralCodeInputType: 'text', referralCodeInputFieldLength: 10 };
const none: ReferralSettings = { ...options, referralCodeInputType: 'none' };
/** A member with a generated password: set-up asks for the password (and may change the e-mail). */
const asks = { credentials: true };
/** A member who chose the password at sign-up. */
const chosen = { credentials: false };

const form = (overrides: Partial<SetUpForm> = {}): SetUpForm => ({
  email: 'new@aurora.test',
  phone: '+46701234567',
  password: 'Secret123',
  card: 1,
  cardDigits: emptyCardDigits(),
  referralCode: '',
  ...overrides,
});

describe('set-up validation (spec 5)', () => {
  it('accepts a complete form', () => {
    expect(validateSetUp(form(), options, 'new@aurora.test', asks)).toEqual({});
  });

  it('requires phone, password and a card choice, and leaves an unchanged e-mail alone', () => {
    expect(validateSetUp(form({ phone: ' ', password: '', card: null }), options, 'new@aurora.test', asks)).toEqual({
      phone: 'setup_error_enter_phone',
      password: 'setup_error_enter_password',
      referral: 'setup_error_choose_card',
    });
  });

  it('checks a changed e-mail: not empty, valid', () => {
    expect(validateSetUp(form({ email: '' }), options, 'new@aurora.test', asks).email).toBe('setup_error_enter_email');
    expect(validateSetUp(form({ email: 'x@aurora' }), options, 'new@aurora.test', asks).email).toBe('setup_error_invalid_email');
    expect(validateSetUp(form({ email: ' NEW@aurora.test ' }), options, 'new@aurora.test', asks).email).toBeUndefined();
  });

  it('takes a national phone number with a leading 0 but refuses letters and short numbers', () => {
    expect(validateSetUp(form({ phone: '070-123 45 67' }), options, 'new@aurora.test', asks).phone).toBeUndefined();
    expect(validateSetUp(form({ phone: '07O1234567' }), options, 'new@aurora.test', asks).phone).toBe('setup_error_invalid_phone');
    expect(validateSetUp(form({ phone: '+4' }), options, 'new@aurora.test', asks).phone).toBe('setup_error_invalid_phone');
  });

  it('holds the password to the rule', () => {
    for (const weak of ['secret123', 'SECRET123', 'Secretabc', 'Sec1', 'Secret 123', `Aa1${'x'.repeat(28)}`]) {
      expect(validateSetUp(form({ password: weak }), options, 'new@aurora.test', asks).password).toBe('setup_error_password_rule');
    }
  });

  it('asks for the six digits when "Annat" is chosen without all of them', () => {
    const digits = ['1', '2', '3', '', '5', '6'];
    expect(validateSetUp(form({ card: otherCardIndex, cardDigits: digits }), options, 'x', asks).referral).toBe('setup_error_card_digits');
    expect(validateSetUp(form({ card: otherCardIndex, cardDigits: '123456'.split('') }), options, 'x', asks).referral).toBeUndefined();
  });

  it('checks a typed code by the brand type', () => {
    expect(validateSetUp(form({ referralCode: '' }), code, 'x', asks).referral).toBe('setup_error_enter_referral_code');
    expect(validateSetUp(form({ referralCode: 'AB12' }), code, 'x', asks).referral).toBe('setup_error_invalid_referral_code');
    expect(validateSetUp(form({ referralCode: 'AB-12C' }), code, 'x', asks).referral).toBe('setup_error_invalid_referral_code');
    expect(validateSetUp(form({ referralCode: 'AB12CD' }), code, 'x', asks).referral).toBeUndefined();
    expect(validateSetUp(form({ referralCode: 'friend 1' }), text, 'x', asks).referral).toBeUndefined();
    expect(validateSetUp(form({ card: null }), none, 'x', asks).referral).toBeUndefined();
  });
});

describe('a member who chose the password at sign-up', () => {
  it('is not asked for it again, nor for a new e-mail', () => {
    expect(validateSetUp(form({ password: '', email: 'not an address' }), options, 'new@aurora.test', chosen)).toEqual({});
    expect(validateSetUp(form({ password: '', phone: '' }), options, 'new@aurora.test', chosen)).toEqual({ phone: 'setup_error_enter_phone' });
  });

  it('sends neither a password nor an e-mail', () => {
    expect(completeOnboardingRequest(form({ email: 'other@aurora.test' }), options, 'new@aurora.test', chosen)).toEqual({
      phoneNumber: '+46701234567',
      referralCode: '522661',
    });
  });
});

describe('the set-up request', () => {
  it('sends the card code, the normalised phone and no e-mail when unchanged', () => {
    expect(completeOnboardingRequest(form({ phone: '070 123 45 67' }), options, 'new@aurora.test', asks)).toEqual({
      phoneNumber: '+46701234567',
      password: 'Secret123',
      referralCode: '522661',
    });
  });

  it('sends the typed "Annat" digits, a changed e-mail trimmed, and no code when none is asked', () => {
    const other = form({ email: ' other@aurora.test ', card: otherCardIndex, cardDigits: '987654'.split('') });
    expect(completeOnboardingRequest(other, options, 'new@aurora.test', asks)).toMatchObject({ email: 'other@aurora.test', referralCode: '987654' });
    expect(completeOnboardingRequest(form(), none, 'new@aurora.test', asks)).not.toHaveProperty('referralCode');
  });
});

describe('referral prefill and digit boxes', () => {
  it('turns a saved code into a card, the "Annat" boxes or the typed code', () => {
    expect(prefillReferral('522661', options)).toMatchObject({ card: 1 });
    expect(prefillReferral('123456', options)).toMatchObject({ card: otherCardIndex, cardDigits: '123456'.split('') });
    expect(prefillReferral('FRIEND', options)).toMatchObject({ card: null });
    expect(prefillReferral('ABC123XYZ', code)).toMatchObject({ referralCode: 'ABC123' });
    expect(prefillReferral(null, code)).toMatchObject({ referralCode: '' });
    expect(prefillReferral('ABC123', none)).toMatchObject({ card: null, referralCode: '' });
  });

  it('writes digits from a box on, drops anything else and stops at the last box', () => {
    expect(enterCardDigits(emptyCardDigits(), 0, '1a2 3')).toEqual(['1', '2', '3', '', '', '']);
    expect(enterCardDigits(['1', '2', '3', '', '', ''], 4, '789')).toEqual(['1', '2', '3', '', '7', '8']);
    expect(enterCardDigits(['1', '', '', '', '', ''], 0, 'x')).toEqual(['1', '', '', '', '', '']);
  });
});
