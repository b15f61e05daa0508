import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { resetPasswordMachine } from '../../../machines/resetPassword.machine.ts';

export type ResetPasswordRef = ActorRefFrom<typeof resetPasswordMachine>;

const firstInvalid = (errors: { password?: unknown; repeat?: unknown }): 'password' | 'repeat' | null =>
  errors.password ? 'password' : errors.repeat ? 'repeat' : null;

/** Turns the reset-password snapshot into view values and intent functions. */
export function connectResetPassword(snapshot: SnapshotFrom<typeof resetPasswordMachine>, ref: ResetPasswordRef) {
  return {
    password: snapshot.context.password,
    repeat: snapshot.context.repeat,
    passwordError: snapshot.context.fieldErrors.password ?? null,
    repeatError: snapshot.context.fieldErrors.repeat ?? null,
    errorCode: snapshot.context.error?.code ?? null,
    busy: snapshot.hasTag('busy'),
    /** The link is unknown, used or expired: the form is replaced by a way to ask for a new one. */
    linkFailed: snapshot.matches('linkFailed'),
    saved: snapshot.matches('saved'),
    setPassword: (value: string) => ref.send({ type: 'resetPassword.passwordChanged', value }),
    setRepeat: (value: string) => ref.send({ type: 'resetPassword.repeatChanged', value }),
    /** Refused submits so far, and the field to move focus to after the last one. */
    refusals: snapshot.context.refusals,
    firstInvalid: firstInvalid(snapshot.context.fieldErrors),
    submit: () => ref.send({ type: 'resetPassword.submit' }),
    dismiss: () => ref.send({ type: 'resetPassword.dismiss' }),
  };
}
