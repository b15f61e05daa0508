import type { Page } from '@playwright/test';
import { formatMoney, localityOf, type Locality } from '../../domain/format.ts';

/**
 * The brand's time zone and region, as its settings give them to the app (domain/format.ts).
 * Asked from the page, which is on the brand's origin (Node does not resolve *.localhost).
 */
export async function brandLocality(page: Page): Promise<Locality> {
  const settings = await page.evaluate(async () => {
    const answer = await fetch(`/v1/get/brand?appUrl=${encodeURIComponent(location.origin)}`, { headers: { Accept: 'application/json' } });
    return ((await answer.json()) as { settings: { timeZone?: string; region?: string } }).settings;
  });
  return localityOf(settings);
}

/** Text with every kind of space as one plain space (Intl writes narrow and no-break spaces). */
export const loose = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** An amount in kronor as the app writes it for the brand's region, in `language`. */
export const moneyText = (kronor: number, language: string, locality: Locality, currency = 'SEK') =>
  loose(formatMoney(Math.round(kronor * 100), currency, language, locality));
