import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { commonPromoMachine, type CommonPromoInput } from '../../machines/commonPromo.machine.ts';
import { ApiError, failedToFetch } from '../../src/api/apiError.ts';

function start(fields: Partial<CommonPromoInput>, answers: (string | Error)[] = []) {
  const requests: string[] = [];
  const actor = createActor(
    commonPromoMachine.provide({
      actors: {
        claimCommonCode: fromPromise<{ code: string }, { offerId: string }>(async ({ input }) => {
          requests.push(input.offerId);
          const answer = answers.shift();
          if (answer === undefined || answer instanceof Error) throw answer ?? new Error('no answer');
          return { code: answer };
        }),
      },
    }),
    { input: { id: 'offer-1', promoCodeCommonExists: true, promoCodeCommon: null, ...fields } },
  );
  actor.start();
  return { actor, requests };
}

describe('common promo code row', () => {
  it.each([
    [{ promoCodeCommonExists: false }, 'none'],
    [{ promoCodeCommonExists: true }, 'claimable'],
    [{ promoCodeCommonExists: true, promoCodeCommon: 'SUMMER' }, 'revealed'],
  ] as const)('%o starts in %s', (fields, state) => {
    const { actor } = start(fields);
    expect(actor.getSnapshot().value).toBe(state);
    expect(actor.getSnapshot().can({ type: 'promo.claimCommon' })).toBe(state === 'claimable');
    if (state === 'revealed') expect(actor.getSnapshot().context.code).toBe('SUMMER');
  });

  it('reveals the code the server answers, and asks only once', async () => {
    const { actor, requests } = start({}, ['SUMMER']);
    actor.send({ type: 'promo.claimCommon' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'promo.claimCommon' });
    await waitFor(actor, (s) => s.matches('revealed'));
    expect(actor.getSnapshot().context).toMatchObject({ code: 'SUMMER', error: null });
    expect(requests).toEqual(['offer-1']);
    expect(actor.getSnapshot().can({ type: 'promo.claimCommon' })).toBe(false);
  });

  it('keeps a failure for the error dialog, then retries or goes back to claimable', async () => {
    const { actor, requests } = start({}, [failedToFetch(), new ApiError(500, 'internal_error', 'x'), 'SUMMER']);
    actor.send({ type: 'promo.claimCommon' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error).toEqual({ status: 600, code: 'failed_to_fetch' });
    actor.send({ type: 'promo.dismissError' });
    expect(actor.getSnapshot().value).toBe('claimable');
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'promo.claimCommon' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error).toEqual({ status: 500, code: 'internal_error' });
    actor.send({ type: 'promo.claimCommon' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('revealed'));
    expect(requests).toHaveLength(3);
  });

  it('throws when the claim call is not provided', async () => {
    const actor = createActor(commonPromoMachine, { input: { id: 'offer-1', promoCodeCommonExists: true, promoCodeCommon: null } });
    actor.start();
    actor.send({ type: 'promo.claimCommon' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error).toEqual({ status: 0, code: 'unknown' });
  });
});
