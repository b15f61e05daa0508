import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { fromCallback, fromPromise, setup } from 'xstate';
import type { appMachine } from '../../machines/app.machine.ts';
import { navigatorMachine, type NavigatorEvent } from '../../machines/navigator.machine.ts';
import { feedMachine, type PageRequest } from '../../machines/feed.machine.ts';
import { searchMachine, type SearchRequest } from '../../machines/search.machine.ts';
import { categoriesMachine } from '../../machines/categories.machine.ts';
import type { Billboard, CategoryList, FeedOffer } from '../../contract/offer.ts';
import { AppActor, appChild, WiringContext } from '../../src/appActor.ts';
import type { ApiClient } from '../../src/api/client.ts';
import { browserContainer } from '../client/browserContainer.ts';
import { recordingAnalytics } from '../client/recordingAnalytics.ts';
import { createResolver } from '../../src/routes/resolver.ts';
import { NavigatorContext } from '../../src/navigation/navigation.ts';
import { StackedNavigator } from '../../src/routes/StackedNavigator.tsx';
import { applyHistoryEffect, observePopstate, saveNavigation, startLocation } from '../../src/services/browserHistory.ts';
import { testBrand, testMember, testOffers } from './fixtures.ts';

const categories: CategoryList = {
  list: [
    { id: 'jazz', name: 'Jazz', typeList: ['live'] },
    { id: 'rock', name: 'Rock', typeList: ['live'] },
  ],
  record: {
    jazz: { id: 'jazz', name: 'Jazz', typeList: ['live'] },
    rock: { id: 'rock', name: 'Rock', typeList: ['live'] },
  },
};

/**
 * The signed-in pages as the app stacks them, over the browser's real history and session
 * storage (what a reload keeps); the feeds and search answer from fakes that record what they
 * were asked. `mount` again is a reload: new actors, the same address and storage.
 */
function mount() {
  const pages: PageRequest[] = [];
  const searches: SearchRequest[] = [];
  const brand = testBrand();
  const feed = feedMachine.provide({
    actors: {
      loadBillboard: fromPromise<Billboard | null>(async () => null),
      loadPage: fromPromise<FeedOffer[], PageRequest>(async ({ input }) => {
        pages.push(input);
        return testOffers(3, input.categoryIds.length * 10);
      }),
    },
  });
  const navigator = navigatorMachine.provide({
    actors: { browserHistory: fromCallback<NavigatorEvent>(({ sendBack }) => observePopstate(sendBack)) },
    actions: { applyHistory: (_, effect) => applyHistoryEffect(effect), saveNavigation: (_, saved) => saveNavigation(saved) },
  });
  const root = setup({
    actors: {
      navigator,
      feed,
      search: searchMachine.provide({
        actors: {
          searchOffers: fromPromise<FeedOffer[], SearchRequest>(async ({ input }) => {
            searches.push(input);
            return testOffers(2, 50);
          }),
        },
      }),
      categories: categoriesMachine.provide({ actors: { loadCategories: fromPromise(async () => categories) } }),
    },
  }).createMachine({
    context: { brand, layout: 'mobile', member: testMember() },
    invoke: [
      { src: 'navigator', id: 'navigator', input: { ...createResolver({ settings: brand.settings, testMode: false }), location: startLocation(), stacked: true } },
      { src: 'feed', id: 'feed.mixed', input: {} },
      { src: 'feed', id: 'feed.live', input: { type: 'live' } },
      { src: 'search', id: 'search' },
      { src: 'categories', id: 'categories' },
    ],
  }) as unknown as typeof appMachine;
  function Pages() {
    const navigatorRef = AppActor.useSelector((s) => appChild(s, 'navigator'))!;
    return (
      <NavigatorContext.Provider value={navigatorRef}>
        <StackedNavigator navigatorRef={navigatorRef} />
      </NavigatorContext.Provider>
    );
  }
  // An offer page opened on the way only needs to be there: its calls never answer.
  const api = { appUrl: 'http://localhost', baseUrl: '', get: () => new Promise(() => undefined), send: () => new Promise(() => undefined) } as unknown as ApiClient;
  const services = { api, identity: () => { throw new Error('no identity here'); }, container: browserContainer, analytics: recordingAnalytics() };
  const view = render(
    <I18nProvider i18n={i18n}>
      <WiringContext.Provider value={services}>
        <AppActor.Provider logic={root}>
          <Pages />
        </AppActor.Provider>
      </WiringContext.Provider>
    </I18nProvider>,
  );
  return { pages, searches, unmount: view.unmount };
}

const shown = () => screen.getAllByRole('main').find((main) => !main.closest('[hidden], [inert]'))!;

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(cleanup);

describe('filters in the address', () => {
  it('keeps the category filter in the URL, through a reload and back from an offer', async () => {
    window.history.replaceState(null, '', '/live');
    const first = mount();
    const jazz = await within(shown()).findByRole('button', { name: 'Jazz' }, { timeout: 15_000 });
    fireEvent.click(jazz);
    expect(window.location.pathname + window.location.search).toBe('/live?category=jazz');
    await waitFor(() => expect(first.pages.at(-1)).toMatchObject({ type: 'live', categoryIds: ['jazz'] }));
    first.unmount();

    // Reload: new actors, the same address.
    const second = mount();
    await waitFor(() => expect(second.pages.at(-1)).toMatchObject({ type: 'live', categoryIds: ['jazz'] }));
    expect(within(shown()).getByRole('button', { name: 'Jazz' }).getAttribute('aria-pressed')).toBe('true');

    // Open an offer and come back with the browser's back: the filter is still on.
    fireEvent.click(within(shown()).getAllByRole('link')[0]!);
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/live\/offer-/));
    await act(async () => window.history.back());
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/live?category=jazz'));
    expect(within(shown()).getByRole('button', { name: 'Jazz' }).getAttribute('aria-pressed')).toBe('true');

    // Tapping it again clears the filter, in the address too.
    fireEvent.click(within(shown()).getByRole('button', { name: 'Jazz' }));
    expect(window.location.pathname + window.location.search).toBe('/live');
    await waitFor(() => expect(second.pages.at(-1)).toMatchObject({ categoryIds: [] }));
  });

  it('keeps the search query in the URL, so a reload shows the same results', async () => {
    window.history.replaceState(null, '', '/search');
    const first = mount();
    const field = await within(shown()).findByRole('searchbox', { name: 'Search' }, { timeout: 15_000 });
    fireEvent.change(field, { target: { value: 'jazz night' } });
    expect(window.location.pathname + window.location.search).toBe('/search?q=jazz+night');
    await waitFor(() => expect(first.searches).toEqual([{ query: 'jazz night', offset: 0 }]), { timeout: 5_000 });
    first.unmount();

    const second = mount();
    const again = await within(shown()).findByRole('searchbox', { name: 'Search' }, { timeout: 15_000 });
    expect((again as HTMLInputElement).value).toBe('jazz night');
    await waitFor(() => expect(second.searches).toEqual([{ query: 'jazz night', offset: 0 }]), { timeout: 5_000 });
    expect(await within(shown()).findByRole('list', { name: 'Search results' })).toBeTruthy();
  });
});
