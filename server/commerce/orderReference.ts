import { randomInt } from 'node:crypto';

/** Letters and digits nobody mixes up when reading aloud or typing (no 0/O, 1/I/L, U). */
const alphabet = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A short, readable order reference for members and customer service ("K7QM-42PX"): eight
 * random characters of a 30-letter alphabet (6.5 · 10^11 values, so guessing one is hopeless and
 * two orders of a brand practically never meet; the database's unique index makes sure).
 */
export function newOrderReference(): string {
  const chars = Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}
