import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { createAccountMachine, TextField } from '../../../machines/createAccount.machine.ts';

export type CreateAccountRef = ActorRefFrom<typeof createAccountMachine>;

/** Turns the create-account snapshot into view values and intent functions. */
export function connectCreateAccount(snapshot: SnapshotFrom<typeof createAccountMachine>, ref: CreateAccountRef) {
  const { form, fieldErrors, error, verifyWithSsn } = snapshot.context;
  return {
    form,
    fieldErrors,
    verifyWithSsn,
    errorCode: error?.code ?? null,
    busy: snapshot.hasTag('busy'),
    /** The account exists but signing in to it failed: offer only the sign-in again. */
    signInFailed: snapshot.matches('signInFailed'),
    setField: (field: TextField, value: string) => ref.send({ type: 'createAccount.fieldChanged', field, value }),
    setTermsAccepted: (accepted: boolean) => ref.send({ type: 'createAccount.termsChanged', accepted }),
    submit: () => ref.send({ type: 'createAccount.submit' }),
    retrySignIn: () => ref.send({ type: 'createAccount.retrySignIn' }),
  };
}

export type CreateAccountView = ReturnType<typeof connectCreateAccount>;
