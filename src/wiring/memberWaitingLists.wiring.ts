import { fromPromise } from 'xstate';
import { memberWaitingListsMachine } from '../../machines/memberWaitingLists.machine.ts';
import { getMemberWaitingLists } from '../api/waitingList.ts';
import { MemberWaitingListsScreen } from '../screens/waitingLists/MemberWaitingListsScreen.tsx';
import { wired, type WiringDeps } from './wired.tsx';
import { retryWhenOnline } from './retryWhenOnline.ts';

/** /more/waitingLists: the member's places from the API. */
export function wireMemberWaitingLists({ api }: WiringDeps) {
  return {
    logic: memberWaitingListsMachine.provide({ actors: { loadPlaces: fromPromise(() => getMemberWaitingLists(api)), retryWhenOnline } }),
  };
}

/** The screen with its wiring: one lazy chunk, loaded when /more/waitingLists first shows. */
export const WiredMemberWaitingListsScreen = wired(MemberWaitingListsScreen, wireMemberWaitingLists);
