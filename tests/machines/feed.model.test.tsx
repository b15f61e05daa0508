import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';
import { feedMachine, type PageRequest } from '../../machines/feed.machine.ts';
import { categoriesMachine } from '../../machines/categories.machine.ts';
import { TypeFeed } from '../../src/screens/typeFeed/TypeFeedScreen.tsx';
import type { Category, CategoryList, FeedOffer, OfferType } from '../../contract/offer.ts';
import { installFakeIntersectionObserver, renderScreen, shownOfferIds } from './offerListHarness.tsx';
import { testOffers } from './fixtures.ts';

/** The fake server: how many offers each type and category filter holds. */
type Filter = 'all' | 'food' | 'travel' | 'music';
const totals: Record<string, number> = { 'benefit|all': 75, 'benefit|food': 40, 'benefit|travel': 12, 'live|all': 35, 'live|music': 35 };
const categories: Category[] = [
  { id: 'food', name: 'Food', typeList: ['benefit'] },
  { id: 'travel', name: 'Travel', typeList: ['benefit', 'editorial'] },
  // Live has one category only: no filter row (spec 2.3).
  { id: 'music', name: 'Music', typeList: ['live'] },
];
const titles: Record<string, string> = { benefit: 'Benefits', live: 'Live' };

const offersOf = (type: OfferType, filter: Filter) =>
  testOffers(totals[`${type}|${filter}`]!).map((offer) => ({ ...offer, id: `${type}-${filter}-${offer.id}` }));

/** Pages after the first start 2 offers early, so each repeats two already shown (dropped by id). */
function serverPage(request: PageRequest): FeedOffer[] {
  const offers = offersOf(request.type!, (request.categoryIds[0] as Filter | undefined) ?? 'all');
  const from = request.offset === 0 ? 0 : request.offset - 2;
  return offers.slice(from, from + 30);
}

/** What the member sees: the type, the chosen category and how many pages were asked for. */
interface World {
  type: OfferType;
  filter: Filter;
  pages: number;
}
const name = (w: World) => `${w.type}|${w.filter}|${w.pages}`;
const parse = (value: string): World => {
  const [type, filter, pages] = value.split('|');
  return { type: type as OfferType, filter: filter as Filter, pages: Number(pages) };
};
const atEnd = (w: World) => serverPagesUntilEnd(w) === w.pages;
function serverPagesUntilEnd(w: World): number {
  let pages = 0;
  for (let offset = 0; ; offset += 30) {
    pages++;
    if (serverPage({ type: w.type, categoryIds: w.filter === 'all' ? [] : [w.filter], offset }).length < 30) return pages;
  }
}
/** Distinct offers of the pages asked for: each page after the first brings 28 new ones. */
const shownCount = (w: World) => Math.min(totals[`${w.type}|${w.filter}`]!, w.pages * 30 - (w.pages - 1) * 2);
const chips = (type: OfferType) => categories.filter((c) => c.typeList.includes(type)).map((c) => c.id as Filter);

/** The spec's rules, stated apart from the code: what each intent does to what is shown. */
function next(w: World, event: string): World | null {
  const fresh = (type: OfferType, filter: Filter): World => ({ type, filter, pages: 1 });
  const choose = (chip: Filter | undefined) =>
    chip && chips(w.type).length >= 2 ? fresh(w.type, w.filter === chip ? 'all' : chip) : null;
  switch (event) {
    case 'SCROLL_TO_END':
      return atEnd(w) ? null : { ...w, pages: w.pages + 1 };
    case 'CHOOSE_FIRST_CATEGORY':
      return choose(chips(w.type)[0]);
    case 'CHOOSE_SECOND_CATEGORY':
      return choose(chips(w.type)[1]);
    default:
      return null;
  }
}

const events = ['SCROLL_TO_END', 'CHOOSE_FIRST_CATEGORY', 'CHOOSE_SECOND_CATEGORY'];
/** A per-type feed keeps its type (each type has its own page), so each type is a model of its own. */
const models = (['benefit', 'live'] as const).map((type) => {
  const start: World = { type, filter: 'all', pages: 1 };
  const states = exploreWorlds(start, events, next, name);
  return { start, states, model: createTestModel(createMachine({ id: `typeFeedWorld.${type}`, initial: name(start), states })) };
});

let observer: ReturnType<typeof installFakeIntersectionObserver>;
beforeEach(() => void (observer = installFakeIntersectionObserver()));
afterEach(() => observer.restore());

/** The real feed and categories machines over the fake server, and the rendered per-type feed. */
function startTypeFeed(type: OfferType) {
  const requests: PageRequest[] = [];
  const feed = createActor(
    feedMachine.provide({
      actors: {
        loadPage: fromPromise<FeedOffer[], PageRequest>(async ({ input }) => {
          requests.push(input);
          return serverPage(input);
        }),
      },
    }),
    { input: { type } },
  ).start();
  const categoriesActor = createActor(
    categoriesMachine.provide({
      actors: {
        loadCategories: fromPromise<CategoryList>(async () => ({ list: categories, record: Object.fromEntries(categories.map((c) => [c.id, c])) })),
      },
    }),
  ).start();
  const view = (t: OfferType) => <TypeFeed type={t} title={titles[t]!} feedRef={feed} categoriesRef={categoriesActor} />;
  const rendered = renderScreen(view(type));
  const stop = () => {
    feed.stop();
    categoriesActor.stop();
  };
  return { feed, requests, rerenderAs: (t: OfferType) => rendered.rerender(view(t)), pushed: rendered.pushed, stop };
}

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

async function expectShown(w: World, requests: PageRequest[]) {
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(titles[w.type]);
  const list = await screen.findByRole('list', { name: titles[w.type] });
  const ids = shownOfferIds(list);
  expect(ids).toHaveLength(shownCount(w));
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.every((id) => id.startsWith(`${w.type}-${w.filter}-`))).toBe(true);
  const filter = screen.queryByRole('group', { name: 'Categories' });
  if (chips(w.type).length < 2) {
    expect(filter).toBeNull();
  } else {
    const pressed = within(filter!).getAllByRole('button').filter((b) => b.getAttribute('aria-pressed') === 'true');
    expect(pressed.map((b) => b.textContent)).toEqual(w.filter === 'all' ? [] : [categories.find((c) => c.id === w.filter)!.name]);
  }
  const last = requests.at(-1)!;
  expect(last).toEqual({ type: w.type, categoryIds: w.filter === 'all' ? [] : [w.filter], offset: (w.pages - 1) * 30 });
  if (atEnd(w)) {
    // At the end, scrolling asks for nothing more.
    await observer.scrollToEnd();
    await settle();
    expect(requests.at(-1)).toBe(last);
  }
}

describe('per-type feed, generated paths through the rendered screen', () => {
  for (const { start, model, path } of models.flatMap((m) => pathPerTransition(m.model.getShortestPaths()).map((path) => ({ ...m, path })))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, async () => {
      const feed = startTypeFeed(start.type);
      const chip = async (index: number) => {
        const group = screen.getByRole('group', { name: 'Categories' });
        fireEvent.click(within(group).getAllByRole('button')[index]!);
        await settle();
      };
      await settle();
      await model.testPath(path, {
        states: { '*': (state) => expectShown(parse(String(state.value)), feed.requests) },
        events: {
          SCROLL_TO_END: async () => {
            const before = feed.requests.length;
            // Reported twice before the page arrives: the lock asks once.
            await observer.scrollToEnd(2);
            await settle();
            expect(feed.requests.length).toBe(before + 1);
          },
          CHOOSE_FIRST_CATEGORY: () => chip(0),
          CHOOSE_SECOND_CATEGORY: () => chip(1),
        },
      });
      feed.stop();
    });
  }

  it('covers the worlds worth covering', () => {
    expect(models.flatMap((m) => Object.keys(m.states)).sort()).toEqual(
      ['benefit|all|1', 'benefit|all|2', 'benefit|all|3', 'benefit|food|1', 'benefit|food|2', 'benefit|travel|1', 'live|all|1', 'live|all|2'].sort(),
    );
  });

  it('a card tap opens /{type}/{id}', async () => {
    const feed = startTypeFeed('benefit');
    const list = await screen.findByRole('list', { name: 'Benefits' });
    fireEvent.click(within(list).getAllByRole('link')[0]!);
    expect(feed.pushed).toEqual(['/benefit/benefit-all-offer-0']);
    feed.stop();
  });
});
