import type { customFees, itemVariants, taxRates } from '../schema/commerce.ts';
import { slug } from './callToAction.ts';
import type { EventPlan, Showing } from './events.ts';
import { imageOptions } from './images.ts';
import type { MerchPlan } from './merchandise.ts';
import type { DemoOffers } from './offers.ts';
import { createRandom, type Random } from './prng.ts';
import { fill3, l, type Text3 } from './text.ts';

type TaxRateRow = typeof taxRates.$inferInsert;
type CustomFeeRow = typeof customFees.$inferInsert;
type VariantRow = typeof itemVariants.$inferInsert;

export interface CommerceRows {
  taxRates: TaxRateRow[];
  customFees: CustomFeeRow[];
  itemVariants: VariantRow[];
}

const kr = (n: number) => n * 100;
const currency = 'SEK';

const mapUrl = (venue: string, city: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${venue}, ${city}`)}`;

/** The names tickets and sizes are sold under, in every language (English in the plain column). */
const ticketTitles = {
  standing: l('Standing', 'Ståplats', 'Ståplass'),
  seated: l('Seated, front stalls', 'Sittplats, främre parkett', 'Sitteplass, fremre parkett'),
  standard: l('Standard', 'Standard', 'Standard'),
} satisfies Record<string, Text3>;
const doorsOpen = l('{Venue}, {city}. Doors open 30 minutes before the start.', '{Venue}, {city}. Dörrarna öppnar 30 minuter före start.', '{Venue}, {city}. Dørene åpner 30 minutter før start.');
const sizeTitle = l('Size {size}', 'Storlek {size}', 'Størrelse {size}');
const sizeDescription = l('{Material}, size {size}.', '{Material}, storlek {size}.', '{Material}, størrelse {size}.');

/** A variant's title and description: the English in the plain columns, every language in `localized`. */
const variantTexts = (title: Text3, description: Text3): Pick<VariantRow, 'title' | 'description' | 'localized'> => ({
  title: title.en,
  description: description.en,
  localized: { title, description },
});

function ticket(brandId: string, offer: string, n: number, show: Showing, fields: Partial<VariantRow> & { name: Text3; price: number }): VariantRow {
  const { price, name, ...rest } = fields;
  const venue = show.hall.venue.en;
  return {
    brandId,
    id: `${offer}-v${n}`,
    offerId: offer,
    position: n,
    ...variantTexts(name, fill3(doorsOpen, { venue: show.hall.venue, city: show.hall.city })),
    priceCurrent: price,
    priceOriginal: price,
    currency,
    customFeeIds: ['service-fee'],
    taxRateIds: ['vat6'],
    purchaseCap: 8,
    dateStart: show.start,
    dateEnd: new Date(show.start.getTime() + 3 * 3_600_000),
    locationAddress: show.hall.address,
    locationZipCode: show.hall.zipCode,
    locationCity: show.hall.city,
    locationMapUrl: mapUrl(venue, show.hall.city),
    stock: 200,
    ...rest,
  };
}

/**
 * The brand's featured event, built to show every turn of the ticket cascade: two cities, two
 * evenings in one of them, two tickets (different title and price) on one evening, a sold-out city,
 * and an evening with only a few tickets left (`…-live-001-v2`, 6 in stock).
 */
function featuredEvent(brandId: string, offer: string, plan: EventPlan): VariantRow[] {
  const [firstNight, secondNight, soldOutCity, lastCity] = plan.showings as [Showing, Showing, Showing, Showing];
  return [
    ticket(brandId, offer, 0, firstNight, { name: ticketTitles.standing, price: kr(plan.price), priceOriginal: kr(plan.originalPrice), stock: 150 }),
    ticket(brandId, offer, 1, firstNight, { name: ticketTitles.seated, price: kr(595), customFeeIds: ['service-fee', 'booking-fee'], purchaseCap: 4, stock: 40 }),
    // Few left: end-to-end runs buy these out and see the stock come back when a checkout is closed.
    ticket(brandId, offer, 2, secondNight, { name: ticketTitles.standing, price: kr(plan.price), stock: 6 }),
    ticket(brandId, offer, 3, soldOutCity, { name: ticketTitles.standing, price: kr(345), stock: 0 }),
    ticket(brandId, offer, 4, lastCity, { name: ticketTitles.standing, price: kr(345), priceOriginal: kr(395), stock: 120 }),
  ];
}

/** One ticket per evening of an ordinary event, at the price its texts name. */
function otherEvent(random: Random, brandId: string, offer: string, plan: EventPlan): VariantRow[] {
  return plan.showings.map((show, i) =>
    ticket(brandId, offer, i, show, { name: ticketTitles.standard, price: kr(plan.price), priceOriginal: kr(plan.originalPrice), stock: random.int(20, 400) }),
  );
}

const sizes = ['S', 'M', 'L', 'XL'] as const;

/** A garment in four sizes; every size shows its print. The brand's first garment has only 3 left in XL. */
function merchandise(random: Random, brandId: string, offer: string, plan: MerchPlan, designed: boolean): VariantRow[] {
  return sizes.map((size, i) => ({
    brandId,
    id: `${offer}-${slug(size)}`,
    offerId: offer,
    position: i,
    ...variantTexts(fill3(sizeTitle, { size }), fill3(sizeDescription, { material: plan.material, size })),
    images: [imageOptions(plan.picture)],
    priceCurrent: kr(plan.price),
    priceOriginal: kr(plan.originalPrice),
    currency,
    customFeeIds: [],
    taxRateIds: ['vat25'],
    purchaseCap: 5,
    stock: designed && size === 'XL' ? 3 : random.int(5, 80),
  }));
}

/**
 * The demo's sale queue (issue 39, docs/checkout.md "The sale queue"): one Aurora evening (the
 * first of its second event, which no test buys) goes on sale 10 minutes after the first seeding,
 * so whoever starts the demo can watch its queue open, count down and let members in.
 */
export const demoQueuedEvening = { brandId: 'aurora', itemVariantId: 'aurora-live-002-v0', onSaleAfterMs: 10 * 60_000 } as const;

/**
 * What the brand sells: two VAT rates (6 % on tickets, 25 % on goods and fees), two fees, and the
 * variants of every offer whose call to action is a payment, as its texts tell them. Stable ids.
 * Seeded at `now`, the demo's queued evening goes on sale 10 minutes later.
 */
export function generateCommerce(brandId: string, demo: DemoOffers, now?: Date): CommerceRows {
  const random = createRandom(`commerce:${brandId}`);
  const variants = demo.rows.flatMap((row) => {
    const sale = demo.sales.get(row.id);
    if (!sale) return [];
    if (sale.kind === 'merch') return merchandise(random, brandId, row.id, sale.plan, sale.designed);
    return sale.featured ? featuredEvent(brandId, row.id, sale.plan) : otherEvent(random, brandId, row.id, sale.plan);
  });
  return {
    taxRates: [
      { brandId, id: 'vat25', percentage: 25, displayName: 'VAT 25%' },
      { brandId, id: 'vat6', percentage: 6, displayName: 'VAT 6%' },
    ],
    customFees: [
      { brandId, id: 'service-fee', title: 'Service fee', priceCurrent: kr(25), priceOriginal: kr(25), taxRateIds: ['vat25'] },
      { brandId, id: 'booking-fee', title: 'Booking fee', priceCurrent: kr(15), priceOriginal: kr(20), taxRateIds: ['vat25'] },
    ],
    itemVariants: variants.map((v) =>
      now && brandId === demoQueuedEvening.brandId && v.id === demoQueuedEvening.itemVariantId
        ? { ...v, onSaleAt: new Date(now.getTime() + demoQueuedEvening.onSaleAfterMs) }
        : v,
    ),
  };
}
