import { assign, not, setup } from 'xstate';
import { notProvided } from './errorCode.ts';

export interface GuideInput {
  /** The member already saw the guide on this device (finished or skipped it). */
  seen: boolean;
  stepCount: number;
}

export interface GuideContext {
  /** The step shown, from 0. */
  step: number;
  stepCount: number;
  /** Seen before this start (input): decides only whether the guide opens. */
  seenBefore: boolean;
}

export type GuideEvent = { type: 'guide.next' } | { type: 'guide.back' } | { type: 'guide.skip' };

/**
 * The step-by-step guide (issue 23): shown once per member and device, as a dialog on the first
 * signed-in visit, and again as a page from More. Finishing or skipping marks it seen.
 */
export const guideMachine = setup({
  types: {
    context: {} as GuideContext,
    events: {} as GuideEvent,
    input: {} as GuideInput,
  },
  actions: {
    /** Remembers on this device, for this member of this brand, that the guide was seen. */
    markSeen: () => notProvided('markSeen'),
    /** Where the member goes when the guide ends (the page goes back; the dialog just closes). */
    leave: () => notProvided('leave'),
  },
  guards: {
    wasSeenBefore: ({ context }) => context.seenBefore,
    onLastStep: ({ context }) => context.step >= context.stepCount - 1,
    onFirstStep: ({ context }) => context.step === 0,
  },
}).createMachine({
  id: 'guide',
  context: ({ input }) => ({ step: 0, stepCount: input.stepCount, seenBefore: input.seen }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'wasSeenBefore', target: 'hidden' }, { target: 'showing' }],
    },
    showing: {
      on: {
        'guide.next': [{ guard: 'onLastStep', target: 'finished' }, { actions: assign({ step: ({ context }) => context.step + 1 }) }],
        'guide.back': { guard: not('onFirstStep'), actions: assign({ step: ({ context }) => context.step - 1 }) },
        'guide.skip': 'finished',
      },
    },
    finished: { entry: ['markSeen', 'leave'] },
    /** Seen before: the first-visit dialog does not show. */
    hidden: {},
  },
});
