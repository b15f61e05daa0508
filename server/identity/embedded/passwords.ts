import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const keyLength = 64;
const defaultParams = { N: 16384, r: 8, p: 1 };
const minimumLength = 6;
const maximumLength = 4096;

export const weakPasswordMessage = 'Password should be at least 6 characters';

/** Non-secret stand-in for the lookup answer's passwordHash (the SDK only stores it). */
export const passwordHashPlaceholder = 'UkVEQUNURUQ=';

export const isStrongEnough = (password: string) => password.length >= minimumLength && password.length <= maximumLength;

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
