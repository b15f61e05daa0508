import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { createAccountMachine, TextField } from '../../../machines/createAccount.machine.ts';
import type { CreateAccountErrors, CreateAccountField } from '../../../domain/accountForms.ts';

export type CreateAccountRef = ActorRefFrom<typeof createAccountMachine>;

/** The form's fields in screen order (each mode shows only some), the terms checkbox last. */
const fieldOrder: CreateAccountField[] = [
  'email',
  'password',
  'ssn',
  'fullName',
  'phoneNumber',
  'careOf',
  'street',
  'zipCode',
  'city',
  'termsAccepted',
];

const firstInvalid = (errors: CreateAccountErrors): CreateAccountField | null => fieldOrder.find((field) => errors[field]) ?? null;

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
    /** Refused submits so far, and the field to move focus to after the last one. */
    refusals: snapshot.context.refusals,
    firstInvalid: firstInvalid(fieldErrors),
    submit: () => ref.send({ type: 'createAccount.submit' }),
    retrySignIn: () => ref.send({ type: 'createAccount.retrySignIn' }),
  };
}

export type CreateAccountView = ReturnType<typeof connectCreateAccount>;
