import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { memberWaitingListsMachine } from '../../../machines/memberWaitingLists.machine.ts';
import type { MemberWaitingListPlace } from '../../../contract/waitingList.ts';

export type MemberWaitingListsRef = ActorRefFrom<typeof memberWaitingListsMachine>;
type MemberWaitingListsSnapshot = SnapshotFrom<typeof memberWaitingListsMachine>;

export type MemberWaitingListsStatus = 'loading' | 'empty' | 'listed' | 'failed';

function statusOf(snapshot: MemberWaitingListsSnapshot): MemberWaitingListsStatus {
  if (snapshot.matches({ loaded: 'listed' })) return 'listed';
  if (snapshot.matches('loaded')) return 'empty';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

/** Where a place's offer lives in the app: its own page under its type. */
export const offerPathOf = (place: MemberWaitingListPlace): string => `/${place.offerType}/${place.offerId}`;

export function connectMemberWaitingLists(snapshot: MemberWaitingListsSnapshot, ref: MemberWaitingListsRef) {
  return {
    status: statusOf(snapshot),
    places: snapshot.context.places,
    errorCode: snapshot.context.errorCode,
    retry: () => ref.send({ type: 'memberWaitingLists.retry' }),
    showLanguage: () => ref.send({ type: 'memberWaitingLists.languageChanged' }),
  };
}
