import { fromCallback, type AnyEventObject } from 'xstate';
import { notProvided } from './errorCode.ts';

/** What a page that failed for want of a network sends itself once the browser is online again. */
export interface RetryWhenOnlineInput {
  retry: AnyEventObject;
}

/**
 * Invoked in a page's state "failed for want of a network": sends the page its own retry event
 * when the browser is back online (the window's `online` event, provided by the wiring), so the
 * page loads by itself, as the app's feeds do on `app.backOnline`.
 */
export const retryWhenOnline = fromCallback<AnyEventObject, RetryWhenOnlineInput>(() => notProvided('retryWhenOnline'));
