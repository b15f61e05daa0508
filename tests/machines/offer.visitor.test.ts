import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { offerMachine, type OfferEvent } from '../../machines/offer.machine.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { CategoryList, OfferDetail } from '../../contract/offer.ts';
import { offerDetail } from '../client/offer/offerDetailFixtures.ts';
import { steadyLanguage } from './languageFakes.ts';

const categories: CategoryList = { list: [], record: {} };

/** An offer page opened by a visitor: `signIn()` plays the app telling the page the visitor signed in. */
function visitorPage(answers: (OfferDetail | Error)[]) {
  const requests: string[] = [];
  const asked: string[] = [];
  const added: unknown[] = [];
  let tellSignedIn: (() => void) | null = null;
  let visitor = true;
  const actor = createActor(
    offerMachine.provide({
      // The language changes these tests make are sent to the page directly.
      guards: { isVisitor: () => visitor },
      actions: { askToSignIn: () => void asked.push('signIn'), addToCart: (_, addition) => void added.push(addition) },
      actors: {
        whenLanguageChanges: steadyLanguage,
        watchApp: fromCallback<OfferEvent>(({ sendBack }) => {
          tellSignedIn = () => sendBack({ type: 'offer.signedIn' });
        }),
        loadOffer: fromPromise<OfferDetail, { id: string }>(async ({ input }) => {
          requests.push(input.id);
          const answer = answers.shift();
          if (!answer || answer instanceof Error) throw answer ?? new Error('no answer');
          return answer;
        }),
        loadCategories: fromPromise<CategoryList>(async () => categories),
      },
    }),
    { input: { id: 'offer-1', type: 'live', origin: 'mixedFeed' } },
  );
  actor.start();
  return {
    actor,
    requests,
    asked,
    added,
    signIn: () => {
      visitor = false;
      tellSignedIn!();
    },
  };
}

describe('an offer page opened by a visitor', () => {
  it('asks the visitor to sign in on buy, keeps the page as it is, and adds nothing to a cart', async () => {
    const page = visitorPage([offerDetail()]);
    await waitFor(page.actor, (s) => s.matches({ loaded: 'browsing' }));
    const choice = page.actor.getSnapshot().context.choice;
    page.actor.send({ type: 'payment.buy' });
    expect(page.asked).toEqual(['signIn']);
    expect(page.actor.getSnapshot().matches({ loaded: 'browsing' })).toBe(true);
    expect(page.actor.getSnapshot().context.choice).toEqual(choice);
    expect(page.added).toEqual([]);
  });

  it('reads the counts again once the visitor signed in, and then buys as a member', async () => {
    const page = visitorPage([offerDetail(), offerDetail()]);
    await waitFor(page.actor, (s) => s.matches({ loaded: 'browsing' }));
    page.signIn();
    await waitFor(page.actor, () => page.requests.length === 2);
    page.actor.send({ type: 'payment.buy' });
    expect(page.asked).toEqual([]);
  });

  it('loads a member-only offer once the visitor signed in from its sign-in message', async () => {
    const offer = offerDetail();
    const page = visitorPage([new ApiError(401, 'offer_requires_sign_in', 'You need to be signed in to view this offer'), offer]);
    await waitFor(page.actor, (s) => s.matches({ failed: 'needsSignIn' }));
    page.signIn();
    await waitFor(page.actor, (s) => s.matches('loaded'));
    expect(page.actor.getSnapshot().context.offer).toEqual(offer);
    expect(page.requests).toEqual(['offer-1', 'offer-1']);
  });
});
