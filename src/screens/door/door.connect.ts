import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { doorScanMachine } from '../../../machines/doorScan.machine.ts';
import { doorNameOf } from '../../../machines/doorScan.rules.ts';

export type DoorRef = ActorRefFrom<typeof doorScanMachine>;
type DoorSnapshot = SnapshotFrom<typeof doorScanMachine>;

export type DoorStep = 'loadingEvenings' | 'eveningsFailed' | 'packFailed' | 'choosing' | 'loadingPack' | 'scanning' | 'verifying' | 'answered';
export type DoorAnswer = 'admitted' | 'alreadyAdmitted' | 'refused';

function stepOf(snapshot: DoorSnapshot): DoorStep {
  if (snapshot.matches({ choosing: 'loading' })) return 'loadingEvenings';
  if (snapshot.matches({ choosing: 'failed' })) return 'eveningsFailed';
  if (snapshot.matches('choosing')) return 'choosing';
  if (snapshot.matches('loadingPack')) return 'loadingPack';
  if (snapshot.matches('packFailed')) return 'packFailed';
  if (snapshot.matches({ ready: { scan: 'verifying' } })) return 'verifying';
  if (snapshot.matches({ ready: { scan: 'answered' } })) return 'answered';
  return 'scanning';
}

function answerOf(snapshot: DoorSnapshot): DoorAnswer | null {
  if (snapshot.hasTag('admitted')) return 'admitted';
  if (snapshot.hasTag('alreadyAdmitted')) return 'alreadyAdmitted';
  if (snapshot.hasTag('refused')) return 'refused';
  return null;
}

/** The door screen's view values and intents. */
export function connectDoor(snapshot: DoorSnapshot, ref: DoorRef) {
  const { context } = snapshot;
  return {
    step: stepOf(snapshot),
    door: context.door,
    doorNameValid: doorNameOf(context.door) !== null,
    evenings: context.evenings,
    errorCode: context.errorCode,
    evening: context.pack?.evening ?? null,
    answer: answerOf(snapshot),
    result: context.result,
    resultOffline: context.resultOffline,
    cameraUnavailable: snapshot.matches({ ready: { scan: { scanning: 'unavailable' } } }),
    offline: snapshot.hasTag('offline'),
    pendingCount: context.pending.length,
    pendingNotSaved: context.pendingNotSaved,
    /** The sync fails with an answer (the evening is gone): what leaving would drop, holders by name where the pack has them. */
    syncErrorCode: context.syncErrorCode,
    pendingTickets: context.pending.map((entry) => context.pack?.tickets.find((ticket) => ticket.ticketId === entry.ticketId) ?? { ticketId: entry.ticketId, holderName: '', variantName: '' }),
    doubleEntries: context.doubleEntries,
    refusedAtSync: context.refusedAtSync,
    nameDoor: (door: string) => ref.send({ type: 'door.doorNamed', door }),
    chooseEvening: (eveningId: string) => ref.send({ type: 'door.chooseEvening', eveningId }),
    /** Not while admissions wait to sync: leaving would drop them. */
    canChangeEvening: snapshot.can({ type: 'door.changeEvening' }),
    changeEvening: () => ref.send({ type: 'door.changeEvening' }),
    /** The evening left, still held on the device: the staff may go back to it. */
    heldEvening: snapshot.can({ type: 'door.backToEvening' }) ? (context.pack?.evening ?? null) : null,
    backToEvening: () => ref.send({ type: 'door.backToEvening' }),
    canDropPending: snapshot.can({ type: 'door.dropPendingAndChangeEvening' }),
    dropPendingAndChangeEvening: () => ref.send({ type: 'door.dropPendingAndChangeEvening' }),
    retry: () => ref.send({ type: 'door.retry' }),
    enterCode: (code: string) => ref.send({ type: 'door.codeEntered', code }),
    next: () => ref.send({ type: 'door.next' }),
    retryCamera: () => ref.send({ type: 'door.retryCamera' }),
    showPage: (visible: boolean) => ref.send({ type: visible ? 'door.pageShown' : 'door.pageHidden' }),
  };
}
