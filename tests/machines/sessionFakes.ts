import { fromCallback, fromPromise } from 'xstate';
import type { SessionEvent, TokenLife } from '../../machines/session.machine.ts';
import type { NavigatorEvent } from '../../machines/navigator.machine.ts';

/** The identity provider's ID tokens last an hour. */
export const tokenLifetimeMs = 60 * 60_000;

/** A provider that always hands out a fresh hour-long token (for tests not about token life). */
export const freshTokens = fromPromise<TokenLife, { forceRefresh: boolean }>(async () => {
  const now = Date.now();
  return { expiresAt: now + tokenLifetimeMs, readAt: now };
});

/** An API that never rejects a token (for tests not about rejections). */
export const noTokenRejections = fromCallback<SessionEvent>(() => () => undefined);

/** A browser whose history never moves by itself (no back or forward button presses). */
export const stillBrowserHistory = fromCallback<NavigatorEvent>(() => () => undefined);
