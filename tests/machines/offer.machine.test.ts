import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { offerMachine } from '../../machines/offer.machine.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { CategoryList, OfferDetail } from '../../contract/offer.ts';
import type { ItemVariant } from '../../contract/commerce.ts';
import { offerDetail } from '../client/offer/offerDetailFixtures.ts';
import { steadyLanguage } from './languageFakes.ts';

const categories: CategoryList = {
  list: [{ id: 'music', name: 'Music', typeList: ['live'] }],
  record: { music: { id: 'music', name: 'Music', typeList: ['live'] } },
};

/** An offer page over fake loaders; each answer in `answers` is used for one load, in order. */
function startPage(answers: (OfferDetail | Error)[], options: { categoriesFail?: boolean } = {}) {
  const requests: string[] = [];
  const online = new EventTarget();
  const actor = createActor(
    offerMachine.provide({
      // The language changes these tests make are sent to the page directly.
      actors: {
        whenLanguageChanges: steadyLanguage,
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

  it('reads the offer again in the language now shown, the page staying as it is', async () => {
    const english = offerDetail({ title: 'the Fjord Lines tour' });
    const swedish = offerDetail({ title: 'Fjord Lines-turnén' });
    const { actor, requests } = startPage([english, swedish]);
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'offer.languageChanged' });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    await waitFor(actor, (s) => s.context.offer?.title === 'Fjord Lines-turnén');
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(requests).toEqual(['offer-1', 'offer-1']);
  });

  it('asks again when the language changes while the offer loads (the answer on its way is in the language before)', async () => {
    const { actor, requests } = startPage([offerDetail({ title: 'the Fjord Lines tour' }), offerDetail({ title: 'Fjord Lines-turnén' })]);
    actor.send({ type: 'offer.languageChanged' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.offer?.title).toBe('Fjord Lines-turnén');
    expect(requests).toEqual(['offer-1', 'offer-1']);
  });

  it("keeps the member's ticket choice and gives the selection the translated variants", async () => {
    const start = Date.parse('2030-01-10T19:00:00Z');
    const ticket = (title: string): ItemVariant => ({
      id: 'evening', title, description: '', images: [], price: { current: 39_500, original: 39_500 }, currency: 'SEK', customFeeIdList: [], taxRates: [],
      purchaseCap: 8, date: { start, end: start + 3 * 3_600_000 }, location: { address: 'Gatan 1', zipCode: '111 11', city: 'Stockholm', mapUrl: '' },
    });
    const selling = (title: string) => offerDetail({ itemVariantType: 'ticket', itemVariantList: [ticket(title)], itemVariantAvailability: { evening: 20 } });
    const { actor } = startPage([selling('Standing'), selling('Ståplats')]);
    await waitFor(actor, (s) => s.matches('loaded'));
    const selection = actor.getSnapshot().context.selection!;
    selection.send({ type: 'ticket.citySelected', city: 'Stockholm' });
    await waitFor(actor, (s) => s.context.choice.status === 'buyable');
    actor.send({ type: 'offer.languageChanged' });
    await waitFor(selection, (s) => s.context.offer.itemVariantList[0]!.title === 'Ståplats');
    expect(actor.getSnapshot().context.selection).toBe(selection);
    expect(selection.getSnapshot().context.variantId).toBe('evening');
    expect(actor.getSnapshot().context.choice).toEqual({ itemVariantId: 'evening', status: 'buyable' });
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
