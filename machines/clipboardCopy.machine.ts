import { assign, fromPromise, setup } from 'xstate';
import { callErrorOf, notProvided } from './errorCode.ts';

/** The spec's clipboard result (section 8): success with its text, or failure with the error's message. */
export type ClipboardResult = { status: true; message: string } | { status: false; message: string };

export interface ClipboardCopyContext {
  /** The text last asked to be copied. */
  text: string | null;
  /** The last copy's result, kept to tell the member. */
  result: ClipboardResult | null;
}

export type ClipboardCopyEvent = { type: 'clipboard.copy'; text: string };

/**
 * One copy button set (a page's promo codes): idle, copying, then copied or failed, each telling
 * which text; copying another code starts over. The result is what the view announces.
 */
export const clipboardCopyMachine = setup({
  types: {
    context: {} as ClipboardCopyContext,
    events: {} as ClipboardCopyEvent,
  },
  actors: {
    /** Writes to the system clipboard; never rejects, answers the spec's result. */
    copyText: fromPromise<ClipboardResult, { text: string }>(async () => notProvided('copyText')),
  },
  guards: {
    copied: (_, result: ClipboardResult) => result.status,
  },
}).createMachine({
  id: 'clipboardCopy',
  context: { text: null, result: null },
  initial: 'idle',
  on: {
    'clipboard.copy': { target: '.copying', actions: assign({ text: ({ event }) => event.text, result: null }) },
  },
  states: {
    idle: {},
    copying: {
      invoke: {
        src: 'copyText',
        input: ({ context }) => ({ text: context.text ?? '' }),
        onDone: [
          {
            guard: { type: 'copied', params: ({ event }) => event.output },
            target: 'copied',
            actions: assign({ result: ({ event }) => event.output }),
          },
          { target: 'failed', actions: assign({ result: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ result: ({ event }) => ({ status: false as const, message: callErrorOf(event.error).message }) }),
        },
      },
    },
    copied: {},
    failed: {},
  },
});
