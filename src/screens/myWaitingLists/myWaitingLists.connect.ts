import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { myWaitingListsMachine } from '../../../machines/myWaitingLists.machine.ts';
import type { MemberWaitingListPlace } from '../../../contract/waitingList.ts';

export type MyWaitingListsRef = ActorRefFrom<typeof myWaitingListsMachine>;
type MyWaitingListsSnapshot = SnapshotFrom<typeof myWaitingListsMachine>;

export type MyWaitingListsStatus = 'loading' | 'empty' | 'listed' | 'failed';

function statusOf(snapshot: MyWaitingListsSnapshot): MyWaitingListsStatus {
  if (snapshot.matches({ loaded: 'listed' })) return 'listed';
  if (snapshot.matches('loaded')) return 'empty';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

/** Where a place's offer lives in the app: its own page under its type. */
export const offerPathOf = (place: MemberWaitingListPlace): string => `/${place.offerType}/${place.offerId}`;

export function connectMyWaitingLists(snapshot: MyWaitingListsSnapshot, ref: MyWaitingListsRef) {
  return {
    status: statusOf(snapshot),
    places: snapshot.context.places,
    errorCode: snapshot.context.errorCode,
    retry: () => ref.send({ type: 'myWaitingLists.retry' }),
  };
}
