import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { offers, referralTokens } from '../db/schema/index.ts';

interface MemberOffer {
  brandId: string;
  userId: string;
  offerId: string;
}

/** 192 random bits, URL-safe: not guessable, and nothing of the member in it. */
const newToken = () => randomBytes(24).toString('base64url');

/** The member's token for the offer: the one made before, or a new one (two requests at once agree on one). */
export async function referralTokenFor(db: Executor, q: MemberOffer): Promise<string> {
  const [made] = await db
    .insert(referralTokens)
    .values({ ...q, token: newToken() })
    .onConflictDoNothing({ target: [referralTokens.brandId, referralTokens.userId, referralTokens.offerId] })
    .returning({ token: referralTokens.token });
  if (made) return made.token;
  const [kept] = await db
    .select({ token: referralTokens.token })
    .from(referralTokens)
    .where(and(eq(referralTokens.brandId, q.brandId), eq(referralTokens.userId, q.userId), eq(referralTokens.offerId, q.offerId)));
  return kept!.token;
}

/** What a token stands for: its brand and offer, and whether the offer is still active; null for no such token. */
export async function findReferralToken(db: Executor, token: string) {
  const [row] = await db
    .select({ brandId: referralTokens.brandId, offerId: referralTokens.offerId, offerActive: offers.active })
    .from(referralTokens)
    .innerJoin(offers, and(eq(offers.brandId, referralTokens.brandId), eq(offers.id, referralTokens.offerId)))
    .where(eq(referralTokens.token, token));
  return row ?? null;
}
