import type { ClaimedPromoCode } from '../../contract/promoCode.ts';

export interface ClaimedCodeGroup {
  offerId: string;
  offer: ClaimedPromoCode['offer'];
  /** Where the offer lives in the app: the code's groupId (/{type}/{offerId}). */
  path: string;
  /** This offer's codes, newest first: unique ones and the common code once revealed. */
  codes: Pick<ClaimedPromoCode, 'code' | 'kind' | 'claimedAt'>[];
}

/** The member's unique codes of one offer, oldest first (the order they were claimed in). */
export function uniqueCodesOf(codes: ClaimedPromoCode[], offerId: string): string[] {
  return codes
    .filter((code) => code.kind === 'unique' && offerIdOf(code) === offerId)
    .sort((a, b) => Date.parse(a.claimedAt) - Date.parse(b.claimedAt))
    .map((code) => code.code);
}

/** The offer id of a claimed code: the second path segment of its groupId (spec 3), else the offer's own id. */
export function offerIdOf(code: ClaimedPromoCode): string {
  return code.groupId.split('/').filter(Boolean)[1] ?? code.offer.id;
}

const newestFirst = (a: { claimedAt: string }, b: { claimedAt: string }) => Date.parse(b.claimedAt) - Date.parse(a.claimedAt);

/** The member's codes grouped by offer (spec 2.3 /more/voucher): the offer with the newest code first, each group newest first. */
export function groupClaimedCodes(codes: ClaimedPromoCode[]): ClaimedCodeGroup[] {
  const groups = new Map<string, ClaimedCodeGroup>();
  for (const code of [...codes].sort(newestFirst)) {
    const offerId = offerIdOf(code);
    const group = groups.get(offerId) ?? { offerId, offer: code.offer, path: code.groupId, codes: [] };
    group.codes.push({ code: code.code, kind: code.kind, claimedAt: code.claimedAt });
    groups.set(offerId, group);
  }
  return [...groups.values()];
}
