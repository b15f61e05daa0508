import { personalNumber as personalNumberOf } from '../../tests/server/support/personalNumber.ts';

/** An e-mail no run has used: the demo database keeps every account a spec creates. */
export const uniqueEmail = (name: string, domain: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@${domain}`;

/** A valid Swedish personal number YYYYMMDDXXXX: a random date and serial, then the Luhn digit. */
export function personalNumber(): string {
  const random = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
  const pad = (n: number) => String(n).padStart(2, '0');
  // 001-999: a serial of 000 is no personal number (one run in a thousand failed on it).
  return personalNumberOf(`${random(1950, 2000)}${pad(random(1, 12))}${pad(random(1, 28))}`, random(1, 999));
}
