import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { offers } from './offers.ts';

/** An offer's promo settings: its common code (one for every member) and the cap on unique codes per member. */
export const offerPromos = pgTable(
  'offer_promo',
  {
    brandId: text('brand_id').notNull(),
    offerId: text('offer_id').notNull(),
    /** Revealed to a member once claimed; null when the offer has none. */
    commonCode: text('common_code'),
    /** Unique codes one member may claim of this offer (the spec's voucherClaimCap). */
    claimCap: integer('claim_cap').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.offerId] }),
    foreignKey({ columns: [t.brandId, t.offerId], foreignColumns: [offers.brandId, offers.id] }).onDelete('cascade'),
    check('offer_promo_claim_cap_check', sql`${t.claimCap} >= 0`),
  ],
);

/**
 * One unique code of an offer, handed out once, ever: claimed_by and claimed_at are set together
 * in the claiming transaction and never cleared (no foreign key to the member, so no deletion
 * can free a code again).
 */
export const promoCodes = pgTable(
  'promo_code',
  {
    brandId: text('brand_id').notNull(),
    offerId: text('offer_id').notNull(),
    code: text('code').notNull(),
    /** Not handed out from this moment on; null for no expiry. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.offerId, t.code] }),
    foreignKey({ columns: [t.brandId, t.offerId], foreignColumns: [offerPromos.brandId, offerPromos.offerId] }).onDelete('cascade'),
    check('promo_code_claim_check', sql`(${t.claimedBy} IS NULL) = (${t.claimedAt} IS NULL)`),
    // The codes still to hand out, oldest import first.
    index('promo_code_free_idx').on(t.brandId, t.offerId, t.createdAt, t.code).where(sql`${t.claimedBy} IS NULL`),
    // A member's codes, newest first, and their count per offer.
    index('promo_code_claimed_idx').on(t.brandId, t.claimedBy, t.claimedAt.desc()).where(sql`${t.claimedBy} IS NOT NULL`),
  ],
);

/**
 * A member of an offer with a promo: the row every claim of that member and offer locks, so the
 * cap is checked and a code taken in one serialised step; how many unique codes the member
 * holds; and when the common code was revealed.
 */
export const promoClaimants = pgTable(
  'promo_claimant',
  {
    brandId: text('brand_id').notNull(),
    offerId: text('offer_id').notNull(),
    userId: text('user_id').notNull(),
    commonClaimedAt: timestamp('common_claimed_at', { withTimezone: true }),
    /**
     * The member's unique codes of the offer: raised in the same statement that hands a code out
     * (codes are never given back), so the cap is checked against the locked row's current value.
     */
    uniqueClaimed: integer('unique_claimed').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.offerId, t.userId] }),
    check('promo_claimant_unique_claimed_check', sql`${t.uniqueClaimed} >= 0`),
    foreignKey({ columns: [t.brandId, t.offerId], foreignColumns: [offerPromos.brandId, offerPromos.offerId] }).onDelete('cascade'),
  ],
);
