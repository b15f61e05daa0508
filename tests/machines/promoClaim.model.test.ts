import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { promoClaimMachine, type PromoClaimInput } from '../../machines/promoClaim.machine.ts';
import type { UniquePromoCode } from '../../contract/promoCode.ts';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';
import {
  aroundTheMember,
  aroundTheMemberEvents,
  claim,
  parsePromoWorld,
  promoServer,
  promoStart,
  promoWorldName,
  restingRow,
  type PromoRow,
  type PromoWorld,
} from './promoClaimWorld.ts';

/** The machine's state for each row of the shared world. */
const machineState: Record<PromoRow, string> = {
  claimable: 'claimable',
  claimed: 'claimed',
  capReached: 'capReached',
  soldOutNow: 'noCodesRemaining.wentWhileLooking',
  needsSignIn: 'error.needsSignIn',
  failed: 'error.failed',
};

// The machine takes a claim from its error state too (retry).
const canClaim = (w: PromoWorld) => ['claimable', 'claimed', 'failed'].includes(w.row);

function next(w: PromoWorld, event: string): PromoWorld | null {
  const around = aroundTheMember(w, event, canClaim(w));
  if (around !== undefined) return around;
  switch (event) {
    case 'CLAIM':
      return canClaim(w) ? claim(w) : null;
    case 'DISMISS':
      return w.row === 'failed' || w.row === 'needsSignIn' ? { ...w, row: restingRow(w) } : null;
    default:
      return null;
  }
}

const events = ['CLAIM', 'DISMISS', ...aroundTheMemberEvents];

const states = exploreWorlds(promoStart, events, next, promoWorldName);
const model = createTestModel(createMachine({ id: 'promoWorld', initial: promoWorldName(promoStart), states }));

/** The claim call over the shared world's server rules. */
function fakeServer(world: () => PromoWorld, update: (w: PromoWorld) => void) {
  const server = promoServer(world, update);
  const claimCode = fromPromise<UniquePromoCode, { offerId: string }>(async ({ input }) => {
    expect(input.offerId).toBe('offer-1');
    return server.claimCode();
  });
  return { claimCode, handedOut: server.handedOut };
}

const arrival = (w: PromoWorld): PromoClaimInput => ({
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
      let server = { ...promoStart };
      const api = fakeServer(() => server, (w) => void (server = w));
      const actor = createActor(promoClaimMachine.provide({ actors: { claimCode: api.claimCode } }), { input: arrival(promoStart) });
      actor.start();
      const settled = () => waitFor(actor, (s) => !s.hasTag('busy'));

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parsePromoWorld(String(state.value));
            const snapshot = actor.getSnapshot();
            const row = machineState[w.row];
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
          ...Object.fromEntries(
            aroundTheMemberEvents.map((event) => [event, () => void (server = aroundTheMember(server, event, true) ?? server)]),
          ),
          DISMISS: () => void actor.send({ type: 'promo.dismissError' }),
        },
      });
      actor.stop();
    });
  }

  it('explores the cap, the codes running out, and both kinds of failure', () => {
    const rows = new Set(Object.keys(states).map((n) => machineState[parsePromoWorld(n).row]));
    expect([...rows].sort()).toEqual(
      ['capReached', 'claimable', 'claimed', 'error.failed', 'error.needsSignIn', 'noCodesRemaining.wentWhileLooking'].sort(),
    );
  });
});

describe('promo claim, where the offer page starts it', () => {
  const recalled: string[] = [];
  const startWith = async (fields: Partial<PromoClaimInput>, earlier: () => Promise<string[]> = async () => []) => {
    const machine = promoClaimMachine.provide({
      actors: {
        loadEarlierCodes: fromPromise<string[], { offerId: string }>(async ({ input }) => {
          recalled.push(input.offerId);
          return earlier();
        }),
      },
    });
    const actor = createActor(machine, {
      input: { id: 'offer-1', promoExists: true, isVoucherCodeSoldOut: false, voucherClaimCap: 2, userVoucherCodeClaimCount: 0, ...fields },
    });
    actor.start();
    return waitFor(actor, (s) => !s.matches('recalling'));
  };

  it.each([
    [{ promoExists: false, voucherClaimCap: 0 }, 'noPromo'],
    [{ isVoucherCodeSoldOut: true }, { noCodesRemaining: 'onArrival' }],
    [{ isVoucherCodeSoldOut: true, userVoucherCodeClaimCount: 2 }, { noCodesRemaining: 'onArrival' }],
    [{ userVoucherCodeClaimCount: 2 }, 'capReached'],
    [{ userVoucherCodeClaimCount: 1 }, 'claimable'],
    [{ voucherClaimCap: 0 }, 'capReached'],
  ] as const)('%o starts in %o, and only claimable may claim', async (fields, state) => {
    const snapshot = await startWith(fields);
    expect(snapshot.matches(state as never)).toBe(true);
    expect(snapshot.can({ type: 'promo.claim' })).toBe(state === 'claimable');
  });

  it('recalls the codes of earlier visits only when the member has some, and goes on without them on a failure', async () => {
    recalled.length = 0;
    expect((await startWith({ userVoucherCodeClaimCount: 0 })).context.earlierCodes).toEqual([]);
    expect(recalled).toEqual([]);
    const listed = await startWith({ userVoucherCodeClaimCount: 2 }, async () => ['OPEN-0001', 'OPEN-0002']);
    expect(listed.context.earlierCodes).toEqual(['OPEN-0001', 'OPEN-0002']);
    expect(listed.matches('capReached')).toBe(true);
    expect(recalled).toEqual(['offer-1']);
    const failed = await startWith({ userVoucherCodeClaimCount: 1 }, async () => {
      throw new Error('offline');
    });
    expect(failed.context.earlierCodes).toEqual([]);
    expect(failed.matches('claimable')).toBe(true);
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
