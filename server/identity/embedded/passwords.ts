import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const keyLength = 64;
const defaultParams = { N: 16384, r: 8, p: 1 };
/** The product's password rule (8 to 30 characters, a digit, a lower- and an upper-case letter, no whitespace). */
export const passwordPolicy = { minLength: 8, maxLength: 30 };

/** What `password` lacks, in Identity Platform's words; empty when it meets the policy. */
export function missingPasswordRequirements(password: string): string[] {
  const missing: string[] = [];
  if (password.length < passwordPolicy.minLength) missing.push(`Password must contain at least ${passwordPolicy.minLength} characters`);
  if (password.length > passwordPolicy.maxLength) missing.push(`Password may contain at most ${passwordPolicy.maxLength} characters`);
  if (!/[a-z]/.test(password)) missing.push('Password must contain a lower case character');
  if (!/[A-Z]/.test(password)) missing.push('Password must contain an upper case character');
  if (!/[0-9]/.test(password)) missing.push('Password must contain a numeric character');
  if (/\s/.test(password)) missing.push('Password must not contain whitespace');
  return missing;
}

export const meetsPasswordPolicy = (password: string) => missingPasswordRequirements(password).length === 0;

/** The body of GET v2/passwordPolicy, as the firebase SDK's validatePassword reads it (schema version 1). */
export const passwordPolicyResponse = {
  customStrengthOptions: {
    minPasswordLength: passwordPolicy.minLength,
    maxPasswordLength: passwordPolicy.maxLength,
    containsLowercaseCharacter: true,
    containsUppercaseCharacter: true,
    containsNumericCharacter: true,
    containsNonAlphanumericCharacter: false,
  },
  enforcementState: 'ENFORCE',
  forceUpgradeOnSignin: false,
  schemaVersion: 1,
} as const;

/** Non-secret stand-in for the lookup answer's passwordHash (the SDK only stores it). */
export const passwordHashPlaceholder = 'UkVEQUNURUQ=';

function deriveKey(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keyLength, { ...params, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url), everything needed to check the password later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = defaultParams;
  const hash = await deriveKey(password, salt, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    await burnEquivalentTime(password);
    return false;
  }
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  const actual = await deriveKey(password, salt, { N, r, p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Spends one hash's time, so unknown e-mails answer as slowly as wrong passwords. */
export async function burnEquivalentTime(password: string): Promise<void> {
  await deriveKey(password, randomBytes(16), defaultParams);
}
