import { fromPromise } from 'xstate';
import { claimedCodesMachine } from '../../machines/claimedCodes.machine.ts';
import { getClaimedPromoCodes } from '../api/promoCodes.ts';
import { ClaimedCodesScreen } from '../screens/vouchers/ClaimedCodesScreen.tsx';
import { wireClipboard } from './clipboard.wiring.ts';
import { wired, type WiringDeps } from './wired.tsx';
import { retryWhenOnline } from './retryWhenOnline.ts';

/** /more/voucher: the member's codes from the API, copied to the browser's clipboard. */
export function wireClaimedCodes({ api }: WiringDeps) {
  return {
    logic: claimedCodesMachine.provide({
      actors: {
        loadClaimedCodes: fromPromise(() => getClaimedPromoCodes(api)),
        clipboard: wireClipboard(),
        retryWhenOnline,
      },
    }),
  };
}

/** The screen with its wiring: one lazy chunk, loaded when /more/voucher first shows. */
export const WiredClaimedCodesScreen = wired(ClaimedCodesScreen, wireClaimedCodes);
