import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidPassword, validateSignIn } from '../../domain/validation.ts';
import { isBelowVersion, parseVersion } from '../../domain/version.ts';
import { pickLocale } from '../../src/i18n/i18n.ts';

describe('e-mail rule', () => {
  it.each(['member@aurora.test', 'a.b+c@sub.example.se', ' spaced@example.com '])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(['', 'member', 'member@aurora', 'member@aurora.t', '@aurora.test', 'a b@example.com', 'a@b@c.se',
    '<a>@example.com', 'a"b@example.com', "o'brien@example.com", 'a@exa mple.com', 'a\u0000b@example.com', 'a\nb@example.com',
    '.a@example.com', 'a..b@example.com', 'a@example..com', 'a,b@example.com'])(
    'refuses %j',
    (email) => expect(isValidEmail(email)).toBe(false),
  );
});

describe('password rule', () => {
  it.each(['Password1', 'aB3aaaaa', 'Abcdefghij1234567890abcdefghi1'])('accepts %s', (pw) => {
    expect(isValidPassword(pw)).toBe(true);
  });
  it.each([
    ['too short', 'Pass1'],
    ['no digit', 'Password'],
    ['no uppercase', 'password1'],
    ['no lowercase', 'PASSWORD1'],
    ['whitespace', 'Pass word1'],
    ['over 30', 'Abcdefghij1234567890abcdefghij1'],
  ])('refuses a password with %s', (_, pw) => expect(isValidPassword(pw)).toBe(false));
});

describe('sign-in validation', () => {
  it('names the spec keys for empty fields', () => {
    expect(validateSignIn({ email: ' ', password: '' })).toEqual({
      email: 'signin_error_enter_email',
      password: 'signin_error_enter_password',
    });
  });
  it('tells a malformed e-mail apart from an empty one', () => {
    expect(validateSignIn({ email: 'member@aurora', password: 'x' })).toEqual({ email: 'signin_error_invalid_email' });
  });
  it('has nothing to say about a well-formed form', () => {
    expect(validateSignIn({ email: 'member@aurora.test', password: 'x' })).toEqual({});
  });
});

describe('container versions', () => {
  it('parses dotted numbers, missing parts as 0', () => {
    expect(parseVersion('5.23.3')).toEqual([5, 23, 3]);
    expect(parseVersion('1.x')).toEqual([1, 0]);
  });
  it.each([
    ['0.0.0', '0.0.0', false],
    ['5.23.3', '5.23.4', true],
    ['5.23.3', '5.9', false],
    ['5.9', '5.23.3', true],
    ['6', '5.99.99', false],
  ])('%s below %s is %s', (version, minimum, below) => expect(isBelowVersion(version, minimum)).toBe(below));
});

describe('language choice', () => {
  it.each([
    [['sv-SE', 'en'], 'sv'],
    [['nb-NO'], 'nb'],
    [['no'], 'nb'],
    [['nn-NO'], 'nb'],
    [['de-DE', 'sv'], 'sv'],
    [['de-DE', 'fr'], 'en'],
    [[], 'en'],
  ])('%j picks %s', (languages, locale) => expect(pickLocale(languages)).toBe(locale));
});
