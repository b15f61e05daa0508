import { fromPromise, not, setup } from 'xstate';

/**
 * A door (spec 9.9) that opens with a checked key. It locks itself after a while.
 */
export const doorMachine = setup({
  actors: { checkKey: fromPromise(async () => true) },
  guards: { isAdmin: () => false, isOpenable: () => true },
}).createMachine({
  id: 'door',
  initial: 'closed',
  on: { 'door.reset': '.closed' },
  states: {
    closed: {
      on: {
        'door.open': [{ guard: 'isOpenable', target: 'checking' }, { target: 'refused' }],
        'door.knock': { actions: () => undefined },
      },
    },
    checking: {
      invoke: { src: 'checkKey', onDone: 'open', onError: { guard: not('isAdmin'), target: 'refused' } },
    },
    open: {
      type: 'parallel',
      on: { 'door.close': 'closed' },
      states: {
        light: { initial: 'on', states: { on: { after: { 1000: 'off' } }, off: {} } },
        alarm: { initial: 'quiet', states: { quiet: {} } },
      },
    },
    refused: { always: { target: 'broken', guard: 'isAdmin' } },
    broken: { type: 'final' },
  },
});

/** Not a machine, so not drawn. */
export const doorColour = 'red';
