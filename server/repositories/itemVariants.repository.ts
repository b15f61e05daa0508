import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { customFees, itemVariants, offers, orderLines, orders, stockHolds, taxRates, waitingListEntries } from '../db/schema/index.ts';
import type { CustomFeeBuildRecord, ItemVariant, TaxRate } from '../../contract/commerce.ts';

export type ItemVariantRow = typeof itemVariants.$inferSelect;

/** What is taken of each variant: units sold (lines of paid orders) and units held until a future time (checkouts, waiting list). */
export interface StockUse {
  sold: number;
  /** Live checkout holds (their session not yet completed or expired, `expires_at` still ahead). */
  held: number;
  /** Live holds offered to members of the waiting list. */
  waitingListHeld: number;
  /** Members waiting in line (not yet offered a place): freed units are theirs before anyone else's. */
  queued: number;
  /** Of `waitingListHeld`, the units offered to the member the use was loaded for. */
  ownWaitingListHeld: number;
}

export type StockUseByVariant = Map<string, StockUse>;

const noUse: StockUse = { sold: 0, held: 0, waitingListHeld: 0, queued: 0, ownWaitingListHeld: 0 };

/**
 * Sold and live-held units of the given variants at `now`. Holds whose `expires_at` has passed
 * count for nothing, whether or not anything removed them: an abandoned checkout frees its stock
 * at its expiry by itself.
 */
export async function loadStockUse(
  db: Executor,
  brandId: string,
  variantIds: readonly string[],
  now: number,
  /** The member asking: a place the waiting list offered them is theirs to buy. */
  forUserId?: string,
): Promise<StockUseByVariant> {
  const ids = [...new Set(variantIds)];
  const use: StockUseByVariant = new Map();
  if (ids.length === 0) return use;
  const [sold, held, queued] = await Promise.all([
    db
      .select({ id: orderLines.itemVariantId, quantity: sql<string>`sum(${orderLines.quantity})` })
      .from(orderLines)
      .innerJoin(orders, and(eq(orders.brandId, orderLines.brandId), eq(orders.id, orderLines.orderId)))
      .where(and(eq(orderLines.brandId, brandId), inArray(orderLines.itemVariantId, ids), eq(orders.status, 'paid')))
      .groupBy(orderLines.itemVariantId),
    db
      .select({
        id: stockHolds.itemVariantId,
        kind: stockHolds.kind,
        quantity: sql<string>`sum(${stockHolds.quantity})`,
        own: forUserId === undefined ? sql<string>`0` : sql<string>`sum(CASE WHEN ${stockHolds.userId} = ${forUserId} THEN ${stockHolds.quantity} ELSE 0 END)`,
      })
      .from(stockHolds)
      .where(and(eq(stockHolds.brandId, brandId), inArray(stockHolds.itemVariantId, ids), gt(stockHolds.expiresAt, new Date(now))))
      .groupBy(stockHolds.itemVariantId, stockHolds.kind),
    db
      .select({ id: waitingListEntries.itemVariantId, count: sql<string>`count(*)` })
      .from(waitingListEntries)
      .where(and(eq(waitingListEntries.brandId, brandId), inArray(waitingListEntries.itemVariantId, ids), eq(waitingListEntries.status, 'waiting')))
      .groupBy(waitingListEntries.itemVariantId),
  ]);
  const entry = (id: string) => use.get(id) ?? (use.set(id, { ...noUse }), use.get(id)!);
  for (const row of sold) entry(row.id).sold += Number(row.quantity);
  for (const row of held) {
    if (row.kind === 'waiting_list') {
      entry(row.id).waitingListHeld += Number(row.quantity);
      entry(row.id).ownWaitingListHeld += Number(row.own);
    } else entry(row.id).held += Number(row.quantity);
  }
  for (const row of queued) entry(row.id).queued += Number(row.count);
  return use;
}

/**
 * Units not sold and not held by anyone: what the waiting list is offered first. Computed from
 * the rows (never a counter that can drift), never below 0.
 */
export const freeUnitsOf = (row: Pick<ItemVariantRow, 'id' | 'stock'>, use: StockUseByVariant): number => {
  const taken = use.get(row.id) ?? noUse;
  return Math.max(0, row.stock - taken.sold - taken.held - taken.waitingListHeld);
};

/**
 * How many of a variant the member the use was loaded for can buy: the free units beyond one per
 * member waiting in line (nobody jumps the queue: while members wait, freed units go to them),
 * plus any place the waiting list offered this member.
 */
export const availabilityOf = (row: Pick<ItemVariantRow, 'id' | 'stock'>, use: StockUseByVariant): number => {
  const taken = use.get(row.id) ?? noUse;
  return Math.max(0, freeUnitsOf(row, use) - taken.queued) + taken.ownWaitingListHeld;
};

/** The offer's variants in list order. */
export async function findOfferVariants(db: Executor, brandId: string, offerId: string): Promise<ItemVariantRow[]> {
  return db
    .select()
    .from(itemVariants)
    .where(and(eq(itemVariants.brandId, brandId), eq(itemVariants.offerId, offerId)))
    .orderBy(asc(itemVariants.position), asc(itemVariants.id));
}

/** Variants of the brand by id, each with what the cart shows of its offer. */
export async function findVariantsWithOffers(db: Executor, brandId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      variant: itemVariants,
      offer: {
        id: offers.id,
        type: offers.type,
        title: offers.title,
        puffImage: offers.puffImage,
        itemVariantType: offers.itemVariantType,
        active: offers.active,
      },
    })
    .from(itemVariants)
    .innerJoin(offers, and(eq(offers.brandId, itemVariants.brandId), eq(offers.id, itemVariants.offerId)))
    .where(and(eq(itemVariants.brandId, brandId), inArray(itemVariants.id, [...new Set(ids)])));
}

export type VariantWithOffer = Awaited<ReturnType<typeof findVariantsWithOffers>>[number];

/** The brand's tax rates and the custom fees the variants name: what their API views need. */
export async function loadPricing(db: Executor, brandId: string, variants: readonly ItemVariantRow[]) {
  const feeIds = [...new Set(variants.flatMap((v) => v.customFeeIds))];
  const [rates, fees] = await Promise.all([
    db.select().from(taxRates).where(eq(taxRates.brandId, brandId)),
    feeIds.length === 0
      ? Promise.resolve([])
      : db.select().from(customFees).where(and(eq(customFees.brandId, brandId), inArray(customFees.id, feeIds))),
  ]);
  const rateById = new Map<string, TaxRate>(rates.map((r) => [r.id, { id: r.id, percentage: r.percentage, display_name: r.displayName }]));
  const ratesOf = (ids: readonly string[]) => ids.flatMap((id) => (rateById.has(id) ? [rateById.get(id)!] : []));
  const feeRecord: CustomFeeBuildRecord = {};
  for (const fee of fees) {
    feeRecord[fee.id] = {
      id: fee.id,
      title: fee.title,
      price: { current: fee.priceCurrent, original: fee.priceOriginal },
      taxRates: ratesOf(fee.taxRateIds),
    };
  }
  return {
    feeRecord,
    /** The fees of one variant only (a cart line's itemVariantCustomFeeBuildRecord). */
    feesOf: (variant: ItemVariantRow): CustomFeeBuildRecord =>
      Object.fromEntries(variant.customFeeIds.flatMap((id) => (feeRecord[id] ? [[id, feeRecord[id]]] : []))),
    toItemVariant: (row: ItemVariantRow): ItemVariant => ({
      id: row.id,
      title: row.title,
      description: row.description,
      images: row.images,
      price: { current: row.priceCurrent, original: row.priceOriginal },
      currency: row.currency,
      customFeeIdList: row.customFeeIds.filter((id) => feeRecord[id]),
      taxRates: ratesOf(row.taxRateIds),
      purchaseCap: row.purchaseCap,
      date: { start: row.dateStart?.getTime() ?? null, end: row.dateEnd?.getTime() ?? null },
      location:
        row.locationCity === null
          ? null
          : {
              address: row.locationAddress ?? '',
              zipCode: row.locationZipCode ?? '',
              city: row.locationCity,
              mapUrl: row.locationMapUrl ?? '',
            },
    }),
  };
}

export type Pricing = Awaited<ReturnType<typeof loadPricing>>;
