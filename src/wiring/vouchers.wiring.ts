import { fromPromise } from 'xstate';
import { vouchersMachine } from '../../machines/vouchers.machine.ts';
import { getClaimedPromoCodes } from '../api/promoCodes.ts';
import { VouchersScreen } from '../screens/vouchers/VouchersScreen.tsx';
import { wireClipboard } from './clipboard.wiring.ts';
import { wired, type WiringDeps } from './wired.tsx';
import { retryWhenOnline } from './retryWhenOnline.ts';

/** /more/voucher: the member's codes from the API, copied to the browser's clipboard. */
export function wireVouchers({ api }: WiringDeps) {
  return {
    logic: vouchersMachine.provide({
      actors: {
        loadClaimedCodes: fromPromise(() => getClaimedPromoCodes(api)),
        clipboard: wireClipboard(),
        retryWhenOnline,
      },
    }),
  };
}

/** The screen with its wiring: one lazy chunk, loaded when /more/voucher first shows. */
export const WiredVouchersScreen = wired(VouchersScreen, wireVouchers);
