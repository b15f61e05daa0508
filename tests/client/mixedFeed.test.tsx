import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fromPromise, setup } from 'xstate';
import { feedMachine, type PageRequest } from '../../machines/feed.machine.ts';
import type { appMachine } from '../../machines/app.machine.ts';
import type { Billboard, FeedOffer } from '../../contract/offer.ts';
import { AppActor } from '../../src/appActor.ts';
import { MixedFeedScreen } from '../../src/screens/feed/MixedFeedScreen.tsx';
import { testBrand, testMember, testOffers } from '../machines/fixtures.ts';
import { renderScreen, shownOfferIds } from '../machines/offerListHarness.tsx';

const billboard = (offer: FeedOffer): Billboard => ({
  offerId: offer.id,
  categoryId: offer.categoryId,
  teaserLine: offer.teaserLine,
  title: offer.title,
  type: offer.type,
  puffImage: offer.puffImage,
  readingTime: offer.readingTime,
});

/** The mixed feed under a stand-in root actor that runs the real feed machine over fake calls. */
function renderMixedFeed(offers: FeedOffer[], top: Billboard | null) {
  const feed = feedMachine.provide({
    actors: {
      loadBillboard: fromPromise<Billboard | null>(async () => top),
      loadPage: fromPromise<FeedOffer[], PageRequest>(async () => offers),
    },
  });
  const root = setup({ actors: { feed } }).createMachine({
    context: { brand: testBrand(), layout: 'desktop', member: testMember() },
    invoke: { src: 'feed', id: 'feed.mixed', input: {} },
  }) as unknown as typeof appMachine;
  return renderScreen(
    <AppActor.Provider logic={root}>
      <MixedFeedScreen />
    </AppActor.Provider>,
  );
}

describe('the mixed feed', () => {
  it('does not repeat the billboard offer in the grid below it', async () => {
    const offers = testOffers(4);
    renderMixedFeed(offers, billboard(offers[1]!));
    const grid = await screen.findByRole('list', { name: 'Offers' });
    expect(shownOfferIds(grid)).toEqual(['offer-0', 'offer-2', 'offer-3']);
    expect(within(screen.getByRole('main')).getAllByRole('link', { name: /Offer 1/ })).toHaveLength(1);
  });

  it('shows every offer in the grid when there is no billboard', async () => {
    renderMixedFeed(testOffers(3), null);
    expect(shownOfferIds(await screen.findByRole('list', { name: 'Offers' }))).toEqual(['offer-0', 'offer-1', 'offer-2']);
  });
});
