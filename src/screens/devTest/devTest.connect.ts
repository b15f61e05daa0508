import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { devChecks, type DevCheck, type DevOutcome, type devTestMachine } from '../../../machines/devTest.machine.ts';

export type DevTestRef = ActorRefFrom<typeof devTestMachine>;
export type CheckStatus = 'idle' | 'running' | 'succeeded' | 'failed';

export interface CheckView {
  check: DevCheck;
  status: CheckStatus;
  outcome: DevOutcome | null;
  failure: string | null;
  run: () => void;
}

/** The test page's buttons: each one's state, what it found and how to run it. */
export function connectDevTest(snapshot: SnapshotFrom<typeof devTestMachine>, ref: DevTestRef): CheckView[] {
  const value = snapshot.value as Record<DevCheck, CheckStatus>;
  return devChecks.map((check) => ({
    check,
    status: value[check],
    outcome: snapshot.context.outcomes[check] ?? null,
    failure: snapshot.context.failures[check] ?? null,
    run: () => ref.send({ type: 'devTest.run', check }),
  }));
}

/** Whether two views show the same (the run functions aside). */
export function sameChecks(a: CheckView[], b: CheckView[]): boolean {
  return a.every((view, i) => view.status === b[i]!.status && view.outcome === b[i]!.outcome && view.failure === b[i]!.failure);
}
