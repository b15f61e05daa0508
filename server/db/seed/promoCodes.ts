import type { IdentityProvider } from '../../identity/identity.ts';
import type { Database } from '../database.ts';
import { offerPromos, promoCodes } from '../schema/index.ts';
import type { OfferRow } from './offerDraft.ts';
import { recountClaimants } from '../../repositories/promoCodes.repository.ts';
import { createRandom, type Random } from './prng.ts';
import { demoUsers } from './users.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Letters and digits no one mistakes for each other. */
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CHUNK = 500;

const randomCode = (random: Random, prefix: string) =>
  `${prefix}-${Array.from({ length: 8 }, () => alphabet[random.int(0, alphabet.length - 1)]).join('')}`;

/**
 * The promo cases each brand shows (spec 2.3, 4), on the brand's first active benefit offers with a
 * claim button; every other benefit with a claim button gives a common code of its own, which its
 * text names (issue 41: a text never names a code the page does not give).
 */
export interface PromoSeed {
  offerId: string;
  commonCode: string | null;
  claimCap: number;
  freeCodes: number;
  /** Codes already claimed by other members. */
  claimedByOthers: number;
  /** Codes the brand's demo member has claimed already. */
  claimedByMember: number;
}

const claimableBenefits = (offers: OfferRow[]) =>
  offers.filter((o) => o.type === 'benefit' && o.active !== false && o.callToAction?.type === 'claim').sort((a, b) => a.id.localeCompare(b.id));

/** The common code each benefit's text may name; none when the offers are too few for the promo demo (a small test seed). */
export function commonCodesOf(brandName: string, offers: OfferRow[]): Map<string, string | null> {
  if (claimableBenefits(offers).length < 4) return new Map();
  return new Map(promoSeedsFor(brandName, offers).map((seed) => [seed.offerId, seed.commonCode]));
}

export function promoSeedsFor(brandName: string, offers: OfferRow[]): PromoSeed[] {
  const [open, commonOnly, soldOut, atCap] = claimableBenefits(offers);
  if (!open || !commonOnly || !soldOut || !atCap) throw new Error(`${brandName} has too few benefit offers with a claim button for the promo demo`);
  const word = brandName.toUpperCase();
  const cases = [open, commonOnly, soldOut, atCap].map((o) => o.id);
  const others = offers
    .filter((o) => o.type === 'benefit' && o.callToAction?.type === 'claim' && !cases.includes(o.id))
    .map((o): PromoSeed => ({ offerId: o.id, commonCode: `${word}-${o.id.split('-').at(-1)}`, claimCap: 1, freeCodes: 0, claimedByOthers: 0, claimedByMember: 0 }));
  return [
    // A common code beside plenty of unique ones, two per member.
    { offerId: open.id, commonCode: `${word}-WELCOME`, claimCap: 2, freeCodes: 240, claimedByOthers: 12, claimedByMember: 0 },
    { offerId: commonOnly.id, commonCode: `${word}-MEMBER10`, claimCap: 1, freeCodes: 0, claimedByOthers: 0, claimedByMember: 0 },
    { offerId: soldOut.id, commonCode: null, claimCap: 1, freeCodes: 0, claimedByOthers: 30, claimedByMember: 0 },
    { offerId: atCap.id, commonCode: null, claimCap: 2, freeCodes: 120, claimedByOthers: 8, claimedByMember: 2 },
    ...others,
  ];
}

/** Rows of one offer's codes, the same on every run: free ones, then the claimed ones. */
function codeRows(brandId: string, seed: PromoSeed, memberUid: string, now: Date) {
  const random = createRandom(`promo:${brandId}:${seed.offerId}`);
  const prefix = seed.offerId.split('-').at(-1)!;
  const codes = new Set<string>();
  const total = seed.freeCodes + seed.claimedByOthers + seed.claimedByMember;
  while (codes.size < total) codes.add(randomCode(random, `${brandId.slice(0, 2).toUpperCase()}${prefix}`));
  const createdAt = new Date(now.getTime() - 30 * DAY);
  return [...codes].map((code, i) => {
    const claimedByOther = i >= seed.freeCodes && i < seed.freeCodes + seed.claimedByOthers;
    const claimedByMember = i >= seed.freeCodes + seed.claimedByOthers;
    const claimedAt = claimedByOther || claimedByMember ? new Date(now.getTime() - (i % 20) * DAY - (i % 7) * 3_600_000) : null;
    return {
      brandId,
      offerId: seed.offerId,
      code,
      expiresAt: null,
      claimedBy: claimedByOther ? `demo-${brandId}-other-${i % 5}` : claimedByMember ? memberUid : null,
      claimedAt,
      createdAt,
    };
  });
}

/** Seeds each brand's promo cases; idempotent (existing rows, claimed codes included, are left as they are). */
export async function seedPromoCodes(
  db: Database,
  identity: IdentityProvider,
  brands: { brandId: string; brandName: string; offers: OfferRow[] }[],
  now: Date,
): Promise<void> {
  for (const brand of brands) {
    const member = demoUsers.find((u) => u.brandId === brand.brandId && u.email.startsWith('member@'))!;
    const memberUid = (await identity.findAccountByEmail(member.tenantId, member.email)) ?? member.uid;
    for (const seed of promoSeedsFor(brand.brandName, brand.offers)) {
      await db
        .insert(offerPromos)
        .values({ brandId: brand.brandId, offerId: seed.offerId, commonCode: seed.commonCode, claimCap: seed.claimCap })
        .onConflictDoNothing();
      const rows = codeRows(brand.brandId, seed, memberUid, now);
      for (let i = 0; i < rows.length; i += CHUNK) await db.insert(promoCodes).values(rows.slice(i, i + CHUNK)).onConflictDoNothing();
      await recountClaimants(db, { brandId: brand.brandId, offerId: seed.offerId });
    }
  }
}
