import type { customFees, itemVariants, taxRates } from '../schema/commerce.ts';
import { slug } from './callToAction.ts';
import { imageOptions, pictureNumbers } from './images.ts';
import type { OfferRow } from './offers.ts';
import { offerId } from './offers.ts';
import { createRandom, type Random } from './prng.ts';
import { places, venues } from './words.ts';

type TaxRateRow = typeof taxRates.$inferInsert;
type CustomFeeRow = typeof customFees.$inferInsert;
type VariantRow = typeof itemVariants.$inferInsert;

export interface CommerceRows {
  taxRates: TaxRateRow[];
  customFees: CustomFeeRow[];
  itemVariants: VariantRow[];
}

const day = 24 * 3_600_000;
const kr = (n: number) => n * 100;
const currency = 'SEK';

const mapUrl = (venue: string, city: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${venue}, ${city}`)}`;

/** Evening `daysAhead` days after `now`'s day, at the given UTC hour (19:00 or 20:00 in Stockholm in winter). */
const evening = (now: Date, daysAhead: number, utcHour: number) => {
  const midnight = Math.floor(now.getTime() / day) * day;
  return new Date(midnight + daysAhead * day + utcHour * 3_600_000);
};

interface Showing {
  city: string;
  venue: string;
  address: string;
  zipCode: string;
  start: Date;
}

function ticket(brandId: string, offer: string, n: number, show: Showing, fields: Partial<VariantRow> & { title: string; price: number }): VariantRow {
  const { price, ...rest } = fields;
  return {
    brandId,
    id: `${offer}-v${n}`,
    offerId: offer,
    position: n,
    description: `${show.venue}, ${show.city}. Doors open 30 minutes before the start.`,
    priceCurrent: price,
    priceOriginal: price,
    currency,
    customFeeIds: ['service-fee'],
    taxRateIds: ['vat6'],
    purchaseCap: 8,
    dateStart: show.start,
    dateEnd: new Date(show.start.getTime() + 3 * 3_600_000),
    locationAddress: show.address,
    locationZipCode: show.zipCode,
    locationCity: show.city,
    locationMapUrl: mapUrl(show.venue, show.city),
    stock: 200,
    ...rest,
  };
}

/**
 * The brand's featured event, built to show every turn of the ticket cascade: two cities, two
 * evenings in one of them, two tickets (different title and price) on one evening, a sold-out city,
 * and an evening with only a few tickets left (`…-live-001-v2`, 6 in stock).
 */
function featuredEvent(brandId: string, now: Date, halls: readonly Hall[]): VariantRow[] {
  const offer = offerId(brandId, 'live', 1);
  const [first, second, third] = halls as [Hall, Hall, Hall];
  const at = (hall: Hall, daysAhead: number, utcHour = 18): Showing => ({ ...hall, start: evening(now, daysAhead, utcHour) });
  const firstNight = at(first, 14);
  return [
    ticket(brandId, offer, 0, firstNight, { title: 'Standing', price: kr(395), priceOriginal: kr(450), stock: 150 }),
    ticket(brandId, offer, 1, firstNight, { title: 'Seated, front stalls', price: kr(595), customFeeIds: ['service-fee', 'booking-fee'], purchaseCap: 4, stock: 40 }),
    // Few left: end-to-end runs buy these out and see the stock come back when a checkout is closed.
    ticket(brandId, offer, 2, at(first, 15), { title: 'Standing', price: kr(395), stock: 6 }),
    ticket(brandId, offer, 3, at(second, 21, 19), { title: 'Standing', price: kr(345), stock: 0 }),
    ticket(brandId, offer, 4, at(third, 28), { title: 'Standing', price: kr(345), priceOriginal: kr(395), stock: 120 }),
  ];
}

type Hall = Omit<Showing, 'start'>;

/** The featured event's venues per brand. */
const featuredHalls: Record<string, Hall[]> = {
  aurora: [
    { city: 'Stockholm', venue: 'Konserthuset', address: 'Hötorget 8', zipCode: '111 57' },
    { city: 'Göteborg', venue: 'Pustervik', address: 'Järntorgsgatan 12', zipCode: '413 01' },
    { city: 'Malmö', venue: 'Slakthuset', address: 'Jägersrovägen 1', zipCode: '212 37' },
  ],
  borealis: [
    { city: 'Umeå', venue: 'Väven', address: 'Storgatan 46A', zipCode: '903 26' },
    { city: 'Luleå', venue: 'Kulturens hus', address: 'Skeppsbrogatan 17', zipCode: '972 31' },
    { city: 'Kiruna', venue: 'Folkets hus', address: 'Föreningsgatan 11', zipCode: '981 31' },
  ],
};

/** One to three evenings in one or two cities for an ordinary ticketed event. */
function otherEvent(random: Random, row: OfferRow, now: Date, n: number): VariantRow[] {
  const cities = random.sample(places, random.int(1, 2));
  const price = kr(random.pick([195, 245, 295, 345, 395, 450]));
  const shows: Showing[] = cities.map((city, i) => ({
    city, venue: random.pick(venues), address: `${random.pick(['Storgatan', 'Kungsgatan', 'Hamngatan'])} ${random.int(1, 40)}`,
    zipCode: `${random.int(100, 999)} ${random.int(10, 99)}`, start: evening(now, 10 + n % 60 + i * 7, 18),
  }));
  if (random.chance(0.4)) shows.push({ ...shows[0]!, start: evening(now, 11 + n % 60, 18) });
  return shows.map((show, i) =>
    ticket(row.brandId, row.id, i, show, {
      title: 'Standard',
      price,
      priceOriginal: random.chance(0.3) ? price + kr(50) : price,
      stock: random.int(20, 400),
    }),
  );
}

const sizes = ['S', 'M', 'L', 'XL'] as const;

/** Merchandise in four sizes; every size shows the same picture of the item. */
function merchandise(random: Random, row: OfferRow, designed: boolean): VariantRow[] {
  const picture = random.pick(pictureNumbers);
  const price = designed ? kr(249) : kr(random.pick([149, 199, 249, 349]));
  return sizes.map((size, i) => ({
    brandId: row.brandId,
    id: `${row.id}-${slug(size)}`,
    offerId: row.id,
    position: i,
    title: `Size ${size}`,
    description: `Organic cotton, size ${size}.`,
    images: [imageOptions(picture)],
    priceCurrent: price,
    priceOriginal: designed || random.chance(0.4) ? price + kr(50) : price,
    currency,
    customFeeIds: [],
    taxRateIds: ['vat25'],
    purchaseCap: 5,
    stock: designed && size === 'XL' ? 3 : random.int(5, 80),
  }));
}

/**
 * What the brand sells: two VAT rates (6 % on tickets, 25 % on goods and fees), two fees, and
 * variants for every offer whose call to action is a payment. Stable ids; dates follow `now`.
 */
export function generateCommerce(brandId: string, offers: readonly OfferRow[], now: Date): CommerceRows {
  const random = createRandom(`commerce:${brandId}`);
  const halls = featuredHalls[brandId] ?? featuredHalls.aurora!;
  const featured = offerId(brandId, 'live', 1);
  const selling = offers.filter((o) => o.itemVariantType);
  const designedMerch = selling.find((o) => o.itemVariantType === 'other')?.id;
  const variants = selling.flatMap((row, n) => {
    if (row.id === featured) return featuredEvent(brandId, now, halls);
    return row.itemVariantType === 'ticket' ? otherEvent(random, row, now, n) : merchandise(random, row, row.id === designedMerch);
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
    itemVariants: variants,
  };
}
