/** An e-mail no run has used: the demo database keeps every account a spec creates. */
export const uniqueEmail = (name: string, domain: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@${domain}`;

/** A valid Swedish personal number YYYYMMDDXXXX: a random date and serial, then the Luhn digit. */
export function personalNumber(): string {
  const random = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const date = `${random(1950, 2000)}${pad(random(1, 12), 2)}${pad(random(1, 28), 2)}`;
  // 001-999: a serial of 000 is no personal number (one run in a thousand failed on it).
  const serial = pad(random(1, 999), 3);
  // The check digit covers YYMMDDXXX: every other digit doubled from the first, digit sums added.
  const sum = [...`${date.slice(2)}${serial}`].reduce((total, digit, i) => {
    const product = Number(digit) * (i % 2 === 0 ? 2 : 1);
    return total + (product > 9 ? product - 9 : product);
  }, 0);
  return `${date}${serial}${(10 - (sum % 10)) % 10}`;
}
