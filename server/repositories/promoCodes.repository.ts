import { and, count, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { offerPromos, offers, promoClaimants, promoCodes } from '../db/schema/index.ts';
import type { TextLanguages } from '../language.ts';
import { localizedOfferText, localizedPuffImage } from './localizedText.ts';

export interface PromoFields {
  promoExists: boolean;
  promoCodeCommonExists: boolean;
  promoCodeCommon: string | null;
  isVoucherCodeSoldOut: boolean;
  voucherClaimCap: number;
  userVoucherCodeClaimCount: number;
}

export const noPromo: PromoFields = {
  promoExists: false,
  promoCodeCommonExists: false,
  promoCodeCommon: null,
  isVoucherCodeSoldOut: false,
  voucherClaimCap: 0,
  userVoucherCodeClaimCount: 0,
};

interface MemberOffer {
  brandId: string;
  offerId: string;
  userId: string;
}

const ofOffer = (q: { brandId: string; offerId: string }) =>
  and(eq(promoCodes.brandId, q.brandId), eq(promoCodes.offerId, q.offerId));

/** Unclaimed and not expired at `now`: a code that may be handed out. */
const isFree = (now: Date) => and(isNull(promoCodes.claimedBy), or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, now)));

/** The offer page's promo fields for one member; the common code only once this member has claimed it. */
export async function findPromoFields(db: Executor, q: MemberOffer, now: Date): Promise<PromoFields> {
  const [row] = await db
    .select({
      ...promoTermColumns(db, q, now),
      commonClaimedAt: promoClaimants.commonClaimedAt,
      mine: sql<number>`(${db.select({ n: count() }).from(promoCodes).where(and(ofOffer(q), eq(promoCodes.claimedBy, q.userId)))})`,
    })
    .from(offerPromos)
    .leftJoin(
      promoClaimants,
      and(eq(promoClaimants.brandId, offerPromos.brandId), eq(promoClaimants.offerId, offerPromos.offerId), eq(promoClaimants.userId, q.userId)),
    )
    .where(and(eq(offerPromos.brandId, q.brandId), eq(offerPromos.offerId, q.offerId)));
  if (!row) return noPromo;
  return { ...promoTerms(row), promoCodeCommon: row.commonClaimedAt ? row.commonCode : null, userVoucherCodeClaimCount: Number(row.mine) };
}

/**
 * The promo fields anyone may see (a signed-out visitor): whether codes exist, are all gone, and the
 * cap per member; never a code, and no one's claims.
 */
export async function findPublicPromoFields(db: Executor, q: { brandId: string; offerId: string }, now: Date): Promise<PromoFields> {
  const [row] = await db
    .select(promoTermColumns(db, q, now))
    .from(offerPromos)
    .where(and(eq(offerPromos.brandId, q.brandId), eq(offerPromos.offerId, q.offerId)));
  return row ? { ...promoTerms(row), promoCodeCommon: null, userVoucherCodeClaimCount: 0 } : noPromo;
}

const promoTermColumns = (db: Executor, q: { brandId: string; offerId: string }, now: Date) => ({
  commonCode: offerPromos.commonCode,
  claimCap: offerPromos.claimCap,
  hasCodes: sql<boolean>`exists (${db.select({ one: sql`1` }).from(promoCodes).where(ofOffer(q))})`,
  hasFreeCodes: sql<boolean>`exists (${db.select({ one: sql`1` }).from(promoCodes).where(and(ofOffer(q), isFree(now)))})`,
});

function promoTerms(row: { commonCode: string | null; claimCap: number; hasCodes: boolean; hasFreeCodes: boolean }) {
  const hasCodes = Boolean(row.hasCodes);
  return {
    promoExists: hasCodes,
    promoCodeCommonExists: row.commonCode !== null,
    isVoucherCodeSoldOut: hasCodes && !row.hasFreeCodes,
    voucherClaimCap: hasCodes ? row.claimCap : 0,
  };
}

/** Whether the offer exists in the brand and is active, with its promo settings (null when it has none). */
export async function findOfferPromo(db: Executor, brandId: string, offerId: string) {
  const [row] = await db
    .select({ active: offers.active, commonCode: offerPromos.commonCode, claimCap: offerPromos.claimCap })
    .from(offers)
    .leftJoin(offerPromos, and(eq(offerPromos.brandId, offers.brandId), eq(offerPromos.offerId, offers.id)))
    .where(and(eq(offers.brandId, brandId), eq(offers.id, offerId)));
  return row ?? null;
}

/**
 * Locks this member's row of the offer (made on first use), so that member's claims of the
 * offer run one after another on any number of server processes. Call inside a transaction.
 */
export async function lockClaimant(tx: Executor, q: MemberOffer): Promise<{ commonClaimedAt: Date | null; uniqueClaimed: number }> {
  const [row] = await tx
    .insert(promoClaimants)
    .values({ brandId: q.brandId, offerId: q.offerId, userId: q.userId })
    // A no-op update, so the existing row is locked and returned (DO NOTHING would return nothing).
    .onConflictDoUpdate({
      target: [promoClaimants.brandId, promoClaimants.offerId, promoClaimants.userId],
      set: { userId: sql`excluded.user_id` },
    })
    .returning({ commonClaimedAt: promoClaimants.commonClaimedAt, uniqueClaimed: promoClaimants.uniqueClaimed });
  return row!;
}

/** One more unique code for the member (under `lockClaimant`, in the transaction that took it). */
export async function countClaim(tx: Executor, q: MemberOffer): Promise<number> {
  const [row] = await tx
    .update(promoClaimants)
    .set({ uniqueClaimed: sql`${promoClaimants.uniqueClaimed} + 1` })
    .where(and(eq(promoClaimants.brandId, q.brandId), eq(promoClaimants.offerId, q.offerId), eq(promoClaimants.userId, q.userId)))
    .returning({ uniqueClaimed: promoClaimants.uniqueClaimed });
  return row!.uniqueClaimed;
}

/**
 * Hands one free code to the member, or null when none is left. Codes other transactions are
 * taking are skipped; only when every free code is being taken does it wait for them, so a
 * taker that rolls back does not make the offer look sold out.
 */
export async function takeFreeCode(tx: Executor, q: MemberOffer, now: Date): Promise<string | null> {
  for (const lock of [sql`for update skip locked`, sql`for update`]) {
    const next = sql`(select ${promoCodes.createdAt}, ${promoCodes.code} from ${promoCodes} where ${and(ofOffer(q), isFree(now))} order by ${promoCodes.createdAt}, ${promoCodes.code} limit 1 ${lock})`;
    const [taken] = await tx
      .update(promoCodes)
      .set({ claimedBy: q.userId, claimedAt: now })
      // Re-checked here: a code taken while this statement waited for its lock is not taken twice.
      // The whole key of the free-code index, so the row is found at once (by the code alone, every free code is read).
      .where(and(ofOffer(q), isNull(promoCodes.claimedBy), sql`(${promoCodes.createdAt}, ${promoCodes.code}) = ${next}`))
      .returning({ code: promoCodes.code });
    if (taken) return taken.code;
  }
  return null;
}

/** What one claim statement found: the offer (null when the brand has no such offer) and what it did. */
export interface QuickClaim {
  offer: { active: boolean; claimCap: number | null } | null;
  /** A free code not being taken by anyone else was there (and locked for this claim). */
  sawFreeCode: boolean;
  /** The code handed out, with the member's unique codes of the offer now; null when none was. */
  claimed: { code: string; userClaimedCount: number } | null;
}

/**
 * A unique-code claim in one statement, by the database function `klubb_claim_free_code`
 * (migration 0022, which says how it keeps the cap exact): the offer checked, a free code locked
 * and handed out with the member's count raised under the cap, or nothing changed. When no code
 * was free to lock, `claimWaitingForCodes` decides.
 */
export async function claimFreeCode(db: Executor, q: MemberOffer, now: Date): Promise<QuickClaim> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    select offer_found, active, claim_cap, saw_free_code, unique_claimed, code
    from klubb_claim_free_code(${q.brandId}, ${q.offerId}, ${q.userId}, ${at}::timestamptz)`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  return {
    offer: row.offer_found ? { active: Boolean(row.active), claimCap: row.claim_cap === null ? null : Number(row.claim_cap) } : null,
    sawFreeCode: Boolean(row.saw_free_code),
    claimed: typeof row.code === 'string' ? { code: row.code, userClaimedCount: Number(row.unique_claimed) } : null,
  };
}

/** Claimant rows counting the codes each member holds of the offer, for codes written as claimed without a claim (the demo seed). */
export async function recountClaimants(db: Executor, q: { brandId: string; offerId: string }): Promise<void> {
  await db.execute(sql`
    insert into ${promoClaimants} (brand_id, offer_id, user_id, unique_claimed)
    select brand_id, offer_id, claimed_by, count(*)::int from ${promoCodes}
    where brand_id = ${q.brandId} and offer_id = ${q.offerId} and claimed_by is not null
    group by brand_id, offer_id, claimed_by
    on conflict (brand_id, offer_id, user_id) do update set unique_claimed = excluded.unique_claimed`);
}

export async function markCommonClaimed(tx: Executor, q: MemberOffer, now: Date): Promise<void> {
  await tx
    .update(promoClaimants)
    .set({ commonClaimedAt: now })
    .where(and(eq(promoClaimants.brandId, q.brandId), eq(promoClaimants.offerId, q.offerId), eq(promoClaimants.userId, q.userId), isNull(promoClaimants.commonClaimedAt)));
}

/** The common codes this member revealed (the claimant row remembers when), with their offers' title and image in the member's language. */
export async function listRevealedCommonCodes(db: Executor, brandId: string, userId: string, languages: TextLanguages) {
  return db
    .select({
      code: offerPromos.commonCode,
      claimedAt: promoClaimants.commonClaimedAt,
      offerId: promoClaimants.offerId,
      offerType: offers.type,
      offerTitle: localizedOfferText(offers, 'title', languages),
      offerPuffImage: localizedPuffImage(offers, languages),
    })
    .from(promoClaimants)
    .innerJoin(offerPromos, and(eq(offerPromos.brandId, promoClaimants.brandId), eq(offerPromos.offerId, promoClaimants.offerId)))
    .innerJoin(offers, and(eq(offers.brandId, promoClaimants.brandId), eq(offers.id, promoClaimants.offerId)))
    .where(
      and(
        eq(promoClaimants.brandId, brandId),
        eq(promoClaimants.userId, userId),
        isNotNull(promoClaimants.commonClaimedAt),
        isNotNull(offerPromos.commonCode),
      ),
    )
    .orderBy(desc(promoClaimants.commonClaimedAt))
    .limit(1000);
}

/** The member's unique codes of the brand, newest first, with their offers' title and image in the member's language. */
export async function listClaimedCodes(db: Executor, brandId: string, userId: string, languages: TextLanguages) {
  return db
    .select({
      code: promoCodes.code,
      claimedAt: promoCodes.claimedAt,
      offerId: promoCodes.offerId,
      offerType: offers.type,
      offerTitle: localizedOfferText(offers, 'title', languages),
      offerPuffImage: localizedPuffImage(offers, languages),
    })
    .from(promoCodes)
    .innerJoin(offers, and(eq(offers.brandId, promoCodes.brandId), eq(offers.id, promoCodes.offerId)))
    .where(and(eq(promoCodes.brandId, brandId), eq(promoCodes.claimedBy, userId), isNotNull(promoCodes.claimedAt)))
    .orderBy(desc(promoCodes.claimedAt), promoCodes.code)
    .limit(1000);
}
