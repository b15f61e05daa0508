import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { categoriesMachine } from '../../machines/categories.machine.ts';
import { feedMachine, type PageRequest } from '../../machines/feed.machine.ts';
import type { Category, CategoryList, FeedOffer } from '../../contract/offer.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { TypeFeed } from '../../src/screens/typeFeed/TypeFeedScreen.tsx';
import { testOffers } from './fixtures.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';
import { installFakeIntersectionObserver, renderScreen } from './offerListHarness.tsx';

/*
 * The brand's categories as the member meets them: the filter row of the rendered per-type feed,
 * over the real feed and categories machines and fake servers. The model is the spec's (2.3):
 * the categories load once per session and give the filter row; without them the feed is shown
 * without a row; when the feed itself failed, its Try again asks for the categories again too,
 * but only if they had failed. The feed's own paging and filtering are walked in feed.model.test.tsx.
 */
interface World {
  shown: 'closed' | 'feed' | 'failed';
  categories: 'loaded' | 'failed' | '-';
  /** Calls the categories and the feed's first page took. */
  categoryLoads: number;
  feedLoads: number;
}

/** The servers' state for the next calls: the feed's and the categories' endpoints up or down. */
interface Servers {
  feedUp: boolean;
  categoriesUp: boolean;
}

function next(w: World, event: string): World | null {
  const open = (servers: Servers): World | null =>
    w.shown === 'closed'
      ? { shown: servers.feedUp ? 'feed' : 'failed', categories: servers.categoriesUp ? 'loaded' : 'failed', categoryLoads: 1, feedLoads: 1 }
      : null;
  // Bounded: two retries at most.
  const retry = (servers: Servers): World | null => {
    if (w.shown !== 'failed' || w.feedLoads > 2) return null;
    const again = w.categories === 'failed';
    return {
      shown: servers.feedUp ? 'feed' : 'failed',
      categories: again ? (servers.categoriesUp ? 'loaded' : 'failed') : w.categories,
      categoryLoads: w.categoryLoads + (again ? 1 : 0),
      feedLoads: w.feedLoads + 1,
    };
  };
  switch (event) {
    case 'OPEN_ALL_UP':
      return open({ feedUp: true, categoriesUp: true });
    case 'OPEN_CATEGORIES_DOWN':
      return open({ feedUp: true, categoriesUp: false });
    case 'OPEN_FEED_DOWN':
      return open({ feedUp: false, categoriesUp: true });
    case 'OPEN_ALL_DOWN':
      return open({ feedUp: false, categoriesUp: false });
    case 'RETRY_ALL_UP':
      return retry({ feedUp: true, categoriesUp: true });
    case 'RETRY_FEED_UP_ONLY':
      return w.categories === 'failed' ? retry({ feedUp: true, categoriesUp: false }) : null;
    case 'RETRY_ALL_STILL_DOWN':
      return retry({ feedUp: false, categoriesUp: false });
    default:
      return null;
  }
}

const events = ['OPEN_ALL_UP', 'OPEN_CATEGORIES_DOWN', 'OPEN_FEED_DOWN', 'OPEN_ALL_DOWN', 'RETRY_ALL_UP', 'RETRY_FEED_UP_ONLY', 'RETRY_ALL_STILL_DOWN'];
const name = (w: World) => `${w.shown}|categories ${w.categories}|loads ${w.categoryLoads}/${w.feedLoads}`;
const parse = (value: string): World => {
  const [shown, categories, loads] = value.split('|');
  const [categoryLoads, feedLoads] = loads!.split(' ')[1]!.split('/').map(Number);
  return { shown: shown as World['shown'], categories: categories!.split(' ')[1] as World['categories'], categoryLoads: categoryLoads!, feedLoads: feedLoads! };
};
const start: World = { shown: 'closed', categories: '-', categoryLoads: 0, feedLoads: 0 };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'categoriesWorld', initial: name(start), states }));

const categories: Category[] = [
  { id: 'food', name: 'Food', typeList: ['benefit'] },
  { id: 'travel', name: 'Travel', typeList: ['benefit', 'editorial'] },
  { id: 'music', name: 'Music', typeList: ['live'] },
];

/** The real feed and categories machines over fake servers, and the rendered benefit feed. */
function startFeed(servers: Servers) {
  const calls = { categories: 0, feed: 0 };
  const feed = createActor(
    feedMachine.provide({
      actors: {
        loadPage: fromPromise<FeedOffer[], PageRequest>(async () => {
          calls.feed++;
          if (!servers.feedUp) throw new ApiError(500, 'internal_error', 'down');
          return testOffers(3);
        }),
      },
    }),
    { input: { type: 'benefit' } },
  ).start();
  const categoriesActor = createActor(
    categoriesMachine.provide({
      actors: {
        loadCategories: fromPromise<CategoryList>(async () => {
          calls.categories++;
          if (!servers.categoriesUp) throw new ApiError(500, 'internal_error', 'down');
          return { list: categories, record: Object.fromEntries(categories.map((c) => [c.id, c])) };
        }),
      },
    }),
  ).start();
  renderScreen(<TypeFeed type="benefit" title="Benefits" feedRef={feed} categoriesRef={categoriesActor} />);
  return { calls, stop: () => (feed.stop(), categoriesActor.stop()) };
}

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

let observer: ReturnType<typeof installFakeIntersectionObserver>;
beforeEach(() => void (observer = installFakeIntersectionObserver()));
afterEach(() => observer.restore());

describe('the categories filter row on the rendered per-type feed, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, async () => {
      const servers: Servers = { feedUp: true, categoriesUp: true };
      const opened: { page?: ReturnType<typeof startFeed> } = {};
      const open = async (up: Servers) => {
        Object.assign(servers, up);
        opened.page = startFeed(servers);
        await settle();
      };
      const retry = async (up: Servers) => {
        Object.assign(servers, up);
        fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
        await settle();
      };

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            if (w.shown === 'closed') return;
            await vi.waitFor(() => expect(opened.page!.calls).toEqual({ categories: w.categoryLoads, feed: w.feedLoads }));
            await settle();
            if (w.shown === 'failed') {
              expect(screen.getByRole('alert').textContent).toBe('Could not fetch the data just now. Please try again.');
              expect(screen.queryByRole('group', { name: 'Categories' })).toBeNull();
              return;
            }
            expect(within(await screen.findByRole('list', { name: 'Benefits' })).getAllByRole('link')).toHaveLength(3);
            // The benefit feed's two categories make a filter row; without categories there is none.
            const row = screen.queryByRole('group', { name: 'Categories' });
            if (w.categories === 'loaded') expect(within(row!).getAllByRole('button').map((b) => b.textContent)).toEqual(['Food', 'Travel']);
            else expect(row).toBeNull();
          },
        },
        events: {
          OPEN_ALL_UP: () => open({ feedUp: true, categoriesUp: true }),
          OPEN_CATEGORIES_DOWN: () => open({ feedUp: true, categoriesUp: false }),
          OPEN_FEED_DOWN: () => open({ feedUp: false, categoriesUp: true }),
          OPEN_ALL_DOWN: () => open({ feedUp: false, categoriesUp: false }),
          RETRY_ALL_UP: () => retry({ feedUp: true, categoriesUp: true }),
          RETRY_FEED_UP_ONLY: () => retry({ feedUp: true, categoriesUp: false }),
          RETRY_ALL_STILL_DOWN: () => retry({ feedUp: false, categoriesUp: false }),
        },
      });
      opened.page?.stop();
    });
  }
});
