/**
 * Money and dates in the member's language (spec 9): amounts are integer minor units of an ISO
 * currency (öre for SEK); dates use the language's own month names (Swedish in Swedish).
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}

/** An event's start: weekday, day, month name, time ("lördag 12 december 19:00" in Swedish). */
export function formatEventTime(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(ms);
}

/** A shorter date for a cart line ("12 dec. 2026 19:00"). */
export function formatEventDate(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(ms);
}
