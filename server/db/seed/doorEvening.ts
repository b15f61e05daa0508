import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../database.ts';
import { itemVariants, offers } from '../schema/index.ts';
import type { DemoOffers } from './offers.ts';
import { l } from './text.ts';

/**
 * The demo's evening at the door (issue 43, docs/door.md): one ticketed evening per brand that
 * starts a few hours after the server starts, so door staff (`door@aurora.test`,
 * `door@borealis.test`) always have an evening to admit members to. The other demo events are
 * weeks ahead. Each seeding moves an evening that is over to the coming night; one still ahead
 * stays where it is, with the tickets sold for it.
 */
export const demoDoorEvening = (brandId: string) => ({ offerId: `${brandId}-door-evening`, itemVariantId: `${brandId}-door-evening-v0` });

const venues: Record<string, { address: string; zipCode: string; city: string }> = {
  aurora: { address: 'Sveavägen 20', zipCode: '111 57', city: 'Stockholm' },
  borealis: { address: 'Storgata 40', zipCode: '9008', city: 'Tromsø' },
};

const title = l('Club night at Klubbhuset', 'Klubbkväll på Klubbhuset', 'Klubbkveld på Klubbhuset');
const teaser = (city: string) => l(`Tonight · ${city}`, `Ikväll · ${city}`, `I kveld · ${city}`);
const preamble = l(
  'The club’s own evening, tonight. Show the ticket in your order history at the door.',
  'Klubbens egen kväll, ikväll. Visa biljetten i din orderhistorik i dörren.',
  'Klubbens egen kveld, i kveld. Vis billetten i ordrehistorikken din i døra.',
);
const buy = l('Buy tickets', 'Köp biljetter', 'Kjøp billetter');
const standard = l('Standard', 'Standard', 'Standard');
const doors = l('Klubbhuset. Doors open 30 minutes before the start.', 'Klubbhuset. Dörrarna öppnar 30 minuter före start.', 'Klubbhuset. Dørene åpner 30 minutter før start.');

const hour = 3_600_000;

/** Three hours from `now`, on the half hour: within the door's window (36 hours ahead) and not yet begun. */
export function doorEveningStart(now: Date): Date {
  const halfHour = hour / 2;
  return new Date(Math.ceil((now.getTime() + 3 * hour) / halfHour) * halfHour);
}

export async function seedDoorEvening(db: Database, brandId: string, demo: DemoOffers, now: Date): Promise<void> {
  const { offerId, itemVariantId } = demoDoorEvening(brandId);
  const venue = venues[brandId] ?? venues.aurora!;
  // Its picture and category are those of the brand's first ticketed event: files and rows that exist.
  const model = demo.rows.find((r) => r.itemVariantType === 'ticket');
  if (!model) return;
  const teaserLine = teaser(venue.city);
  await db
    .insert(offers)
    .values({
      brandId,
      id: offerId,
      type: 'live',
      categoryId: model.categoryId,
      title: title.en,
      teaserLine: teaserLine.en,
      preamble: preamble.en,
      tags: ['event'],
      puffImage: model.puffImage,
      requiresSignIn: true,
      callToAction: { type: 'payment', label: buy.en },
      itemVariantType: 'ticket',
      localized: { title, teaserLine, preamble, callToActionLabel: buy },
      contentBlocks: [],
      // Last in the feed: the demo's own stories stay where they are.
      publishedAt: new Date(now.getTime() - 400 * 24 * hour),
      active: true,
    })
    .onConflictDoNothing();
  const start = doorEveningStart(now);
  await db
    .insert(itemVariants)
    .values({
      brandId,
      id: itemVariantId,
      offerId,
      position: 0,
      title: standard.en,
      description: doors.en,
      localized: { title: standard, description: doors },
      priceCurrent: 19_500,
      priceOriginal: 19_500,
      currency: 'SEK',
      customFeeIds: ['service-fee'],
      taxRateIds: ['vat6'],
      purchaseCap: 8,
      dateStart: start,
      dateEnd: new Date(start.getTime() + 3 * hour),
      locationAddress: venue.address,
      locationZipCode: venue.zipCode,
      locationCity: venue.city,
      stock: 500,
    })
    .onConflictDoNothing();
  // Seeded on an earlier day: the evening that is over becomes tonight's.
  await db
    .update(itemVariants)
    .set({ dateStart: start, dateEnd: new Date(start.getTime() + 3 * hour) })
    .where(and(eq(itemVariants.brandId, brandId), eq(itemVariants.id, itemVariantId), lt(itemVariants.dateStart, sql`${new Date(now.getTime() - 12 * hour).toISOString()}::timestamptz`)));
}
