import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './errorCode.ts';

export interface MyCategoriesContext {
  /** The favourites as the member sees them (saved, or on their way). */
  chosen: string[];
  /** The favourites the server last confirmed: a failed save goes back to them. */
  saved: string[];
  /** The list being saved. */
  sending: string[];
}

export type MyCategoriesEvent = { type: 'myCategories.toggled'; categoryId: string };

/** The list after a tap: a favourite is removed, any other category added (in the order tapped). */
export const toggled = (list: string[], categoryId: string): string[] =>
  list.includes(categoryId) ? list.filter((id) => id !== categoryId) : [...list, categoryId];

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * The member's favourite categories at /more/categories (issue 23): each tap shows at once and
 * saves the whole list (PUT /v1/update/user/category). Taps while a save is on its way are
 * sent after it, as one list, so none is lost; a failed save goes back to the last saved list
 * and tells the member (spec 8: category update failed).
 */
export const myCategoriesMachine = setup({
  types: {
    context: {} as MyCategoriesContext,
    events: {} as MyCategoriesEvent,
    input: {} as { favouriteIds: string[] },
  },
  actors: {
    saveFavourites: fromPromise<{ categoryIdList: string[] }, { categoryIdList: string[] }>(async () => notProvided('saveFavourites')),
  },
  actions: {
    /** The app's member (and so the feed's "My categories" filter) follows the saved list. */
    tellSaved: (_, _categoryIdList: string[]) => notProvided('tellSaved'),
    toggle: assign(({ context }, categoryId: string) => ({ chosen: toggled(context.chosen, categoryId) })),
  },
  guards: {
    /** Nothing was tapped while the last list was on its way. */
    sentLastChoice: ({ context }) => sameIds(context.chosen, context.sending),
  },
}).createMachine({
  id: 'myCategories',
  context: ({ input }) => ({ chosen: input.favouriteIds, saved: input.favouriteIds, sending: [] }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'myCategories.toggled': { target: 'saving', actions: { type: 'toggle', params: ({ event }) => event.categoryId } } },
    },
    saving: {
      tags: ['busy'],
      entry: assign({ sending: ({ context }) => context.chosen }),
      on: { 'myCategories.toggled': { actions: { type: 'toggle', params: ({ event }) => event.categoryId } } },
      invoke: {
        src: 'saveFavourites',
        input: ({ context }) => ({ categoryIdList: context.sending }),
        onDone: [
          {
            guard: 'sentLastChoice',
            target: 'idle',
            actions: [
              assign({ saved: ({ event }) => event.output.categoryIdList }),
              { type: 'tellSaved', params: ({ event }) => event.output.categoryIdList },
            ],
          },
          {
            target: 'saving',
            reenter: true,
            actions: [
              assign({ saved: ({ event }) => event.output.categoryIdList }),
              { type: 'tellSaved', params: ({ event }) => event.output.categoryIdList },
            ],
          },
        ],
        onError: { target: 'failed', actions: assign({ chosen: ({ context }) => context.saved }) },
      },
    },
    /** The choice went back to the saved list; the member is told until they try again. */
    failed: {
      on: { 'myCategories.toggled': { target: 'saving', actions: { type: 'toggle', params: ({ event }) => event.categoryId } } },
    },
  },
});
