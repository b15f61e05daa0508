import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { myCategoriesMachine } from '../../machines/myCategories.machine.ts';
import { categoriesMachine } from '../../machines/categories.machine.ts';
import type { Category } from '../../contract/offer.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { MyCategories } from '../../src/screens/myCategories/MyCategoriesScreen.tsx';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';
import { renderScreen } from './offerListHarness.tsx';

/*
 * My categories as the member meets them (issue 23): the brand's categories as checkboxes over
 * the real machine, a fake server that answers when the test says, and a fake app. The model:
 * a tap shows at once and saves the whole list; taps while a save is on its way are sent after
 * it as one list, so none is lost; a failed save goes back to the last saved list and tells the
 * member; the app hears every saved list. The member starts with Food as a favourite.
 */
type Id = 'food' | 'music';
interface World {
  checked: Id[];
  server: Id[];
  /** The list on its way to the server, or null. */
  sending: Id[] | null;
  failed: boolean;
  up: boolean;
  taps: number;
}

const toggle = (list: Id[], id: Id): Id[] => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id].sort());
const same = (a: Id[], b: Id[]) => a.join() === b.join();

function next(w: World, event: string): World | null {
  const tap = (id: Id): World | null => {
    if (w.taps >= 3) return null;
    const checked = toggle(w.checked, id);
    return { ...w, checked, sending: w.sending ?? checked, failed: false, taps: w.taps + 1 };
  };
  switch (event) {
    case 'TAP_FOOD':
      return tap('food');
    case 'TAP_MUSIC':
      return tap('music');
    case 'SERVER_ANSWERS': {
      if (!w.sending) return null;
      if (!w.up) return { ...w, checked: w.server, sending: null, failed: true };
      return { ...w, server: w.sending, sending: same(w.checked, w.sending) ? null : w.checked };
    }
    case 'SERVER_DOWN':
      return w.up ? { ...w, up: false } : null;
    default:
      return null;
  }
}

const events = ['TAP_FOOD', 'TAP_MUSIC', 'SERVER_ANSWERS', 'SERVER_DOWN'];
const name = (w: World) => JSON.stringify(w);
const start: World = { checked: ['food'], server: ['food'], sending: null, failed: false, up: true, taps: 0 };
const model = createTestModel(createMachine({ id: 'myCategoriesWorld', initial: name(start), states: exploreWorlds(start, events, next, name) }));

const categories: Category[] = [
  { id: 'food', name: 'Food', typeList: ['benefit'] },
  { id: 'music', name: 'Music', typeList: ['live'] },
];

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

function openScreen() {
  const server = { list: ['food'] as string[], up: true, requests: [] as { list: string[]; answer: () => void }[] };
  const told: string[][] = [];
  const logic = myCategoriesMachine.provide({
    actors: {
      saveFavourites: fromPromise(
        ({ input }: { input: { categoryIdList: string[] } }) =>
          new Promise<{ categoryIdList: string[] }>((resolve, reject) => {
            server.requests.push({
              list: input.categoryIdList,
              answer: () => {
                if (!server.up) return reject(new ApiError(500, 'internal_error', 'down'));
                server.list = [...input.categoryIdList];
                resolve({ categoryIdList: [...input.categoryIdList] });
              },
            });
          }),
      ),
    },
    actions: { tellSaved: (_, list) => void told.push(list) },
  });
  const categoriesRef = createActor(
    categoriesMachine.provide({
      actors: { loadCategories: fromPromise(async () => ({ list: categories, record: Object.fromEntries(categories.map((c) => [c.id, c])) })) },
    }),
  ).start();
  const view = renderScreen(<MyCategories logic={logic} categoriesRef={categoriesRef} favouriteIds={['food']} />);
  return { server, told, view, stop: () => categoriesRef.stop() };
}

describe('My categories on the rendered screen, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(steps, async () => {
      const page = openScreen();
      await settle();
      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = JSON.parse(String(state.value)) as World;
            await settle();
            expect((screen.getByRole('checkbox', { name: 'Food' }) as HTMLInputElement).checked).toBe(w.checked.includes('food'));
            expect((screen.getByRole('checkbox', { name: 'Music' }) as HTMLInputElement).checked).toBe(w.checked.includes('music'));
            expect([...page.server.list].sort()).toEqual(w.server);
            const waiting = page.server.requests.at(-1);
            expect(waiting ? [...waiting.list].sort() : null).toEqual(w.sending);
            expect(screen.getByRole('alert').textContent).toBe(w.failed ? 'Your categories could not be saved. Please try again.' : '');
            // The app (and so the feed's filter) hears each list the server saved.
            expect(page.told.at(-1)?.slice().sort() ?? ['food']).toEqual(w.server);
          },
        },
        events: {
          TAP_FOOD: () => void fireEvent.click(screen.getByRole('checkbox', { name: 'Food' })),
          TAP_MUSIC: () => void fireEvent.click(screen.getByRole('checkbox', { name: 'Music' })),
          SERVER_ANSWERS: async () => {
            const request = page.server.requests.shift()!;
            request.answer();
            await settle();
          },
          SERVER_DOWN: () => void (page.server.up = false),
        },
      });
      page.stop();
    });
  }
});
