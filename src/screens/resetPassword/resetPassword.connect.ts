import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { resetPasswordMachine } from '../../../machines/resetPassword.machine.ts';

export type ResetPasswordRef = ActorRefFrom<typeof resetPasswordMachine>;

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
    /** Sends the form; answers the first field the machine refused, if any. */
    submit: (): 'password' | 'repeat' | null => {
      ref.send({ type: 'resetPassword.submit' });
      const { fieldErrors } = ref.getSnapshot().context;
      return fieldErrors.password ? 'password' : fieldErrors.repeat ? 'repeat' : null;
    },
    dismiss: () => ref.send({ type: 'resetPassword.dismiss' }),
  };
}
