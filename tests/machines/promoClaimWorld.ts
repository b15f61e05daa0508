import { ApiError, failedToFetch } from '../../src/api/apiError.ts';
import type { UniquePromoCode } from '../../contract/promoCode.ts';

/**
 * The unique-code row as the spec states it (2.3, 4), beside a server with the API's rules: a
 * code each claim while the member is below the cap and codes are left. Shared by the machine's
 * model test and the rendered offer page's, which name the rows in their own terms.
 */
export type PromoRow = 'claimable' | 'claimed' | 'capReached' | 'soldOutNow' | 'needsSignIn' | 'failed';

export interface PromoWorld {
  cap: number;
  /** The member's codes as the server counts them, and codes left there. */
  count: number;
  left: number;
  online: boolean;
  signedIn: boolean;
  /** What the page last heard of the count, and how many codes it shows. */
  known: number;
  shown: number;
  row: PromoRow;
}

export const promoStart: PromoWorld = { cap: 2, count: 0, left: 3, online: true, signedIn: true, known: 0, shown: 0, row: 'claimable' };

// State names of a model may hold neither '.' nor '/' (xstate reads them as paths).
export const promoWorldName = (w: PromoWorld) =>
  `${w.row}|${w.count} of ${w.cap}|left ${w.left}|${w.online ? 'online' : 'offline'}|${w.signedIn ? 'in' : 'out'}|known ${w.known}|shown ${w.shown}`;

export function parsePromoWorld(value: string): PromoWorld {
  const [row, counts, left, online, signedIn, known, shown] = value.split('|');
  const [count, cap] = counts!.split(' of ').map(Number);
  const n = (part: string) => Number(part.split(' ')[1]);
  return {
    row: row as PromoRow, count: count!, cap: cap!, left: n(left!), online: online === 'online',
    signedIn: signedIn === 'in', known: n(known!), shown: n(shown!),
  };
}

/** What a claim does: the server's answer, and the row the member sees then. */
export function claim(w: PromoWorld): PromoWorld {
  if (!w.signedIn) return { ...w, row: 'needsSignIn' };
  if (!w.online) return { ...w, row: 'failed' };
  if (w.count >= w.cap) return { ...w, known: w.cap, row: 'capReached' };
  if (w.left === 0) return { ...w, row: 'soldOutNow' };
  const count = w.count + 1;
  return { ...w, count, known: count, shown: w.shown + 1, left: w.left - 1, row: count >= w.cap ? 'capReached' : 'claimed' };
}

/** The row an error gives way to once dismissed. */
export const restingRow = (w: PromoWorld): PromoRow => (w.known >= w.cap ? 'capReached' : w.shown > 0 ? 'claimed' : 'claimable');

/**
 * What happens around the member while the row is `active`: others take the rest of the codes,
 * the member claims on another device, the network drops and returns, the session expires.
 * Undefined for an event that is not one of these.
 */
export function aroundTheMember(w: PromoWorld, event: string, active: boolean): PromoWorld | null | undefined {
  switch (event) {
    case 'OTHERS_TAKE_THE_REST':
      return w.left > 0 && active ? { ...w, left: 0 } : null;
    case 'CLAIM_ON_ANOTHER_DEVICE':
      return w.left > 0 && w.count < w.cap && active ? { ...w, count: w.count + 1, left: w.left - 1 } : null;
    case 'NETWORK_DOWN':
      return w.online && active ? { ...w, online: false } : null;
    case 'NETWORK_UP':
      return w.online ? null : { ...w, online: true };
    case 'SESSION_EXPIRES':
      return w.signedIn && active ? { ...w, signedIn: false } : null;
    default:
      return undefined;
  }
}

export const aroundTheMemberEvents = ['OTHERS_TAKE_THE_REST', 'CLAIM_ON_ANOTHER_DEVICE', 'NETWORK_DOWN', 'NETWORK_UP', 'SESSION_EXPIRES'];

/** The claim endpoint's rules over the world; records the codes it handed out. */
export function promoServer(world: () => PromoWorld, update: (w: PromoWorld) => void) {
  const handedOut: string[] = [];
  const claimCode = async (): Promise<UniquePromoCode> => {
    const w = world();
    if (!w.signedIn) throw new ApiError(401, 'auth/id-token-expired', 'expired');
    if (!w.online) throw failedToFetch();
    if (w.count >= w.cap) throw new ApiError(409, 'voucher_claim_cap_reached', 'Claim capacity has already been reached');
    if (w.left === 0) throw new ApiError(409, 'voucher_no_codes_remaining', 'There are no remaining promo codes for this offer.');
    const code = `CODE-${handedOut.length + 1}`;
    handedOut.push(code);
    update({ ...w, count: w.count + 1, left: w.left - 1 });
    return { code, userClaimedCount: w.count + 1, claimCap: w.cap };
  };
  return { claimCode, handedOut };
}
