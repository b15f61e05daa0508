import type { APIRequestContext } from '@playwright/test';
import { formatMoney, localityOf, type Locality } from '../../domain/format.ts';

/** The brand's time zone and region, as its settings give them to the app (domain/format.ts). */
export async function brandLocality(request: APIRequestContext, origin: string): Promise<Locality> {
  const answer = await request.get(`${origin}/v1/get/brand`, { params: { appUrl: origin } });
  const brand = (await answer.json()) as { settings: { timeZone?: string; region?: string } };
  return localityOf(brand.settings);
}

/** Text with every kind of space as one plain space (Intl writes narrow and no-break spaces). */
export const loose = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** An amount in kronor as the app writes it for the brand's region, in `language`. */
export const moneyText = (kronor: number, language: string, locality: Locality, currency = 'SEK') =>
  loose(formatMoney(Math.round(kronor * 100), currency, language, locality));
