import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { bankIdSignInMachine, BankIdDevice } from '../../../machines/bankIdSignIn.machine.ts';

export type BankIdRef = ActorRefFrom<typeof bankIdSignInMachine>;
export type BankIdPhase = 'idle' | 'starting' | 'sameDevice' | 'otherDevice' | 'signingIn' | 'outcome';

/** API errors worth telling as they are; any other failure is 'Failed to authenticate!'. */
const toldCodes = new Set(['auth/ssn-not-found', 'auth/too-many-attempts', 'failed_to_fetch']);

/** The outcome's message id (errorMessages.ts), or null while nothing has ended. */
function outcomeCode(snapshot: SnapshotFrom<typeof bankIdSignInMachine>): string | null {
  if (snapshot.matches('timedOut')) return 'bankid_timed_out';
  if (snapshot.matches('cancelled')) return 'bankid_cancelled';
  if (snapshot.matches('qrError')) return 'bankid_qr_failed';
  if (snapshot.matches('failed')) {
    const code = snapshot.context.errorCode;
    return code && toldCodes.has(code) ? code : 'bankid_failed';
  }
  return null;
}

function phaseOf(snapshot: SnapshotFrom<typeof bankIdSignInMachine>): BankIdPhase {
  if (snapshot.matches('starting')) return 'starting';
  if (snapshot.matches({ collecting: { device: 'sameDevice' } })) return 'sameDevice';
  if (snapshot.matches({ collecting: { device: 'otherDevice' } })) return 'otherDevice';
  if (snapshot.matches('signingIn') || snapshot.matches('success') || snapshot.matches('cancelling')) return 'signingIn';
  return outcomeCode(snapshot) ? 'outcome' : 'idle';
}

/** What the member can ask of an order; the same functions for every snapshot. */
export function bankIdIntents(ref: BankIdRef) {
  return {
    start: (device: BankIdDevice) => ref.send({ type: 'bankId.start', device }),
    cancel: () => ref.send({ type: 'bankId.cancel' }),
    qrFailed: () => ref.send({ type: 'bankId.qrFailed' }),
    /** The member left the sign-in screen mid-order. */
    leave: () => ref.send({ type: 'bankId.left' }),
  };
}

/** The bank-eID section's view values and intents. */
export function connectBankId(snapshot: SnapshotFrom<typeof bankIdSignInMachine>, ref: BankIdRef) {
  const token = snapshot.context.order?.autoStartToken;
  return {
    phase: phaseOf(snapshot),
    hintCode: snapshot.context.hintCode,
    qrCode: snapshot.context.qrCode,
    outcomeCode: outcomeCode(snapshot),
    /** BankID's autostart link; redirect=null: the app returns to nothing, the browser stays where it is. */
    autoStartLink: token ? `bankid:///?autostarttoken=${encodeURIComponent(token)}&redirect=null` : null,
    simulatedAppLink: token ? `/dev/bankid?autostarttoken=${encodeURIComponent(token)}` : null,
    canStart: snapshot.can({ type: 'bankId.start', device: 'sameDevice' }),
    canCancel: snapshot.can({ type: 'bankId.cancel' }),
    ...bankIdIntents(ref),
  };
}
