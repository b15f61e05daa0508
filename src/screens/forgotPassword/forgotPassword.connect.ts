import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { forgotPasswordMachine } from '../../../machines/forgotPassword.machine.ts';

export type ForgotPasswordRef = ActorRefFrom<typeof forgotPasswordMachine>;

/** Turns the forgot-password snapshot into view values and intent functions. */
export function connectForgotPassword(snapshot: SnapshotFrom<typeof forgotPasswordMachine>, ref: ForgotPasswordRef) {
  return {
    email: snapshot.context.email,
    emailError: snapshot.context.emailError,
    errorCode: snapshot.context.error?.code ?? null,
    busy: snapshot.hasTag('busy'),
    sent: snapshot.matches('sent'),
    setEmail: (value: string) => ref.send({ type: 'forgotPassword.emailChanged', value }),
    /** Sends the form; answers 'email' when the machine refused the address. */
    submit: (): 'email' | null => {
      ref.send({ type: 'forgotPassword.submit' });
      return ref.getSnapshot().context.emailError ? 'email' : null;
    },
    dismiss: () => ref.send({ type: 'forgotPassword.dismiss' }),
  };
}
