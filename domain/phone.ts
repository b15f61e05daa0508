/** International form: plus, a first digit 1-9, then 1 to 14 digits (spec section 5). */
const internationalPhonePattern = /^\+[1-9]\d{1,14}$/;

/** The country prefix a national number (leading 0) gets in the profile (spec section 9). */
export const phoneCountryPrefix = '+46';

/** Drops the spaces, dashes, dots and brackets people type between digit groups. */
function compact(value: string): string {
  return value.trim().replace(/[\s\-().]/g, '');
}

export function isValidPhoneNumber(value: string): boolean {
  return internationalPhonePattern.test(compact(value));
}

/**
 * The profile turns 070-123 45 67 into +46701234567; anything else is only compacted. Only a
 * national number (0, then a digit 1-9 and more digits) gets the prefix: "0" alone stays "0",
 * which the rule refuses, rather than becoming a bare "+46".
 */
export function normalisePhoneNumber(value: string): string {
  const compacted = compact(value);
  return /^0[1-9]\d+$/.test(compacted) ? `${phoneCountryPrefix}${compacted.slice(1)}` : compacted;
}
