import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { versionRevealMachine } from '../../../machines/versionReveal.machine.ts';

export type VersionRevealRef = ActorRefFrom<typeof versionRevealMachine>;

export type Reveal = 'hidden' | 'reading' | 'revealed' | 'noToken' | 'failed';

/** The About page's version button: what a tap does and what it revealed. */
export function connectVersionReveal(snapshot: SnapshotFrom<typeof versionRevealMachine>, ref: VersionRevealRef) {
  const reveal: Reveal = snapshot.matches('reading')
    ? 'reading'
    : snapshot.matches('revealed')
      ? 'revealed'
      : snapshot.matches('noToken')
        ? 'noToken'
        : snapshot.matches('failed')
          ? 'failed'
          : 'hidden';
  return {
    reveal,
    token: snapshot.context.token,
    tap: () => ref.send({ type: 'version.tapped' }),
  };
}
