import { fromPromise } from 'xstate';
import type { TokenLife } from '../../machines/session.machine.ts';

/** The identity provider's ID tokens last an hour. */
export const tokenLifetimeMs = 60 * 60_000;

/** A provider that always hands out a fresh hour-long token (for tests not about token life). */
export const freshTokens = fromPromise<TokenLife, { forceRefresh: boolean }>(async () => {
  const now = Date.now();
  return { expiresAt: now + tokenLifetimeMs, readAt: now };
});
