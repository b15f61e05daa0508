import type { ClaimedPromoCodeList, CommonPromoCode, UniquePromoCode } from '../../contract/promoCode.ts';
import type { Database, Executor } from '../db/database.ts';
import { readTogether } from '../db/readTogether.ts';
import { ApiError, notFound } from '../errors.ts';
import type { TextLanguages } from '../language.ts';
import {
  claimFreeCode,
  countClaim,
  findOfferPromo,
  listClaimedCodes,
  listRevealedCommonCodes,
  lockClaimant,
  markCommonClaimed,
  takeFreeCode,
} from '../repositories/promoCodes.repository.ts';

/**
 * Promo codes a member claims (docs/promo-codes.md): one unique code no one else ever gets, up to
 * the offer's claim cap; the offer's common code, revealed; and the list of what they hold. The
 * refusals are the spec's (section 8).
 */
export const promoRefusals = {
  capReached: () => new ApiError(409, 'voucher_claim_cap_reached', 'Claim capacity has already been reached'),
  noCodesRemaining: () => new ApiError(409, 'voucher_no_codes_remaining', 'There are no remaining promo codes for this offer.'),
  noCommonCode: () => new ApiError(404, 'voucher_common_code_not_found', 'This offer has no common promo code.'),
  offerNotFound: () => notFound('offer_not_found', 'The article was not found..'),
  offerNotRelevant: () => new ApiError(410, 'offer_not_relevant', 'The offer is no longer relevant'),
};

export interface PromoDeps {
  db: Database;
  now: () => number;
}

/** The member claiming, and the offer. */
export interface PromoClaim {
  brandId: string;
  userId: string;
  offerId: string;
}

/**
 * The slow way, when no free code was there to lock at once (every one is being taken, or none
 * is left): under the member's claimant lock, the cap first, then a code, waiting for the takers
 * of the last ones (one that rolls back frees its code).
 */
async function claimWaitingForCodes(db: Executor, claim: PromoClaim, claimCap: number, at: Date): Promise<UniquePromoCode> {
  return db.transaction(async (tx) => {
    const { uniqueClaimed } = await lockClaimant(tx, claim);
    if (uniqueClaimed >= claimCap) throw promoRefusals.capReached();
    const code = await takeFreeCode(tx, claim, at);
    if (!code) throw promoRefusals.noCodesRemaining();
    return { code, userClaimedCount: await countClaim(tx, claim), claimCap };
  });
}

/** POST /v1/claim/offer/voucher/code: one unique code for the member, within the offer's claim cap. */
export async function claimUniqueCode({ db, now }: PromoDeps, claim: PromoClaim): Promise<UniquePromoCode> {
  const at = new Date(now());
  // The member's claimant row makes cap-then-take one step per member; SKIP LOCKED keeps members apart.
  const { offer, sawFreeCode, claimed } = await claimFreeCode(db, claim, at);
  if (!offer) throw promoRefusals.offerNotFound();
  if (!offer.active) throw promoRefusals.offerNotRelevant();
  if (offer.claimCap === null) throw promoRefusals.noCodesRemaining();
  if (claimed) return { ...claimed, claimCap: offer.claimCap };
  if (sawFreeCode) throw promoRefusals.capReached();
  return claimWaitingForCodes(db, claim, offer.claimCap, at);
}

/** POST /v1/claim/offer/voucher/code/common: the offer's common code, marked as revealed to the member. */
export async function revealCommonCode({ db, now }: PromoDeps, claim: PromoClaim): Promise<CommonPromoCode> {
  const offer = await findOfferPromo(db, claim.brandId, claim.offerId);
  if (!offer) throw promoRefusals.offerNotFound();
  if (!offer.active) throw promoRefusals.offerNotRelevant();
  if (!offer.commonCode) throw promoRefusals.noCommonCode();
  const at = new Date(now());
  await db.transaction(async (tx) => {
    await lockClaimant(tx, claim);
    await markCommonClaimed(tx, claim, at);
  });
  return { code: offer.commonCode };
}

/** GET /v1/get_list/offer/voucher/code: the member's unique and revealed common codes, newest first. */
export async function claimedCodesOf(db: Database, member: { brandId: string; userId: string }, languages: TextLanguages): Promise<ClaimedPromoCodeList> {
  const [unique, common] = await readTogether(
    db,
    () => listClaimedCodes(db, member.brandId, member.userId, languages),
    () => listRevealedCommonCodes(db, member.brandId, member.userId, languages),
  );
  const rows = [...unique.map((row) => ({ ...row, kind: 'unique' as const })), ...common.map((row) => ({ ...row, kind: 'common' as const }))];
  return rows
    .map((row) => ({
      code: row.code!,
      kind: row.kind,
      claimedAt: row.claimedAt!.toISOString(),
      groupId: `/${row.offerType}/${row.offerId}`,
      offer: { id: row.offerId, type: row.offerType, title: row.offerTitle, puffImage: row.offerPuffImage },
    }))
    .sort((a, b) => b.claimedAt.localeCompare(a.claimedAt));
}
