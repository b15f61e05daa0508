import { describe, expect, it } from 'vitest';
import { demoContent } from '../../server/db/seed/index.ts';
import { generateCommerce } from '../../server/db/seed/commerce.ts';
import { generateDemoOffers, offerId } from '../../server/db/seed/offers.ts';

const now = new Date('2026-11-24T12:00:00Z');

describe.each(demoContent.map((c) => [c.brandId, c] as const))('demo commerce of %s', (brandId, content) => {
  const demo = generateDemoOffers(content, now);
  const offers = demo.rows;
  const { taxRates, customFees, itemVariants } = generateCommerce(brandId, demo);
  const featured = itemVariants.filter((v) => v.offerId === offerId(brandId, 'live', 1));

  it('gives the featured event every turn of the ticket cascade', () => {
    const cities = new Set(featured.map((v) => v.locationCity));
    expect(cities.size).toBeGreaterThanOrEqual(2);
    const timesPerCity = [...cities].map((city) => new Set(featured.filter((v) => v.locationCity === city).map((v) => v.dateStart!.getTime())).size);
    expect(Math.max(...timesPerCity)).toBeGreaterThanOrEqual(2);
    const timeOf = (v: (typeof featured)[number]) => `${v.locationCity}|${v.dateStart!.getTime()}`;
    const shared = featured.filter((v) => featured.filter((w) => timeOf(w) === timeOf(v)).length >= 2);
    expect(shared.length).toBeGreaterThanOrEqual(2);
    expect(new Set(shared.map((v) => v.title)).size).toBe(shared.length);
    expect(new Set(shared.map((v) => v.priceCurrent)).size).toBe(shared.length);
    expect(featured.filter((v) => v.stock === 0)).toHaveLength(1);
    // One evening with only a few tickets left, for checkout runs that buy it out.
    expect(featured.filter((v) => v.stock! > 0 && v.stock! <= 10).map((v) => v.id)).toEqual([`${offerId(brandId, 'live', 1)}-v2`]);
    expect(featured.every((v) => v.dateStart! > now && v.dateEnd! > v.dateStart! && v.locationMapUrl?.startsWith('https://'))).toBe(true);
  });

  it('sells merchandise in sizes, with fees, two tax rates and reduced prices', () => {
    const merch = offers.filter((o) => o.itemVariantType === 'other');
    expect(merch.length).toBeGreaterThan(0);
    const sizes = itemVariants.filter((v) => v.offerId === merch[0]!.id).map((v) => v.title);
    expect(sizes).toEqual(['Size S', 'Size M', 'Size L', 'Size XL']);
    expect(taxRates.map((r) => r.percentage).sort()).toEqual([25, 6]);
    const usedRates = new Set([...itemVariants, ...customFees].flatMap((v) => v.taxRateIds ?? []));
    expect([...usedRates].sort()).toEqual(['vat25', 'vat6']);
    expect(itemVariants.some((v) => (v.customFeeIds ?? []).length > 0)).toBe(true);
    expect(itemVariants.some((v) => v.priceOriginal > v.priceCurrent)).toBe(true);
    expect(itemVariants.every((v) => v.currency === 'SEK' && Number.isInteger(v.priceCurrent))).toBe(true);
  });

  it('gives every offer with a payment call to action variants, and only those', () => {
    const selling = new Set(offers.filter((o) => o.callToAction?.type === 'payment').map((o) => o.id));
    expect(offers.filter((o) => o.itemVariantType).every((o) => selling.has(o.id))).toBe(true);
    expect(new Set(itemVariants.map((v) => v.offerId))).toEqual(selling);
    expect(new Set(itemVariants.map((v) => v.id)).size).toBe(itemVariants.length);
    const feeIds = new Set(customFees.map((f) => f.id));
    expect(itemVariants.every((v) => (v.customFeeIds ?? []).every((id) => feeIds.has(id)))).toBe(true);
  });

  it('is the same on every run', () => {
    expect(generateCommerce(brandId, demo)).toEqual(generateCommerce(brandId, demo));
  });
});
