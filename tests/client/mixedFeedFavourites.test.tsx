import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fromPromise, setup } from 'xstate';
import { feedMachine, type PageRequest } from '../../machines/feed.machine.ts';
import type { appMachine } from '../../machines/app.machine.ts';
import type { Billboard, FeedOffer } from '../../contract/offer.ts';
import { AppActor, type AppRef } from '../../src/appActor.ts';
import { MixedFeedScreen } from '../../src/screens/feed/MixedFeedScreen.tsx';
import { testBrand, testMember, testOffers } from '../machines/fixtures.ts';
import { renderScreen, shownOfferIds } from '../machines/offerListHarness.tsx';

/** Six offers: two each in food, music and travel. */
const offers: FeedOffer[] = testOffers(6).map((offer, i) => ({ ...offer, categoryId: ['food', 'music', 'travel'][i % 3]! }));

/** The mixed feed over the real feed machine and a server that filters by categoryIdSelect. */
function renderFeed(favouriteIds: string[], top: Billboard | null = null) {
  const requests: PageRequest[] = [];
  const feed = feedMachine.provide({
    actors: {
      loadBillboard: fromPromise<Billboard | null>(async () => top),
      loadPage: fromPromise<FeedOffer[], PageRequest>(async ({ input }) => {
        requests.push(input);
        return input.categoryIds.length === 0 ? offers : offers.filter((offer) => input.categoryIds.includes(offer.categoryId!));
      }),
    },
  });
  const root = setup({ actors: { feed } }).createMachine({
    context: { brand: testBrand(), layout: 'desktop', member: testMember() },
    invoke: { src: 'feed', id: 'feed.mixed', systemId: 'feed.mixed', input: { favouriteIds } },
  }) as unknown as typeof appMachine;
  const captured: { app?: AppRef } = {};
  const view = renderScreen(
    <AppActor.Provider logic={root}>
      <Capture into={captured} />
      <MixedFeedScreen />
    </AppActor.Provider>,
  );
  /** What the app tells the feed when the member's favourites change. */
  const tellFavourites = (categoryIds: string[]) =>
    act(() => captured.app!.system.get('feed.mixed')!.send({ type: 'feed.favouritesChanged', categoryIds }));
  return { requests, tellFavourites, view };
}

function Capture({ into }: { into: { app?: AppRef } }) {
  into.app = AppActor.useActorRef();
  return null;
}

const grid = () => screen.findByRole('list', { name: 'Offers' });

describe('the mixed feed’s My categories filter', () => {
  it('shows only offers in the member’s favourite categories while pressed, and all again when released', async () => {
    const { requests } = renderFeed(['food', 'travel']);
    // The cards past the first few follow in a background render.
    await waitFor(async () => expect(shownOfferIds(await grid())).toHaveLength(6));
    const toggle = screen.getByRole('button', { name: 'My categories' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(toggle);
    await waitFor(async () => expect(shownOfferIds(await grid())).toEqual(['offer-0', 'offer-2', 'offer-3', 'offer-5']));
    expect(screen.getByRole('button', { name: 'My categories' }).getAttribute('aria-pressed')).toBe('true');
    // No type: the mixed feed's page, filtered by the favourites as categoryIdSelect.
    expect(requests.at(-1)).toEqual({ type: undefined, categoryIds: ['food', 'travel'], offset: 0 });

    fireEvent.click(screen.getByRole('button', { name: 'My categories' }));
    await waitFor(async () => expect(shownOfferIds(await grid())).toHaveLength(6));
    expect(screen.getByRole('button', { name: 'My categories' }).getAttribute('aria-pressed')).toBe('false');
    expect(requests.at(-1)).toEqual({ type: undefined, categoryIds: [], offset: 0 });
  });

  it('reloads with the new favourites when they change while the filter is on; with none left it shows all and the toggle goes', async () => {
    const { tellFavourites } = renderFeed(['food']);
    await grid();
    fireEvent.click(screen.getByRole('button', { name: 'My categories' }));
    await waitFor(async () => expect(shownOfferIds(await grid())).toEqual(['offer-0', 'offer-3']));

    tellFavourites(['music']);
    await waitFor(async () => expect(shownOfferIds(await grid())).toEqual(['offer-1', 'offer-4']));

    tellFavourites([]);
    await waitFor(async () => expect(shownOfferIds(await grid())).toHaveLength(6));
    expect(screen.queryByRole('button', { name: 'My categories' })).toBeNull();
  });

  it('has no toggle for a member without favourites', async () => {
    renderFeed([]);
    await waitFor(async () => expect(shownOfferIds(await grid())).toHaveLength(6));
    expect(screen.queryByRole('button', { name: 'My categories' })).toBeNull();
  });

  it('hides a billboard outside the favourites while filtering', async () => {
    const music = offers[1]!;
    const top: Billboard = { offerId: 'top', categoryId: music.categoryId, teaserLine: '', title: 'Top of the week', type: 'live', puffImage: music.puffImage, readingTime: null };
    renderFeed(['food'], top);
    expect(await screen.findByRole('link', { name: /Top of the week/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'My categories' }));
    await waitFor(async () => expect(shownOfferIds(await grid())).toEqual(['offer-0', 'offer-3']));
    expect(screen.queryByRole('link', { name: /Top of the week/ })).toBeNull();
  });
});
