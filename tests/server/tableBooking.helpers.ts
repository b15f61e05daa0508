import { createRequire } from 'node:module';
import { asc, eq } from 'drizzle-orm';
import { mailOutbox, restaurants, tableBookings } from '../../server/db/schema/index.ts';
import type { TableBookingSettings } from '../../server/db/schema/restaurants.ts';
import type { BrandSettings } from '../../contract/brand.ts';
import { setSettings } from './accounts.helpers.ts';
import { makeBrand } from './support/factories.ts';
import type { TestApp } from './support/testApp.ts';

const require = createRequire(import.meta.url);
type Dom = { window: Window & typeof globalThis & { eval(code: string): void; axe?: AxeRunner } };
type AxeRunner = { run(context: Document, options: object): Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> };
const { JSDOM } = require('jsdom') as { JSDOM: new (html: string, options?: object) => Dom };
const axeSource = (require('axe-core') as { source: string }).source;

/** The page as a browser would read it. */
export const parseHtml = (html: string): Document => new JSDOM(html).window.document;

/**
 * axe's findings on the page, run inside a DOM without layout: every rule but colour contrast,
 * which needs layout (booking.css keeps text at 4.5:1 or more against its background).
 */
export async function axeViolations(html: string) {
  const dom = new JSDOM(html, { runScripts: 'outside-only' });
  dom.window.eval(axeSource);
  const result = await dom.window.axe!.run(dom.window.document, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

/** Wednesday to Saturday: lunch on Wednesday, dinner on the rest. */
export const weekly: TableBookingSettings['weekly'] = [
  { day: 3, seatings: ['11:30', '18:00', '20:30'] },
  { day: 4, seatings: ['18:00'] },
  { day: 5, seatings: ['18:00', '21:00'] },
  { day: 6, seatings: ['17:00', '19:30'] },
];

export const bookingSettings = (fields: Partial<TableBookingSettings> = {}): TableBookingSettings => ({
  weekly,
  coversPerSeating: 20,
  maxPartySize: 8,
  daysAhead: 14,
  ...fields,
});

/** Aurora (Stockholm, Swedish by default) and Borealis (Oslo, Norwegian), both with the restaurant guide on. */
export async function makeBookingBrands(t: TestApp, extra: Partial<BrandSettings> = {}) {
  await makeBrand(t.db, 'aurora', ['aurora.localhost', 'localhost']);
  await makeBrand(t.db, 'borealis', ['borealis.localhost']);
  await setSettings(t, 'aurora', { restaurant: true, timeZone: 'Europe/Stockholm', region: 'SE', defaultLanguage: 'sv', ...extra });
  await setSettings(t, 'borealis', { restaurant: true, timeZone: 'Europe/Oslo', region: 'NO', defaultLanguage: 'nb', ...extra });
}

/** A restaurant of the brand taking bookings through our widget (unless `booking` says otherwise). */
export async function makeRestaurant(t: TestApp, brandId: string, id: string, fields: Partial<typeof restaurants.$inferInsert> = {}) {
  await t.db.insert(restaurants).values({
    brandId,
    id,
    name: `Restaurant ${id}`,
    address: 'Sankt Eriksgatan 48',
    postalCode: '112 34',
    city: brandId === 'borealis' ? 'Oslo' : 'Stockholm',
    countryCode: brandId === 'borealis' ? 'NO' : 'SE',
    lat: 59.33,
    lng: 18.03,
    restaurantWidgetUrl: `/booking/${brandId}/${id}`,
    booking: bookingSettings(),
    ...fields,
  });
}

export const hostOf = { aurora: 'aurora.localhost:8080', borealis: 'borealis.localhost:8080' } as const;

let addressCounter = 0;
/** A client address of its own, so the per-address limit of one test does not touch another. */
export const freshAddress = () => `10.24.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

/** The widget page, as the brand's app frames it. */
export const getPage = (t: TestApp, url: string, brand: keyof typeof hostOf = 'aurora') =>
  t.app.inject({ method: 'GET', url, headers: { host: hostOf[brand] } });

export interface PostOptions {
  brand?: keyof typeof hostOf;
  address?: string;
  /** The Origin header; the page's own unless given (null: none). */
  origin?: string | null;
  /** The Host header; the brand's app host unless given. */
  host?: string;
}

/** The booking form sent as a browser sends it from the page. */
export function postForm(t: TestApp, url: string, fields: Record<string, string>, options: PostOptions = {}) {
  const host = options.host ?? hostOf[options.brand ?? 'aurora'];
  const origin = options.origin === undefined ? `http://${host}` : options.origin;
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: options.address ?? freshAddress(),
    headers: { host, 'content-type': 'application/x-www-form-urlencoded', ...(origin === null ? {} : { origin }) },
    payload: new URLSearchParams(fields).toString(),
  });
}

export const guest = { name: 'Greta Garbo', email: 'greta@example.se', phone: '070-123 45 67' };

export const mailsTo = (t: TestApp, to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));
export const bookingsOf = (t: TestApp, restaurantId: string) =>
  t.db.select().from(tableBookings).where(eq(tableBookings.restaurantId, restaurantId)).orderBy(asc(tableBookings.id));

/** The cancel link's path in a mail's text. */
export function cancelPathIn(text: string): string {
  const match = /https?:\/\/[^/\s]+(\/booking\/cancel\/[A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no cancel link in: ${text}`);
  return match[1]!;
}

/** Texts of the page's elements matching `selector`, whitespace folded. */
export const textsOf = (doc: Document, selector: string) => [...doc.querySelectorAll(selector)].map((el) => el.textContent!.replace(/\s+/g, ' ').trim());
