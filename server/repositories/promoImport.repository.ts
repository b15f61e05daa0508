import { and, count, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { offerPromos, offers, promoCodes } from '../db/schema/index.ts';
import type { ImportedCode } from '../promo/codesFile.ts';

export interface PromoImport {
  brandId: string;
  offerId: string;
  codes: ImportedCode[];
  /** Sets (or replaces) the offer's common code. */
  commonCode?: string;
  /** Sets the unique codes a member may claim; 1 for an offer's first import. */
  claimCap?: number;
}

export interface PromoImportResult {
  added: number;
  /** Codes the offer had already: left as they were. */
  alreadyThere: string[];
  commonCode: { before: string | null; after: string | null };
  claimCap: number;
  /** The offer's unique codes after the import. */
  totals: { free: number; claimed: number; expired: number };
}

export class OfferNotFoundError extends Error {
  constructor(brandId: string, offerId: string) {
    super(`Brand ${brandId} has no offer ${offerId}`);
    this.name = 'OfferNotFoundError';
  }
}

const CHUNK = 1000;

/** Adds codes an offer does not have yet, and sets its common code and cap; run it in the caller's transaction (all or nothing). */
export async function importPromoCodes(tx: Executor, input: PromoImport, now: Date): Promise<PromoImportResult> {
  const [offer] = await tx.select({ id: offers.id }).from(offers).where(and(eq(offers.brandId, input.brandId), eq(offers.id, input.offerId)));
  if (!offer) throw new OfferNotFoundError(input.brandId, input.offerId);
  const key = and(eq(offerPromos.brandId, input.brandId), eq(offerPromos.offerId, input.offerId));
  const [before] = await tx.select().from(offerPromos).where(key).for('update');
  const [promo] = await tx
    .insert(offerPromos)
    .values({ brandId: input.brandId, offerId: input.offerId, commonCode: input.commonCode ?? null, claimCap: input.claimCap ?? 1 })
    .onConflictDoUpdate({
      target: [offerPromos.brandId, offerPromos.offerId],
      set: {
        commonCode: input.commonCode ?? sql`${offerPromos.commonCode}`,
        claimCap: input.claimCap ?? sql`${offerPromos.claimCap}`,
      },
    })
    .returning();
  const added = new Set<string>();
  for (let i = 0; i < input.codes.length; i += CHUNK) {
    const rows = input.codes.slice(i, i + CHUNK).map((c) => ({ brandId: input.brandId, offerId: input.offerId, code: c.code, expiresAt: c.expiresAt }));
    const inserted = await tx.insert(promoCodes).values(rows).onConflictDoNothing().returning({ code: promoCodes.code });
    for (const row of inserted) added.add(row.code);
  }
  const of = and(eq(promoCodes.brandId, input.brandId), eq(promoCodes.offerId, input.offerId));
  const [totals] = await tx
    .select({
      claimed: count(promoCodes.claimedBy),
      free: sql<number>`count(*) filter (where ${and(isNull(promoCodes.claimedBy), or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, now)))})`,
      expired: sql<number>`count(*) filter (where ${and(isNull(promoCodes.claimedBy), isNotNull(promoCodes.expiresAt), sql`${promoCodes.expiresAt} <= ${now}`)})`,
    })
    .from(promoCodes)
    .where(of);
  return {
    added: added.size,
    alreadyThere: input.codes.filter((c) => !added.has(c.code)).map((c) => c.code),
    commonCode: { before: before?.commonCode ?? null, after: promo!.commonCode },
    claimCap: promo!.claimCap,
    totals: { free: Number(totals!.free), claimed: Number(totals!.claimed), expired: Number(totals!.expired) },
  };
}
