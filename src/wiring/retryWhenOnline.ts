import { fromCallback, type AnyEventObject } from 'xstate';
import type { RetryWhenOnlineInput } from '../../machines/retryWhenOnline.ts';
import { whenBackOnline } from '../services/connection.ts';

/** The pages' `retryWhenOnline` (machines/retryWhenOnline.ts): their retry event on the window's `online` event. */
export const retryWhenOnline = fromCallback<AnyEventObject, RetryWhenOnlineInput>(({ sendBack, input }) =>
  whenBackOnline(window, () => sendBack(input.retry)),
);
