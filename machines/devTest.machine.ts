import { assign, fromPromise, setup } from 'xstate';
import { callErrorOf, notProvided } from './errorCode.ts';
import type { ContainerVersion } from '../domain/version.ts';

/** The test page's buttons (spec 2.3), each a region of its own: one may run while another shows its outcome. */
export const devChecks = ['reload', 'containerInit', 'pushToken', 'registerPush', 'unregisterPush', 'allowTracking', 'imageLoad'] as const;
export type DevCheck = (typeof devChecks)[number];

/** What a check found, for the page to say. */
export type DevOutcome =
  | { kind: 'reloading' }
  /** null: no native container (a plain browser). */
  | { kind: 'version'; version: ContainerVersion | null }
  | { kind: 'token'; token: string | null }
  /** A bridge message posted, or not available in this container. */
  | { kind: 'message'; sent: boolean }
  | { kind: 'image'; width: number; height: number };

export interface DevTestContext {
  outcomes: Partial<Record<DevCheck, DevOutcome>>;
  /** Why a check failed ('Timeout limit reached'). */
  failures: Partial<Record<DevCheck, string>>;
}

export type DevTestEvent = { type: 'devTest.run'; check: DevCheck };

/** One button's region: idle until pressed, running, then its outcome or its failure; pressing again runs it again. */
function checkRegion(check: DevCheck) {
  const run = { guard: { type: 'isCheck', params: ({ event }: { event: DevTestEvent }) => ({ check, event }) }, target: 'running' } as const;
  return {
    initial: 'idle',
    states: {
      idle: { on: { 'devTest.run': run } },
      running: {
        invoke: {
          src: 'runCheck',
          input: { check },
          onDone: { target: 'succeeded', actions: { type: 'noteOutcome', params: ({ event }: { event: { output: DevOutcome } }) => ({ check, outcome: event.output }) } },
          onError: { target: 'failed', actions: { type: 'noteFailure', params: ({ event }: { event: { error: unknown } }) => ({ check, error: event.error }) } },
        },
      },
      succeeded: { on: { 'devTest.run': run } },
      failed: { on: { 'devTest.run': run } },
    },
  } as const;
}

/**
 * The hidden test page (spec 2.3, test mode only): each button asks the native container (or the
 * browser) one thing and the page shows what came back. Failures are the page's subject here, so
 * they are shown, with their reason; nothing is sent anywhere.
 */
export const devTestMachine = setup({
  types: { context: {} as DevTestContext, events: {} as DevTestEvent },
  actors: {
    /**
     * Runs one check: reload (loads the page again), containerInit (the container's version asked
     * afresh), pushToken, registerPush / unregisterPush / allowTracking (the iOS bridge's
     * registerForPushNotifications, unRegisterForPushNotifications, promptAllowTracking) and
     * imageLoad (an image from an https address on the app's host, which the container serves).
     */
    runCheck: fromPromise<DevOutcome, { check: DevCheck }>(async () => notProvided('runCheck')),
  },
  actions: {
    noteOutcome: assign(({ context }, { check, outcome }: { check: DevCheck; outcome: DevOutcome }) => ({ outcomes: { ...context.outcomes, [check]: outcome } })),
    noteFailure: assign(({ context }, { check, error }: { check: DevCheck; error: unknown }) => ({ failures: { ...context.failures, [check]: callErrorOf(error).message } })),
  },
  guards: {
    isCheck: (_, { check, event }: { check: DevCheck; event: DevTestEvent }) => event.check === check,
  },
}).createMachine({
  id: 'devTest',
  context: { outcomes: {}, failures: {} },
  type: 'parallel',
  states: {
    reload: checkRegion('reload'),
    containerInit: checkRegion('containerInit'),
    pushToken: checkRegion('pushToken'),
    registerPush: checkRegion('registerPush'),
    unregisterPush: checkRegion('unregisterPush'),
    allowTracking: checkRegion('allowTracking'),
    imageLoad: checkRegion('imageLoad'),
  },
});
