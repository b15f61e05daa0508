import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { currentPasswordMachine } from '../../../machines/currentPassword.machine.ts';

export type CurrentPasswordRef = ActorRefFrom<typeof currentPasswordMachine>;

/** Turns the current-password dialog's snapshot into view values and intent functions. */
export function connectCurrentPassword(snapshot: SnapshotFrom<typeof currentPasswordMachine>, ref: CurrentPasswordRef) {
  return {
    password: snapshot.context.password,
    missing: snapshot.matches({ editing: 'missing' }),
    refused: snapshot.matches({ editing: 'refused' }),
    refusalCode: snapshot.context.refusal?.code ?? null,
    /** The password is being used: the dialog waits for the answer. */
    busy: snapshot.hasTag('busy'),
    setPassword: (value: string) => ref.send({ type: 'currentPassword.changed', value }),
    confirm: () => ref.send({ type: 'currentPassword.confirm' }),
    cancel: () => ref.send({ type: 'currentPassword.cancel' }),
  };
}
