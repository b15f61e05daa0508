import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './errorCode.ts';
import type { Category, CategoryList, OfferType } from '../contract/offer.ts';

/** The categories of one offer type, in the server's order. */
export const categoriesOfType = (categories: Category[], type: OfferType): Category[] =>
  categories.filter((category) => category.typeList.includes(type));

/** The brand's categories, loaded once per content session for the feeds' filter rows. */
export const categoriesMachine = setup({
  types: {
    context: {} as { categories: Category[] },
    /** reload: their names in the language now shown. */
    events: {} as { type: 'categories.retry' } | { type: 'categories.reload' },
  },
  actors: {
    loadCategories: fromPromise<CategoryList>(async () => notProvided('loadCategories')),
  },
}).createMachine({
  id: 'categories',
  context: { categories: [] },
  initial: 'loading',
  on: { 'categories.reload': { target: '.loading', reenter: true } },
  states: {
    loading: {
      invoke: {
        src: 'loadCategories',
        onDone: { target: 'loaded', actions: assign({ categories: ({ event }) => event.output.list }) },
        onError: 'failed',
      },
    },
    loaded: {},
    /** Without categories the filter rows are simply not shown; a feed's retry asks again. */
    failed: { on: { 'categories.retry': 'loading' } },
  },
});
