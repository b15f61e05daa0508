import Personnummer from 'personnummer';

/**
 * The Swedish personal identity number as the product stores it: YYYYMMDDXXXX, twelve digits
 * with a real date (coordination numbers add 60 to the day) and a Luhn check digit.
 * People may type a hyphen or spaces; those are dropped.
 */
export function normalisePersonalNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function isValidPersonalNumber(value: string): boolean {
  const digits = normalisePersonalNumber(value);
  return /^\d{12}$/.test(digits) && Personnummer.valid(digits, { allowCoordinationNumber: true, allowInterimNumber: false });
}
