/** A valid Swedish personal number (YYYYMMDDXXXX, Luhn over YYMMDDXXX) for a date (YYYYMMDD) and serial. */
export function personalNumber(date: string, serial: number): string {
  const nine = `${date.slice(2)}${String(serial).padStart(3, '0')}`;
  // Every other digit doubled from the first, digit sums added.
  const sum = [...nine].reduce((total, digit, i) => {
    const product = Number(digit) * (i % 2 === 0 ? 2 : 1);
    return total + (product > 9 ? product - 9 : product);
  }, 0);
  return `${date}${String(serial).padStart(3, '0')}${(10 - (sum % 10)) % 10}`;
}
