import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { guideMachine } from '../../../machines/guide.machine.ts';

export type GuideRef = ActorRefFrom<typeof guideMachine>;

export function connectGuide(snapshot: SnapshotFrom<typeof guideMachine>, ref: GuideRef) {
  const { step, stepCount } = snapshot.context;
  return {
    open: snapshot.matches('showing'),
    step,
    stepCount,
    canGoBack: snapshot.can({ type: 'guide.back' }),
    onLastStep: step === stepCount - 1,
    next: () => ref.send({ type: 'guide.next' }),
    back: () => ref.send({ type: 'guide.back' }),
    skip: () => ref.send({ type: 'guide.skip' }),
  };
}
