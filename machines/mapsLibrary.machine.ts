/// <reference types="google.maps" />
import { assign, fromCallback, fromPromise, not, setup } from 'xstate';
import { notProvided } from './errorCode.ts';

/** What the maps service gives the map view: the Maps JavaScript API's map and marker classes. The machines only keep it. */
export interface MapsLibrary {
  core: google.maps.CoreLibrary;
  maps: google.maps.MapsLibrary;
  marker: google.maps.MarkerLibrary;
}

export interface MapsLibraryInput {
  /** The brand's browser key from the map settings. */
  apiKey: string;
  /** The app's language: the map's labels and controls speak it. */
  language: string;
}

export interface MapsLibraryContext extends MapsLibraryInput {
  /** Failed loads so far (spec 9's "errors"). */
  errors: number;
  /** /more is the active stack, as the watcher last said. */
  stackActive: boolean;
  library: MapsLibrary | null;
}

export type MapsLibraryEvent =
  /** /more became (or is) the active stack (spec 2.1). */
  | { type: 'mapsLibrary.stackActive' }
  /** The member went to another tab. */
  | { type: 'mapsLibrary.stackInactive' };

/** The library, or null when it did not load after the retries. */
export interface MapsLibraryOutput {
  library: MapsLibrary | null;
}

/** Spec 9: the maps script is tried again up to 3 times. */
export const mapRetries = 3;

/** Spec 9: the wait before a retry is errors·2^errors ms (2, 8, 24). */
export const mapRetryDelayMs = (errors: number) => errors * 2 ** errors;

/**
 * The maps library for a restaurant screen (spec 2.1, 7, 9), shared by the map and a
 * restaurant's page: waits until /more is the active stack, loads the library, and after a
 * failure waits errors·2^errors ms and tries again, up to 3 times; a wait for a retry that sees
 * /more leave the active stack waits for it again instead. Ends with the library, or with none.
 */
export const mapsLibraryMachine = setup({
  types: {
    context: {} as MapsLibraryContext,
    events: {} as MapsLibraryEvent,
    input: {} as MapsLibraryInput,
    output: {} as MapsLibraryOutput,
  },
  actors: {
    /** The Maps JavaScript API's libraries with the brand's key, in the app's language. */
    loadMapsLibrary: fromPromise<MapsLibrary, MapsLibraryInput>(async () => notProvided('loadMapsLibrary')),
    /** Sends mapsLibrary.stackActive when (or as soon as) /more is the active stack, mapsLibrary.stackInactive when it stops being. */
    watchActiveStack: fromCallback<MapsLibraryEvent>(() => notProvided('watchActiveStack')),
  },
  delays: {
    retryDelay: ({ context }) => mapRetryDelayMs(context.errors),
  },
  guards: {
    mayRetry: ({ context }) => context.errors < mapRetries,
    isStackActive: ({ context }) => context.stackActive,
  },
}).createMachine({
  id: 'mapsLibrary',
  context: ({ input }) => ({ ...input, errors: 0, stackActive: false, library: null }),
  invoke: { src: 'watchActiveStack' },
  on: {
    'mapsLibrary.stackActive': { actions: assign({ stackActive: true }) },
    'mapsLibrary.stackInactive': { actions: assign({ stackActive: false }) },
  },
  initial: 'waitingForStack',
  states: {
    waitingForStack: {
      always: { guard: 'isStackActive', target: 'loadingLibrary' },
    },
    loadingLibrary: {
      tags: ['busy'],
      invoke: {
        src: 'loadMapsLibrary',
        input: ({ context }) => ({ apiKey: context.apiKey, language: context.language }),
        onDone: { target: 'loaded', actions: assign({ library: ({ event }) => event.output }) },
        onError: [
          { guard: 'mayRetry', target: 'waitingToRetry', actions: assign({ errors: ({ context }) => context.errors + 1 }) },
          { target: 'failed', actions: assign({ errors: ({ context }) => context.errors + 1 }) },
        ],
      },
    },
    /** Spec 8: a member gone to another tab loads no map; the retry waits for /more again. */
    waitingToRetry: {
      tags: ['busy'],
      always: { guard: not('isStackActive'), target: 'waitingForStack' },
      after: { retryDelay: 'loadingLibrary' },
    },
    loaded: { type: 'final' },
    /** The last retry failed too. */
    failed: { type: 'final' },
  },
  output: ({ context }) => ({ library: context.library }),
});
