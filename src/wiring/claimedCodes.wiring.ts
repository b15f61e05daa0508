import { fromPromise } from 'xstate';
import { claimedCodesMachine } from '../../machines/claimedCodes.machine.ts';
import { getClaimedPromoCodes } from '../api/promoCodes.ts';
import { wireClipboard } from './clipboard.wiring.ts';
import type { WiringDeps } from './wired.tsx';

/** /more/voucher: the member's codes from the API, copied to the browser's clipboard. */
export function wireClaimedCodes({ api }: WiringDeps) {
  return {
    logic: claimedCodesMachine.provide({
      actors: {
        loadClaimedCodes: fromPromise(() => getClaimedPromoCodes(api)),
        clipboard: wireClipboard(),
      },
    }),
  };
}
