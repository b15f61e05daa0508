import type { BrandSettings } from '../contract/brand.ts';

/** The bank cards a member can choose at set-up (spec section 3); the value is the card's first six digits. */
export const referralCardOptions = [
  { label: 'Bankkort', code: '522660' },
  { label: 'Allkort', code: '522661' },
  { label: 'Platinumkort', code: '521358' },
] as const;

/** The "Annat" (other card) choice asks for the first six digits in six one-digit boxes. */
export const otherCardCodeLength = 6;

/**
 * Whether a referral input is acceptable for the brand's input type: for options a six-digit
 * card prefix; for code an alphanumeric code of exactly the brand's field length; for text any
 * non-empty text up to that length; nothing is asked when the type is none.
 */
export function isValidReferralCode(
  settings: Pick<BrandSettings, 'referralCodeInputType' | 'referralCodeInputFieldLength'>,
  code: string,
): boolean {
  const value = code.trim();
  switch (settings.referralCodeInputType) {
    case 'none':
      return true;
    case 'options':
      return new RegExp(`^\\d{${otherCardCodeLength}}$`).test(value);
    case 'code':
      return new RegExp(`^[A-Za-z0-9]{${settings.referralCodeInputFieldLength}}$`).test(value);
    case 'text':
      return value.length > 0 && value.length <= settings.referralCodeInputFieldLength;
  }
}
