import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { promoClaimMachine } from '../../../machines/promoClaim.machine.ts';
import type { commonPromoMachine } from '../../../machines/commonPromo.machine.ts';

export type PromoClaimRef = ActorRefFrom<typeof promoClaimMachine>;
export type CommonPromoRef = ActorRefFrom<typeof commonPromoMachine>;
type PromoClaimSnapshot = SnapshotFrom<typeof promoClaimMachine>;
type CommonPromoSnapshot = SnapshotFrom<typeof commonPromoMachine>;

/** What the unique-code row shows, one value per state of the promo claim machine (spec 4). */
export type UniquePromoStatus =
  | 'hidden'
  | 'recalling'
  | 'claimable'
  | 'claiming'
  | 'claimed'
  | 'capReached'
  | 'noCodesRemaining'
  | 'needsSignIn'
  | 'failed';

function uniqueStatusOf(snapshot: PromoClaimSnapshot): UniquePromoStatus {
  if (snapshot.matches('starting') || snapshot.matches('recalling')) return 'recalling';
  if (snapshot.matches('noPromo') || snapshot.matches({ noCodesRemaining: 'onArrival' })) return 'hidden';
  if (snapshot.matches('noCodesRemaining')) return 'noCodesRemaining';
  if (snapshot.matches({ error: 'needsSignIn' })) return 'needsSignIn';
  if (snapshot.matches('error')) return 'failed';
  if (snapshot.matches('claiming')) return 'claiming';
  if (snapshot.matches('claimed')) return 'claimed';
  if (snapshot.matches('capReached')) return 'capReached';
  return 'claimable';
}

export function connectUniquePromo(snapshot: PromoClaimSnapshot, ref: PromoClaimRef) {
  const { claimedCount, claimCap, earlierCodes, codes, error } = snapshot.context;
  return {
    status: uniqueStatusOf(snapshot),
    count: claimedCount,
    cap: claimCap,
    /** Codes of earlier visits, oldest first (a code claimed again on this visit is listed there). */
    earlierCodes: earlierCodes.filter((code) => !codes.includes(code)),
    /** Codes claimed on this visit, newest last. */
    codes,
    /** The code the last claim handed out, to show and announce where the member is looking. */
    newestCode: codes.at(-1) ?? null,
    errorCode: error?.code ?? null,
    busy: snapshot.hasTag('busy'),
    canClaim: snapshot.can({ type: 'promo.claim' }),
    claim: () => ref.send({ type: 'promo.claim' }),
    dismissError: () => ref.send({ type: 'promo.dismissError' }),
  };
}

export type UniquePromoView = ReturnType<typeof connectUniquePromo>;

export type CommonPromoStatus = 'hidden' | 'claimable' | 'claiming' | 'revealed' | 'failed';

function commonStatusOf(snapshot: CommonPromoSnapshot): CommonPromoStatus {
  if (snapshot.matches('none') || snapshot.matches('arriving')) return 'hidden';
  if (snapshot.matches('claiming')) return 'claiming';
  if (snapshot.matches('revealed')) return 'revealed';
  if (snapshot.matches('error')) return 'failed';
  return 'claimable';
}

export function connectCommonPromo(snapshot: CommonPromoSnapshot, ref: CommonPromoRef) {
  return {
    status: commonStatusOf(snapshot),
    code: snapshot.context.code,
    /** Revealed by claiming on this visit (not already on arrival): shown and announced where the member is looking. */
    revealedNow: snapshot.matches('revealed') && snapshot.context.loaded.promoCodeCommon === null,
    busy: snapshot.hasTag('busy'),
    canClaim: snapshot.can({ type: 'promo.claimCommon' }),
    claim: () => ref.send({ type: 'promo.claimCommon' }),
    dismissError: () => ref.send({ type: 'promo.dismissError' }),
  };
}

export type CommonPromoView = ReturnType<typeof connectCommonPromo>;

/** Why the claim call to action cannot claim, when it cannot. */
export type ClaimNote = 'capReached' | 'noCodesRemaining' | 'revealed' | null;

/**
 * The `claim` call to action (spec 3): it claims a unique code while the member may, else reveals
 * the common code; otherwise it is disabled and tells why.
 */
export function connectClaimCallToAction(unique: UniquePromoView | null, common: CommonPromoView | null) {
  const busy = Boolean(unique?.busy || common?.busy);
  const claim = unique?.canClaim ? unique.claim : common?.canClaim ? common.claim : null;
  let note: ClaimNote = null;
  if (!claim && !busy) {
    if (unique?.status === 'capReached') note = 'capReached';
    else if (common?.status === 'revealed') note = 'revealed';
    else note = 'noCodesRemaining';
  }
  return { busy, claim, note };
}

export type ClaimCallToActionView = ReturnType<typeof connectClaimCallToAction>;
