import { fromPromise } from 'xstate';
import { clipboardCopyMachine } from '../../machines/clipboardCopy.machine.ts';
import { copyToClipboard } from '../services/clipboard.ts';

/** The copy buttons' machine, writing to the browser's clipboard. */
export const wireClipboard = () =>
  clipboardCopyMachine.provide({
    actors: { copyText: fromPromise(({ input }: { input: { text: string } }) => copyToClipboard(input.text)) },
  });
