import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { shownPlace, type waitingListMachine } from '../../../machines/waitingList.machine.ts';

export type WaitingListRef = ActorRefFrom<typeof waitingListMachine>;
type Snapshot = SnapshotFrom<typeof waitingListMachine>;

/** What the panel shows for the selected variant: nothing, the join offer, or the member's place. */
export type WaitingListStatus = 'hidden' | 'canJoin' | 'waiting' | 'offered' | 'expired';

function statusOf(snapshot: Snapshot): WaitingListStatus {
  if (snapshot.matches({ ready: 'waiting' })) return 'waiting';
  if (snapshot.matches({ ready: 'offered' })) return 'offered';
  if (snapshot.matches({ ready: 'expired' })) return 'expired';
  if (snapshot.matches({ ready: 'notWaiting' })) return snapshot.context.soldOut ? 'canJoin' : 'hidden';
  // Joining or leaving: what was shown stays, its buttons disabled, until the answer.
  if (snapshot.hasTag('busy')) {
    const status = shownPlace(snapshot.context)?.status;
    return status === 'waiting' || status === 'offered' || status === 'expired' ? status : 'canJoin';
  }
  return 'hidden';
}

/** The waiting list's view values for the selected variant (spec 5) and its intents. */
export function connectWaitingList(snapshot: Snapshot, ref: WaitingListRef) {
  const place = shownPlace(snapshot.context);
  return {
    status: statusOf(snapshot),
    busy: snapshot.hasTag('busy'),
    place: place?.place ?? null,
    offeredUntil: place?.offeredUntil ?? null,
    soldOut: snapshot.context.soldOut,
    errorCode: snapshot.context.errorCode,
    join: () => ref.send({ type: 'waitingList.join' }),
    leave: () => ref.send({ type: 'waitingList.leave' }),
  };
}

export type WaitingListView = ReturnType<typeof connectWaitingList>;
