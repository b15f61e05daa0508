import { fromPromise } from 'xstate';
import { myWaitingListsMachine } from '../../machines/myWaitingLists.machine.ts';
import { getMemberWaitingLists } from '../api/waitingList.ts';
import { MyWaitingListsScreen } from '../screens/myWaitingLists/MyWaitingListsScreen.tsx';
import { wired, type WiringDeps } from './wired.tsx';
import { retryWhenOnline } from './retryWhenOnline.ts';
import { whenLanguageChanges } from './whenLanguageChanges.ts';

/** /more/waitingLists: the member's places from the API. */
export function wireMyWaitingLists({ api }: WiringDeps) {
  return {
    logic: myWaitingListsMachine.provide({ actors: { loadPlaces: fromPromise(() => getMemberWaitingLists(api)), retryWhenOnline, whenLanguageChanges } }),
  };
}

/** The screen with its wiring: one lazy chunk, loaded when /more/waitingLists first shows. */
export const WiredMyWaitingListsScreen = wired(MyWaitingListsScreen, wireMyWaitingLists);
