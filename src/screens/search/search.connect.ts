import type { SnapshotFrom } from 'xstate';
import type { searchMachine } from '../../../machines/search.machine.ts';
import type { SearchRef } from '../../appActor.ts';

/** The search page: what is typed, whether the default feed or results are shown, and intents. */
export function connectSearch(snapshot: SnapshotFrom<typeof searchMachine>, ref: SearchRef) {
  const { query, results } = snapshot.context;
  return {
    query,
    /** The member has just tapped the mixed feed's search field to come here. */
    arrivingFromFeedField: snapshot.matches({ searchField: 'hiddenInPlace' }),
    showsDefaultFeed: snapshot.matches({ list: 'defaultFeed' }),
    /** A request for what was typed is waiting for the debounce or the server. */
    pending: !snapshot.matches({ pending: 'none' }),
    results: results.items,
    resultsQuery: results.query,
    /** Results with more pages to come (stays true while one loads, so the sentinel is not re-armed). */
    hasMore: snapshot.matches({ list: 'more' }) || snapshot.matches({ list: 'loadingMore' }),
    loadingMore: snapshot.matches({ list: 'loadingMore' }),
    changeQuery: (value: string) => ref.send({ type: 'search.queryChanged', query: value }),
    loadMore: () => ref.send({ type: 'search.loadMore' }),
  };
}

/** The mixed feed's search field: hidden in place while the search page slides in. */
export function connectSearchField(snapshot: SnapshotFrom<typeof searchMachine>, ref: SearchRef) {
  return {
    query: snapshot.context.query,
    hidden: snapshot.matches({ searchField: 'hiddenInPlace' }),
    focused: () => ref.send({ type: 'search.fieldFocused' }),
  };
}
