import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { setUpMachine } from '../../../machines/setUp.machine.ts';
import type { SetUpField } from '../../../domain/setUpForm.ts';

export type SetUpRef = ActorRefFrom<typeof setUpMachine>;
type SetUpSnapshot = SnapshotFrom<typeof setUpMachine>;

const fieldOrder: SetUpField[] = ['email', 'phone', 'password', 'referral'];

/** The first field with an error, to move focus to after a refused submit. */
function firstInvalid(snapshot: SetUpSnapshot): SetUpField | null {
  return fieldOrder.find((field) => snapshot.context.fieldErrors[field]) ?? null;
}

/** The set-up phase's way out, shown even before the form's machine runs. */
export function connectSetUpPhase(app: { send: (event: { type: 'app.signOut' }) => void }) {
  return { signOut: () => app.send({ type: 'app.signOut' }) };
}

/** Turns the set-up snapshot into view values and intent functions. */
export function connectSetUp(snapshot: SetUpSnapshot, ref: SetUpRef) {
  const { form, settings, fieldErrors } = snapshot.context;
  return {
    /** A member with a generated password chooses one (and may change the e-mail); one chosen at sign-up is not asked again. */
    asksCredentials: snapshot.context.asks.credentials,
    email: form.email,
    phone: form.phone,
    password: form.password,
    card: form.card,
    cardDigits: form.cardDigits,
    referralCode: form.referralCode,
    inputType: settings.referralCodeInputType,
    fieldLength: settings.referralCodeInputFieldLength,
    hint: settings.referralCodeInputHint,
    emailError: fieldErrors.email,
    phoneError: fieldErrors.phone,
    passwordError: fieldErrors.password,
    referralError: fieldErrors.referral,
    errorCode: snapshot.context.error?.code ?? null,
    ready: !snapshot.matches('prefilling'),
    busy: snapshot.hasTag('busy'),
    signInFailed: snapshot.matches('signInFailed'),
    setEmail: (value: string) => ref.send({ type: 'setUp.emailChanged', value }),
    setPhone: (value: string) => ref.send({ type: 'setUp.phoneChanged', value }),
    setPassword: (value: string) => ref.send({ type: 'setUp.passwordChanged', value }),
    setReferralCode: (value: string) => ref.send({ type: 'setUp.referralCodeChanged', value }),
    chooseCard: (index: number) => ref.send({ type: 'setUp.cardChosen', index }),
    enterCardDigits: (index: number, digits: string) => ref.send({ type: 'setUp.cardDigitsEntered', index, digits }),
    eraseCardDigit: (index: number) => ref.send({ type: 'setUp.cardDigitErased', index }),
    /** Sends the form; answers the first field the machine refused, if any. */
    submit: (): SetUpField | null => {
      ref.send({ type: 'setUp.submit' });
      return firstInvalid(ref.getSnapshot());
    },
    retrySignIn: () => ref.send({ type: 'setUp.retry' }),
  };
}

export type SetUpView = ReturnType<typeof connectSetUp>;
