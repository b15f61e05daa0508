import * as kernel from '../../domain/format.ts';
import { defaultLocality, localityOf, type Locality } from '../../domain/format.ts';
import type { BrandSettings } from '../../contract/brand.ts';

/**
 * Money and dates as the app shows them (spec 9): the kernel's formats (domain/format.ts) in the
 * member's language with the brand's locality, so event times are in the brand's time zone
 * whatever the device's, and English follows the brand region's conventions (24-hour clock, day
 * before month, "420,00 kr"). One brand per page load: the composition root sets the locality
 * once the brand is known; until then (and in tests that set none) it is Stockholm's.
 */
let locality: Locality = defaultLocality;

/** The brand's time zone and region, from its settings (absent: Europe/Stockholm and SE). */
export function setBrandLocality(settings: Pick<BrandSettings, 'timeZone' | 'region'>): void {
  locality = localityOf(settings);
}

/** Amounts in integer minor units of an ISO currency (öre for SEK). */
export const formatMoney = (minorUnits: number, currency: string, language: string): string =>
  kernel.formatMoney(minorUnits, currency, language, locality);

/** An event's start: weekday, day, month name, time ("lördag 12 december kl. 19:00"). */
export const formatEventTime = (ms: number, language: string): string => kernel.formatEventTime(ms, language, locality);

/** A shorter date and time for a line ("12 dec. 2026 19:00"). */
export const formatEventDate = (ms: number, language: string): string => kernel.formatEventDate(ms, language, locality);

/** A time of day in the brand's zone ("15:40"), e.g. when a member may hold tickets again. */
export const formatClockTime = (ms: number, language: string): string => kernel.formatClockTime(ms, language, locality);

/** A VAT rate as the region writes it ("6 %"), the same as in the mails. */
export const formatPercent = (percentage: number, language: string): string => kernel.formatPercent(percentage, language, locality);

/** A day without time ("12 december 2026"), e.g. when an order was made. */
export const formatDay = (ms: number | string, language: string): string =>
  kernel.formatDay(typeof ms === 'string' ? Date.parse(ms) : ms, language, locality);

/** How far a place is: metres to the ten under a kilometre ("350 m"), else kilometres ("1,2 km", "14 km"). */
export function formatDistance(km: number, language: string): string {
  if (km < 0.995) return new Intl.NumberFormat(language, { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(Math.max(10, Math.round(km * 100) * 10));
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'kilometer', maximumFractionDigits: km < 10 ? 1 : 0 }).format(km);
}
