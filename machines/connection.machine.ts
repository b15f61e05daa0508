import { fromCallback, sendParent, setup } from 'xstate';
import { notProvided } from './errorCode.ts';

export type ConnectionEvent =
  /** The browser went offline, or a call got no answer at all (spec 8: failed_to_fetch). */
  | { type: 'connection.lost' }
  /** The browser is online again. */
  | { type: 'connection.restored' };

/** Told to the app when the network is back, so it loads afresh what it showed from the device. */
export interface BackOnline {
  type: 'app.backOnline';
}

/**
 * Whether the app can reach the network (issue 26). Offline, the app shows what the device
 * saved with a notice; back online, it tells the app, which loads afresh.
 */
export const connectionMachine = setup({
  types: { events: {} as ConnectionEvent },
  actors: {
    /** The browser's online and offline events, as connection.restored and connection.lost (lost at once when it starts offline). */
    watchConnection: fromCallback<ConnectionEvent>(() => notProvided('watchConnection')),
  },
  actions: {
    tellBackOnline: sendParent({ type: 'app.backOnline' } satisfies BackOnline),
  },
}).createMachine({
  id: 'connection',
  invoke: { src: 'watchConnection' },
  initial: 'online',
  states: {
    online: {
      on: { 'connection.lost': 'offline' },
    },
    /** The notice shows: what is on screen is what this device saved. */
    offline: {
      tags: ['offline'],
      on: { 'connection.restored': { target: 'online', actions: 'tellBackOnline' } },
    },
  },
});
