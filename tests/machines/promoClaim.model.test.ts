import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { promoClaimMachine, type PromoClaimInput } from '../../machines/promoClaim.machine.ts';
import { ApiError, failedToFetch } from '../../src/api/apiError.ts';
import type { UniquePromoCode } from '../../server/schemas/promoCode.ts';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';

/**
 * The unique-code row as the spec states it (2.3, 4), beside a server with the API's rules:
 * a code each claim while the member is below the cap and codes are left.
 */
interface World {
  cap: number;
  /** The member's codes, as the server counts them. */
  count: number;
  /** Codes left on the server. */
  left: number;
  online: boolean;
  signedIn: boolean;
  /** The member's count as the page last heard it, and the codes it has shown. */
  known: number;
  shown: number;
  /** What the row shows: the machine's state. */
  row: string;
}

const start: World = { cap: 2, count: 0, left: 3, online: true, signedIn: true, known: 0, shown: 0, row: 'claimable' };
// State names of the model may hold neither '.' nor '/' (xstate reads them as paths).
const name = (w: World) =>
  `${w.row.replace('.', ' > ')}|${w.count} of ${w.cap}|left ${w.left}|${w.online ? 'online' : 'offline'}|${w.signedIn ? 'in' : 'out'}|known ${w.known}|shown ${w.shown}`;
const parse = (value: string): World => {
  const [row, counts, left, online, signedIn, known, shown] = value.split('|');
  const [count, cap] = counts!.split(' of ').map(Number);
  const n = (part: string) => Number(part.split(' ')[1]);
  return {
    row: row!.replace(' > ', '.'), count: count!, cap: cap!, left: n(left!), online: online === 'online', signedIn: signedIn === 'in',
    known: n(known!), shown: n(shown!),
  };
};

const canClaim = (w: World) => ['claimable', 'claimed', 'error.failed'].includes(w.row);

function claim(w: World): World {
  if (!w.signedIn) return { ...w, row: 'error.needsSignIn' };
  if (!w.online) return { ...w, row: 'error.failed' };
  if (w.count >= w.cap) return { ...w, known: w.cap, row: 'capReached' };
  if (w.left === 0) return { ...w, row: 'noCodesRemaining.wentWhileLooking' };
  const count = w.count + 1;
  return { ...w, count, known: count, shown: w.shown + 1, left: w.left - 1, row: count >= w.cap ? 'capReached' : 'claimed' };
}

function next(w: World, event: string): World | null {
  switch (event) {
    case 'CLAIM':
      return canClaim(w) ? claim(w) : null;
    // Another member takes the last codes while this one looks.
    case 'OTHERS_TAKE_THE_REST':
      return w.left > 0 && canClaim(w) ? { ...w, left: 0 } : null;
    // The member claims on another device meanwhile.
    case 'CLAIM_ELSEWHERE':
      return w.left > 0 && w.count < w.cap && canClaim(w) ? { ...w, count: w.count + 1, left: w.left - 1 } : null;
    case 'NETWORK_DOWN':
      return w.online && canClaim(w) ? { ...w, online: false } : null;
    case 'NETWORK_UP':
      return w.online ? null : { ...w, online: true };
    case 'SESSION_EXPIRES':
      return w.signedIn && canClaim(w) ? { ...w, signedIn: false } : null;
    case 'DISMISS':
      return w.row.startsWith('error.') ? { ...w, row: w.known >= w.cap ? 'capReached' : w.shown > 0 ? 'claimed' : 'claimable' } : null;
    default:
      return null;
  }
}

const events = ['CLAIM', 'OTHERS_TAKE_THE_REST', 'CLAIM_ELSEWHERE', 'NETWORK_DOWN', 'NETWORK_UP', 'SESSION_EXPIRES', 'DISMISS'];

const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'promoWorld', initial: name(start), states }));

/** A fake API with the server's rules over the world; counts what it handed out. */
function fakeServer(world: () => World, update: (w: World) => void) {
  const handedOut: string[] = [];
  let serial = 0;
  const claimCode = fromPromise<UniquePromoCode, { offerId: string }>(async ({ input }) => {
    expect(input.offerId).toBe('offer-1');
    const w = world();
    if (!w.signedIn) throw new ApiError(401, 'auth/id-token-expired', 'expired');
    if (!w.online) throw failedToFetch();
    if (w.count >= w.cap) throw new ApiError(409, 'voucher_claim_cap_reached', 'Claim capacity has already been reached');
    if (w.left === 0) throw new ApiError(409, 'voucher_no_codes_remaining', 'There are no remaining promo codes for this offer.');
    const code = `CODE-${++serial}`;
    handedOut.push(code);
    update({ ...w, count: w.count + 1, left: w.left - 1 });
    return { code, userClaimedCount: w.count + 1, claimCap: w.cap };
  });
  return { claimCode, handedOut };
}

const arrival = (w: World): PromoClaimInput => ({
  id: 'offer-1',
  promoExists: true,
  isVoucherCodeSoldOut: w.left === 0,
  voucherClaimCap: w.cap,
  userVoucherCodeClaimCount: w.count,
});

describe('promo claim, generated paths over the real machine and a fake server', () => {
  const paths = pathPerTransition(model.getShortestPaths());
  for (const path of paths) {
    const steps = path.steps.map((s) => s.event.type).join(' → ') || 'arriving';
    it(`${steps} gives ${String(path.state.value)}`, async () => {
      let server = { ...start };
      const api = fakeServer(() => server, (w) => void (server = w));
      const actor = createActor(promoClaimMachine.provide({ actors: { claimCode: api.claimCode } }), { input: arrival(start) });
      actor.start();
      const settled = () => waitFor(actor, (s) => !s.hasTag('busy'));

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            const snapshot = actor.getSnapshot();
            const row = w.row;
            expect(snapshot.matches(row as never), `${row}, machine at ${JSON.stringify(snapshot.value)}`).toBe(true);
            // The codes shown are the ones handed to this page, newest last, never one twice.
            expect(snapshot.context.codes).toEqual(api.handedOut);
            expect(snapshot.context.claimedCount).toBe(w.known);
            expect(snapshot.context.claimCap).toBe(w.cap);
            expect(snapshot.can({ type: 'promo.claim' })).toBe(['claimable', 'claimed', 'error.failed'].includes(row));
            if (row.startsWith('error.')) expect(snapshot.context.error?.status).toBe(row === 'error.needsSignIn' ? 401 : 600);
            else expect(snapshot.context.error).toBeNull();
          },
        },
        events: {
          CLAIM: async () => {
            actor.send({ type: 'promo.claim' });
            expect(actor.getSnapshot().hasTag('busy')).toBe(true);
            await settled();
          },
          OTHERS_TAKE_THE_REST: () => void (server = { ...server, left: 0 }),
          CLAIM_ELSEWHERE: () => void (server = { ...server, count: server.count + 1, left: server.left - 1 }),
          NETWORK_DOWN: () => void (server = { ...server, online: false }),
          NETWORK_UP: () => void (server = { ...server, online: true }),
          SESSION_EXPIRES: () => void (server = { ...server, signedIn: false }),
          DISMISS: () => void actor.send({ type: 'promo.dismissError' }),
        },
      });
      actor.stop();
    });
  }

  it('explores the cap, the codes running out, and both kinds of failure', () => {
    const rows = new Set(Object.keys(states).map((n) => parse(n).row));
    expect([...rows].sort()).toEqual(
      ['capReached', 'claimable', 'claimed', 'error.failed', 'error.needsSignIn', 'noCodesRemaining.wentWhileLooking'].sort(),
    );
  });
});

describe('promo claim, where the offer page starts it', () => {
  const startWith = (fields: Partial<PromoClaimInput>) => {
    const actor = createActor(promoClaimMachine, {
      input: { id: 'offer-1', promoExists: true, isVoucherCodeSoldOut: false, voucherClaimCap: 2, userVoucherCodeClaimCount: 0, ...fields },
    });
    actor.start();
    return actor.getSnapshot();
  };

  it.each([
    [{ promoExists: false, voucherClaimCap: 0 }, 'noPromo'],
    [{ isVoucherCodeSoldOut: true }, { noCodesRemaining: 'onArrival' }],
    [{ isVoucherCodeSoldOut: true, userVoucherCodeClaimCount: 2 }, { noCodesRemaining: 'onArrival' }],
    [{ userVoucherCodeClaimCount: 2 }, 'capReached'],
    [{ userVoucherCodeClaimCount: 1 }, 'claimable'],
    [{ voucherClaimCap: 0 }, 'capReached'],
  ] as const)('%o starts in %o, and only claimable may claim', (fields, state) => {
    const snapshot = startWith(fields);
    expect(snapshot.matches(state as never)).toBe(true);
    expect(snapshot.can({ type: 'promo.claim' })).toBe(state === 'claimable');
  });

  it('throws when the claim call is not provided', async () => {
    const actor = createActor(promoClaimMachine, {
      input: { id: 'offer-1', promoExists: true, isVoucherCodeSoldOut: false, voucherClaimCap: 2, userVoucherCodeClaimCount: 0 },
    });
    actor.start();
    actor.send({ type: 'promo.claim' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().matches({ error: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ status: 0, code: 'unknown' });
  });
});
