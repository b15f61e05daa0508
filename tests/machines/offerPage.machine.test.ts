import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { offerPageMachine } from '../../machines/offerPage.machine.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { CategoryList, OfferDetail } from '../../contract/offer.ts';
import { offerDetail } from '../client/offer/offerDetailFixtures.ts';

const categories: CategoryList = {
  list: [{ id: 'music', name: 'Music', typeList: ['live'] }],
  record: { music: { id: 'music', name: 'Music', typeList: ['live'] } },
};

/** An offer page over fake loaders; each answer in `answers` is used for one load, in order. */
function startPage(answers: (OfferDetail | Error)[], options: { categoriesFail?: boolean } = {}) {
  const requests: string[] = [];
  const online = new EventTarget();
  const actor = createActor(
    offerPageMachine.provide({
      actors: {
        loadOffer: fromPromise<OfferDetail, { id: string }>(async ({ input }) => {
          requests.push(input.id);
          const answer = answers.shift();
          if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
          return answer;
        }),
        loadCategories: fromPromise<CategoryList>(async () => {
          if (options.categoriesFail) throw new ApiError(500, 'http_500', 'down');
          return categories;
        }),
        retryWhenOnline: fromCallback<AnyEventObject, { retry: AnyEventObject }>(({ sendBack, input }) => {
          const retry = () => sendBack(input.retry);
          online.addEventListener('online', retry);
          return () => online.removeEventListener('online', retry);
        }),
      },
    }),
    { input: { id: 'offer-1', type: 'live', origin: 'mixedFeed' } },
  );
  actor.start();
  return { actor, requests, backOnline: () => online.dispatchEvent(new Event('online')) };
}

describe('offer page machine', () => {
  it('loads the offer and the categories, then is loaded', async () => {
    const offer = offerDetail({ categoryId: 'music' });
    const { actor, requests } = startPage([offer]);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('loaded') && s.context.categories !== null);
    expect(actor.getSnapshot().context.offer).toEqual(offer);
    expect(actor.getSnapshot().context.categories?.record.music?.name).toBe('Music');
    expect(actor.getSnapshot().context).toMatchObject({ id: 'offer-1', type: 'live', origin: 'mixedFeed' });
    expect(requests).toEqual(['offer-1']);
  });

  it('still shows the offer when the categories cannot load', async () => {
    const { actor } = startPage([offerDetail()], { categoriesFail: true });
    await waitFor(actor, (s) => s.matches('loaded'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context.categories).toBeNull();
  });

  it.each([
    [new ApiError(404, 'offer_not_found', 'The article was not found..'), 'notFound'],
    [new ApiError(410, 'offer_not_relevant', 'The offer is no longer relevant'), 'notRelevant'],
    [new ApiError(401, 'auth/id-token-missing', 'Sign in'), 'needsSignIn'],
    [new ApiError(500, 'http_500', 'Internal'), 'other'],
    [new ApiError(600, 'failed_to_fetch', 'Network Error'), 'offline'],
  ] as const)('fails with %s to failed.%s and keeps the code', async (error, state) => {
    const { actor } = startPage([error]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().matches({ failed: state })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ status: error.status, code: error.code });
  });

  it('retries from a failure and loads', async () => {
    const { actor, requests } = startPage([new ApiError(600, 'failed_to_fetch', 'Network Error'), offerDetail()]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().can({ type: 'offer.retry' })).toBe(true);
    actor.send({ type: 'offer.retry' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(requests).toEqual(['offer-1', 'offer-1']);
  });

  it('failed for want of a network, loads by itself once the browser is back online', async () => {
    const { actor, requests, backOnline } = startPage([new ApiError(600, 'failed_to_fetch', 'Network Error'), offerDetail()]);
    await waitFor(actor, (s) => s.matches({ failed: 'offline' }));
    backOnline();
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(requests).toEqual(['offer-1', 'offer-1']);
  });

  it('a failure the server answered does not reload when the browser is back online', async () => {
    const { actor, requests, backOnline } = startPage([new ApiError(500, 'http_500', 'Internal'), offerDetail()]);
    await waitFor(actor, (s) => s.matches({ failed: 'other' }));
    backOnline();
    expect(actor.getSnapshot().matches({ failed: 'other' })).toBe(true);
    expect(requests).toEqual(['offer-1']);
  });

  it('cannot retry once loaded', async () => {
    const { actor } = startPage([offerDetail()]);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().can({ type: 'offer.retry' })).toBe(false);
  });
});
