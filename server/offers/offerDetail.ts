import type { Executor } from '../db/database.ts';
import { readTogether } from '../db/readTogether.ts';
import { offerVariantFields } from '../commerce/offerVariants.ts';
import type { TextLanguages } from '../language.ts';
import { findOfferDetail, toOfferDetail } from '../repositories/offerDetail.repository.ts';
import { findPromoFields, findPublicPromoFields } from '../repositories/promoCodes.repository.ts';
import { referralTokenFor } from '../repositories/referralTokens.repository.ts';

export interface OfferDetailAsk {
  brandId: string;
  offerId: string;
  /** The signed-in member's id; null for a visitor. */
  userId: string | null;
  languages: TextLanguages;
  withVoucher: boolean;
  withCompanion: boolean;
  withAvailability: boolean;
}

/**
 * An offer as its reader may see it. An ended offer says so to anyone (signing in would only lead
 * to the same answer); one that needs sign-in is refused to a visitor.
 */
export async function readOfferDetail({ db, now }: { db: Executor; now: () => number }, ask: OfferDetailAsk) {
  const { brandId, offerId, userId, languages } = ask;
  const asOf = new Date(now());
  const [row, promo] = await readTogether(
    db,
    () => findOfferDetail(db, brandId, offerId),
    async () =>
      !ask.withVoucher
        ? null
        : userId
          ? findPromoFields(db, { brandId, offerId, userId }, asOf)
          : findPublicPromoFields(db, { brandId, offerId }, asOf),
  );
  if (!row) return { kind: 'notFound' as const };
  if (!row.offer.active) return { kind: 'ended' as const };
  if (!userId && row.offer.requiresSignIn) return { kind: 'requiresSignIn' as const };
  const detail = toOfferDetail(row, ask.withCompanion && (userId ? true : 'public'), languages);
  // Availability for a member counts a waiting-list place offered to them; a visitor's is the brand's.
  const variants = await offerVariantFields(db, brandId, row.offer.id, now(), ask.withAvailability, userId ?? undefined, languages);
  // The referral link carries a token of this member and offer, never the member's id.
  const referral =
    userId && detail.callToAction?.type === 'referralUrl' ? { referralToken: await referralTokenFor(db, { brandId, userId, offerId: row.offer.id }) } : {};
  return { kind: 'found' as const, detail: { ...detail, ...promo, ...variants, ...referral } };
}

export type OfferDetailOutcome = Awaited<ReturnType<typeof readOfferDetail>>;
