import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { callErrorOf, notProvided, type CallError } from './errorCode.ts';
import type { Brand } from '../contract/brand.ts';
import type { ContainerVersion } from '../domain/version.ts';

/** The brand and the container's version, or why the app cannot open (the error screen tells it). */
export interface AppStartOutput {
  brand: Brand | null;
  containerVersion: ContainerVersion | null;
  error: CallError | null;
}

/**
 * What the app needs before anyone signs in: the brand, or, with the network down, the one this
 * device saved when it last loaded it (issue 26), and the native container's version (asked
 * beside it; null in a plain browser or when it cannot tell). Ends with both, or with the error
 * that stops the app: the brand's, or the network's when this device saved no brand.
 */
export const appStartMachine = setup({
  types: {
    context: {} as AppStartOutput,
    output: {} as AppStartOutput,
  },
  actors: {
    loadBrand: fromPromise<Brand>(async () => notProvided('loadBrand')),
    /** Rejects when this device has no saved brand. */
    loadSavedBrand: fromPromise<Brand>(async () => notProvided('loadSavedBrand')),
    /** Spec 7: the container's bridge or service; the same version all page long. */
    loadContainerVersion: fromPromise<ContainerVersion | null>(async () => notProvided('loadContainerVersion')),
  },
  actions: {
    keepError: assign((_, error: CallError) => ({ error })),
    /** The app says it is offline (machines/connection.machine.ts), also before the browser's events tell it. */
    tellConnectionLost: enqueueActions(({ enqueue, system }) => {
      const connection = system.get('connection');
      if (connection) enqueue.sendTo(connection, { type: 'connection.lost' });
    }),
  },
  guards: {
    /** No answer at all (spec 8: status 600, failed_to_fetch), not an error the server answered. */
    isNetworkFailure: (_, error: CallError) => error.code === 'failed_to_fetch',
  },
}).createMachine({
  id: 'appStart',
  context: { brand: null, containerVersion: null, error: null },
  initial: 'starting',
  states: {
    starting: {
      type: 'parallel',
      onDone: 'started',
      states: {
        brand: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadBrand',
                onDone: { target: 'loaded', actions: assign({ brand: ({ event }) => event.output }) },
                onError: [
                  {
                    guard: { type: 'isNetworkFailure', params: ({ event }) => callErrorOf(event.error) },
                    target: 'saved',
                    actions: [{ type: 'keepError', params: ({ event }) => callErrorOf(event.error) }, 'tellConnectionLost'],
                  },
                  { target: '#appStart.failed', actions: { type: 'keepError', params: ({ event }) => callErrorOf(event.error) } },
                ],
              },
            },
            /** Offline at start: the saved brand if this device has one, else the network error stands. */
            saved: {
              invoke: {
                src: 'loadSavedBrand',
                onDone: { target: 'loaded', actions: assign({ brand: ({ event }) => event.output, error: null }) },
                onError: '#appStart.failed',
              },
            },
            loaded: { type: 'final' },
          },
        },
        version: {
          initial: 'asking',
          states: {
            asking: {
              invoke: {
                src: 'loadContainerVersion',
                onDone: { target: 'known', actions: assign({ containerVersion: ({ event }) => event.output }) },
                onError: 'known',
              },
            },
            known: { type: 'final' },
          },
        },
      },
    },
    started: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) => context,
});
