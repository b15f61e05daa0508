import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { typeFeedsMachine } from '../../machines/typeFeeds.machine.ts';
import { feedMachine, type PageRequest } from '../../machines/feed.machine.ts';
import { categoriesMachine } from '../../machines/categories.machine.ts';
import type { Billboard, CategoryList, FeedOffer, OfferType } from '../../contract/offer.ts';
import { testOffers } from './fixtures.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The per-type feeds (machines/typeFeeds.machine.ts) over fakes that count their loads. The
 * model: it starts one feed per type it is given, as feed.{type}, and the categories, each
 * loading once; a reload asks each of them again; it stops them when it stops.
 */
interface World {
  reloads: number;
  stopped: boolean;
}

function next(w: World, event: string): World | null {
  if (w.stopped) return null;
  if (event === 'RELOAD') return w.reloads < 2 ? { ...w, reloads: w.reloads + 1 } : null;
  if (event === 'STOP') return { ...w, stopped: true };
  return null;
}

const name = (w: World) => JSON.stringify(w);
const start: World = { reloads: 0, stopped: false };
const model = createTestModel(createMachine({ id: 'typeFeedsWorld', initial: name(start), states: exploreWorlds(start, ['RELOAD', 'STOP'], next, name) }));

function startTypeFeeds(types: OfferType[]) {
  const loads: string[] = [];
  const actor = createActor(
    typeFeedsMachine.provide({
      actors: {
        feed: feedMachine.provide({
          actors: {
            loadBillboard: fromPromise<Billboard | null>(async () => null),
            loadPage: fromPromise<FeedOffer[], PageRequest>(async ({ input }) => (loads.push(`feed.${input.type}`), testOffers(1))),
          },
        }),
        categories: categoriesMachine.provide({ actors: { loadCategories: fromPromise<CategoryList>(async () => (loads.push('categories'), { list: [], record: {} })) } }),
      },
    }),
    { input: { types } },
  ).start();
  return { actor, loads };
}

const count = (loads: string[], id: string) => loads.filter((load) => load === id).length;

describe('the per-type feeds, generated paths over counting fakes', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    it(path.steps.map((s) => s.event.type).join(' → ') || 'starts a feed per type and the categories', async () => {
      const feeds = startTypeFeeds(['benefit', 'live']);
      const started = Object.values(feeds.actor.getSnapshot().children);
      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = JSON.parse(String(state.value)) as World;
            if (w.stopped) {
              expect(feeds.actor.getSnapshot().status).toBe('stopped');
              expect(started.every((child) => child!.getSnapshot().status === 'stopped')).toBe(true);
              return;
            }
            expect(Object.keys(feeds.actor.getSnapshot().children).sort()).toEqual(['categories', 'feed.benefit', 'feed.live']);
            await vi.waitFor(() => {
              for (const id of ['feed.benefit', 'feed.live', 'categories']) expect(count(feeds.loads, id)).toBe(1 + w.reloads);
            });
            // A type the brand does not show has no feed.
            expect(count(feeds.loads, 'feed.editorial')).toBe(0);
          },
        },
        events: {
          RELOAD: () => feeds.actor.send({ type: 'typeFeeds.reload' }),
          STOP: () => void feeds.actor.stop(),
        },
      });
    });
  }
});
