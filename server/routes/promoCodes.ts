import { ApiErrorBody } from '../../contract/common.ts';
import { ClaimedPromoCodeList, CommonPromoCode, PromoClaimBody, UniquePromoCode } from '../../contract/promoCode.ts';
import { ApiError, notFound } from '../errors.ts';
import { textLanguages } from '../language.ts';
import type { Executor } from '../db/database.ts';
import { readTogether } from '../db/readTogether.ts';
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
import type { App, RouteDeps } from './types.ts';

// The spec's texts (section 8).
export const capReached = () => new ApiError(409, 'voucher_claim_cap_reached', 'Claim capacity has already been reached');
export const noCodesRemaining = () => new ApiError(409, 'voucher_no_codes_remaining', 'There are no remaining promo codes for this offer.');
const noCommonCode = () => new ApiError(404, 'voucher_common_code_not_found', 'This offer has no common promo code.');

const errors = { '4xx': ApiErrorBody };

const offerNotFound = () => notFound('offer_not_found', 'The article was not found..');
const offerNotRelevant = () => new ApiError(410, 'offer_not_relevant', 'The offer is no longer relevant');

/**
 * The slow way, when no free code was there to lock at once (every one is being taken, or none
 * is left): under the member's claimant lock, the cap first, then a code, waiting for the takers
 * of the last ones (one that rolls back frees its code).
 */
async function claimWaitingForCodes(db: Executor, q: { brandId: string; offerId: string; userId: string }, claimCap: number, at: Date) {
  return db.transaction(async (tx) => {
    const { uniqueClaimed } = await lockClaimant(tx, q);
    if (uniqueClaimed >= claimCap) throw capReached();
    const code = await takeFreeCode(tx, q, at);
    if (!code) throw noCodesRemaining();
    return { code, userClaimedCount: await countClaim(tx, q), claimCap };
  });
}

export async function promoCodeRoutes(app: App, { db, requireMember, now = Date.now }: RouteDeps) {
  /** The offer of the member's brand, active; the same answers as GET /v1/get/offer. */
  async function activeOffer(brandId: string, id: string) {
    const offer = await findOfferPromo(db, brandId, id);
    if (!offer) throw offerNotFound();
    if (!offer.active) throw offerNotRelevant();
    return offer;
  }

  app.post(
    '/v1/claim/offer/voucher/code',
    {
      preHandler: requireMember,
      schema: {
        summary: 'Claim one unique promo code of an offer',
        description:
          'Hands this member one code no one else ever gets, unless they hold the offer\'s cap of codes already ' +
          '(409 voucher_claim_cap_reached) or no unexpired code is left (409 voucher_no_codes_remaining).',
        body: PromoClaimBody,
        response: { 200: UniquePromoCode, ...errors },
      },
    },
    async (request) => {
      const { brand, token } = request.member;
      const q = { brandId: brand.id, offerId: request.body.id, userId: token.uid };
      const at = new Date(now());
      // The member's claimant row makes cap-then-take one step per member; SKIP LOCKED keeps members apart.
      const { offer, sawFreeCode, claimed } = await claimFreeCode(db, q, at);
      if (!offer) throw offerNotFound();
      if (!offer.active) throw offerNotRelevant();
      if (offer.claimCap === null) throw noCodesRemaining();
      if (claimed) return { ...claimed, claimCap: offer.claimCap };
      if (sawFreeCode) throw capReached();
      return claimWaitingForCodes(db, q, offer.claimCap, at);
    },
  );

  app.post(
    '/v1/claim/offer/voucher/code/common',
    {
      preHandler: requireMember,
      schema: {
        summary: "Reveal an offer's common promo code to this member",
        description:
          'Every member gets the same code; claiming again answers it again. Afterwards GET /v1/get/offer carries it ' +
          'in promoCodeCommon for this member. 404 voucher_common_code_not_found when the offer has none.',
        body: PromoClaimBody,
        response: { 200: CommonPromoCode, ...errors },
      },
    },
    async (request) => {
      const { brand, token } = request.member;
      const offer = await activeOffer(brand.id, request.body.id);
      if (!offer.commonCode) throw noCommonCode();
      const q = { brandId: brand.id, offerId: request.body.id, userId: token.uid };
      const at = new Date(now());
      await db.transaction(async (tx) => {
        await lockClaimant(tx, q);
        await markCommonClaimed(tx, q, at);
      });
      return { code: offer.commonCode };
    },
  );

  app.get(
    '/v1/get_list/offer/voucher/code',
    {
      preHandler: requireMember,
      schema: {
        summary: "The member's claimed unique promo codes and revealed common codes, newest first",
        response: { 200: ClaimedPromoCodeList, ...errors },
      },
    },
    async (request) => {
      const { brand, token } = request.member;
      const languages = textLanguages(request, brand);
      const [unique, common] = await readTogether(
        db,
        () => listClaimedCodes(db, brand.id, token.uid, languages),
        () => listRevealedCommonCodes(db, brand.id, token.uid, languages),
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
    },
  );
}
