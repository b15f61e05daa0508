import { enqueueActions, setup } from 'xstate';
import type { OfferType } from '../contract/offer.ts';
import { feedMachine } from './feed.machine.ts';
import { categoriesMachine } from './categories.machine.ts';

export interface TypeFeedsInput {
  /** The offer types whose feed the brand shows (shownOfferTypes in app.rules.ts). */
  types: OfferType[];
}

/**
 * What the first screen of content does not show: one feed per offer type the brand shows, as
 * feed.{type}, and the categories their filter rows (and My categories) offer. The app starts it
 * in a task after the one that drew content's first screen and stops it when content ends.
 */
export const typeFeedsMachine = setup({
  types: {
    context: {} as TypeFeedsInput,
    input: {} as TypeFeedsInput,
    /** Every feed and the categories load again (another language, the network back, a member signed in). */
    events: {} as { type: 'typeFeeds.reload' },
  },
  actors: { feed: feedMachine, categories: categoriesMachine },
  actions: {
    startFeeds: enqueueActions(({ context, enqueue }) => {
      for (const type of context.types) enqueue.spawnChild('feed', { id: `feed.${type}`, systemId: `feed.${type}`, input: { type } });
    }),
    reloadAll: enqueueActions(({ context, enqueue }) => {
      for (const type of context.types) enqueue.sendTo(`feed.${type}`, { type: 'feed.reload' });
      enqueue.sendTo('categories', { type: 'categories.reload' });
    }),
  },
}).createMachine({
  id: 'typeFeeds',
  context: ({ input }) => ({ types: input.types }),
  entry: 'startFeeds',
  invoke: { src: 'categories', id: 'categories', systemId: 'categories' },
  on: { 'typeFeeds.reload': { actions: 'reloadAll' } },
});
