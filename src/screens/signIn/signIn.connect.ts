import type { SnapshotFrom } from 'xstate';
import type { signInMachine } from '../../../machines/signIn.machine.ts';
import type { SignInRef } from '../../appActor.ts';

/** Turns the form's snapshot into view values and intent functions. */
export function connectSignIn(snapshot: SnapshotFrom<typeof signInMachine>, ref: SignInRef) {
  return {
    email: snapshot.context.email,
    password: snapshot.context.password,
    emailError: snapshot.context.fieldErrors.email,
    passwordError: snapshot.context.fieldErrors.password,
    errorCode: snapshot.context.error?.code ?? null,
    notice: snapshot.context.notice,
    busy: !snapshot.matches('editing'),
    setEmail: (value: string) => ref.send({ type: 'signIn.emailChanged', value }),
    setPassword: (value: string) => ref.send({ type: 'signIn.passwordChanged', value }),
    submit: () => ref.send({ type: 'signIn.submit' }),
  };
}
