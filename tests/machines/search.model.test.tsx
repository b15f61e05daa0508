import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';
import { feedMachine, type PageRequest } from '../../machines/feed.machine.ts';
import { searchDebounceMs, searchMachine, type SearchRequest } from '../../machines/search.machine.ts';
import { Search } from '../../src/screens/search/SearchScreen.tsx';
import type { FeedOffer } from '../../contract/offer.ts';
import { PageContext } from '../../src/navigation/pageContext.ts';
import { installFakeIntersectionObserver, renderScreen, shownOfferIds } from './offerListHarness.tsx';
import { testOffers } from './fixtures.ts';

/** The fake search server: 'tea' has 65 hits; pages after the first start 2 early (repeats); anything else fails. */
const hits = testOffers(65).map((offer) => ({ ...offer, id: `tea-${offer.id}` }));
function serverSearch({ query, offset }: SearchRequest): FeedOffer[] {
  if (query !== 'tea') throw new Error('search failed');
  const from = offset === 0 ? 0 : offset - 2;
  return hits.slice(from, from + 30);
}
const defaultFeedOffers = testOffers(3);

/** What the member sees: the list shown (default feed or pages of 'tea') and what the field holds. */
type Shown = 'default' | 'page1' | 'page2' | 'end';
interface World {
  shown: Shown;
  input: '' | 'tea' | 'teax';
}
const name = (w: World) => `${w.shown}|${w.input || 'empty'}`;
const parse = (value: string): World => {
  const [shown, input] = value.split('|');
  return { shown: shown as Shown, input: (input === 'empty' ? '' : input) as World['input'] };
};
const shownCount: Record<Shown, number> = { default: 3, page1: 30, page2: 58, end: 65 };
const nextPage: Partial<Record<Shown, Shown>> = { page1: 'page2', page2: 'end' };

/** The spec's search rules, stated apart from the code. */
function next(w: World, event: string): World | null {
  switch (event) {
    case 'TYPE_WORD_FAST':
      return { shown: 'page1', input: 'tea' };
    case 'SCROLL_TO_END':
      return nextPage[w.shown] ? { ...w, shown: nextPage[w.shown]! } : null;
    // The server fails for 'teax': the error is ignored and the 'tea' results stay (spec 8).
    case 'TYPE_LETTER_THAT_FAILS':
      return w.input === 'tea' ? { ...w, input: 'teax' } : null;
    case 'CLEAR':
      return w.input === '' ? null : { shown: 'default', input: '' };
    default:
      return null;
  }
}

const events = ['TYPE_WORD_FAST', 'SCROLL_TO_END', 'TYPE_LETTER_THAT_FAILS', 'CLEAR'];
const start: World = { shown: 'default', input: '' };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'searchWorld', initial: name(start), states }));

let observer: ReturnType<typeof installFakeIntersectionObserver>;
beforeEach(() => {
  vi.useFakeTimers();
  observer = installFakeIntersectionObserver();
});
afterEach(() => {
  observer.restore();
  vi.useRealTimers();
});

/** Lets promises and due timers run, inside act. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The real search machine over the fake server, the real mixed feed as the default feed, and the rendered page. */
function startSearch() {
  const requests: SearchRequest[] = [];
  const search = createActor(
    searchMachine.provide({
      actors: {
        searchOffers: fromPromise<FeedOffer[], SearchRequest>(async ({ input }) => {
          requests.push(input);
          return serverSearch(input);
        }),
      },
    }),
  ).start();
  const feed = createActor(
    feedMachine.provide({ actors: { loadPage: fromPromise<FeedOffer[], PageRequest>(async () => defaultFeedOffers) } }),
    { input: {} },
  ).start();
  const rendered = renderScreen(<Search searchRef={search} feedRef={feed} />);
  const stop = () => {
    search.stop();
    feed.stop();
  };
  return { requests, pushed: rendered.pushed, stop };
}

const field = () => screen.getByLabelText<HTMLInputElement>('Search');
/** Gap between keystrokes of a member typing fast. */
const keystrokeMs = 120;

/** Types `text` after what the field holds, one change per key, `keystrokeMs` apart. */
async function typeFast(text: string) {
  for (const letter of text) {
    fireEvent.change(field(), { target: { value: field().value + letter } });
    await elapse(keystrokeMs);
  }
}

async function expectShown(w: World, requests: SearchRequest[]) {
  expect(field().value).toBe(w.input);
  const list = screen.getByRole('list', { name: w.shown === 'default' ? 'Offers' : 'Search results' });
  const ids = shownOfferIds(list);
  expect(ids).toHaveLength(shownCount[w.shown]);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.every((id) => id.startsWith(w.shown === 'default' ? 'offer-' : 'tea-offer-'))).toBe(true);
  if (w.shown === 'default') expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
  // The last page was short: the end is reached and the results ask nothing more.
  if (w.shown === 'end') {
    expect(requests.filter((r) => r.query === 'tea').at(-1)).toEqual({ query: 'tea', offset: 60 });
    const before = requests.length;
    await observer.scrollToEnd();
    await elapse(0);
    expect(requests).toHaveLength(before);
  }
}

describe('search, generated paths through the rendered page', () => {
  for (const path of pathPerTransition(model.getShortestPaths())) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, async () => {
      const search = startSearch();
      await elapse(0);
      /** Exactly the given requests are made by `act` and nothing else. */
      const expectRequests = async (act_: () => Promise<unknown>, expected: SearchRequest[]) => {
        const before = search.requests.length;
        await act_();
        expect(search.requests.slice(before)).toEqual(expected);
      };
      await model.testPath(path, {
        states: { '*': (state) => expectShown(parse(String(state.value)), search.requests) },
        events: {
          TYPE_WORD_FAST: () => {
            const before = search.requests.length;
            return expectRequests(async () => {
              fireEvent.change(field(), { target: { value: '' } });
              await typeFast('tea');
              // Typed faster than the debounce: nothing asked until 550 ms after the last key, then once.
              await elapse(searchDebounceMs - keystrokeMs - 1);
              expect(search.requests).toHaveLength(before);
              await elapse(1);
            }, [{ query: 'tea', offset: 0 }]);
          },
          SCROLL_TO_END: async (step) => {
            const to = parse(String(step.state.value)).shown;
            await expectRequests(async () => {
              await observer.scrollToEnd(2);
              await elapse(0);
            }, [{ query: 'tea', offset: to === 'page2' ? 30 : 60 }]);
          },
          TYPE_LETTER_THAT_FAILS: () =>
            expectRequests(async () => {
              await typeFast('x');
              await elapse(searchDebounceMs);
            }, [{ query: 'teax', offset: 0 }]),
          CLEAR: () =>
            expectRequests(async () => {
              fireEvent.change(field(), { target: { value: '' } });
              await elapse(searchDebounceMs);
            }, []),
        },
      });
      search.stop();
    });
  }

  it('reaches every list and field the model names', () => {
    expect(Object.keys(states).sort()).toEqual(
      ['default|empty', 'end|tea', 'end|teax', 'page1|tea', 'page1|teax', 'page2|tea', 'page2|teax'].sort(),
    );
  });

  it('focuses the field when shown with nothing typed, not when the member comes back to results', async () => {
    const search = createActor(searchMachine).start();
    const feed = createActor(feedMachine, { input: {} }).start();
    const page = (visible: boolean) => (
      <PageContext.Provider value={{ scrollRoot: { current: null }, visible }}>
        <Search searchRef={search} feedRef={feed} />
      </PageContext.Provider>
    );
    const { rerender } = renderScreen(page(true));
    expect(document.activeElement).toBe(field());
    fireEvent.change(field(), { target: { value: 'tea' } });
    field().blur();
    rerender(page(false));
    rerender(page(true));
    expect(document.activeElement).not.toBe(field());
    search.send({ type: 'search.fieldFocused' });
    rerender(page(false));
    rerender(page(true));
    expect(document.activeElement).toBe(field());
    search.stop();
    feed.stop();
  });

  it('a result tap opens /search/{type}/{id}', async () => {
    const search = startSearch();
    fireEvent.change(field(), { target: { value: 'tea' } });
    await elapse(searchDebounceMs);
    fireEvent.click(screen.getByRole('list', { name: 'Search results' }).querySelector('a')!);
    expect(search.pushed).toEqual(['/search/benefit/tea-offer-0']);
    search.stop();
  });
});
