import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryDelayMs } from '../../machines/session.machine.ts';
import { member, startSession } from './sessionHarness.ts';

const second = 1000;
const minute = 60 * second;
const expired = { type: 'session.signedOut', reason: { code: 'auth/user-token-expired' } };

beforeEach(() => void vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') }));
afterEach(() => void vi.useRealTimers());

describe('the session machine', () => {
  it('waits 30 s after a failed renewal, doubling up to 16 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => retryDelayMs(n) / second)).toEqual([30, 60, 120, 240, 480, 960, 960, 960, 960]);
  });

  it('renews a stored token with 20 minutes left exactly 5 minutes before its expiry', async () => {
    const s = startSession({ signedIn: true, firstTokenLifeMs: 20 * minute });
    const startedAt = Date.now();
    await s.elapse(0);
    expect(s.provider.calls).toEqual([{ at: startedAt, forceRefresh: false, outcome: 'token' }]);
    await s.elapse(15 * minute - 1);
    expect(s.provider.calls).toHaveLength(1);
    await s.elapse(1);
    expect(s.provider.calls[1]).toEqual({ at: startedAt + 15 * minute, forceRefresh: true, outcome: 'token' });
    // The new token lasts an hour: the next renewal is 55 minutes later.
    await s.elapse(55 * minute);
    expect(s.provider.calls.map((c) => c.at - startedAt)).toEqual([0, 15 * minute, 70 * minute]);
    s.stop();
  });

  it('retries a failing renewal at 30 s, 60 s, ... 16 min, then ends the session 30 s before the expiry', async () => {
    const s = startSession({ signedIn: true });
    const startedAt = Date.now();
    await s.elapse(0);
    s.provider.online = false;
    s.session().send({ type: 'session.refresh' });
    await s.elapse(59 * minute + 30 * second - 1);
    const attempts = s.provider.calls.slice(1).map((c) => (c.at - startedAt) / second);
    expect(attempts).toEqual([0, 30, 90, 210, 450, 930, 1890, 2850]);
    expect(s.told.at(-1)?.type).toBe('session.signedIn');
    await s.elapse(1);
    expect(s.told.at(-1)).toEqual(expired);
    expect(s.provider.signOuts).toBe(1);
    s.stop();
  });

  it('signs out with the session-expired reason when a stored token has expired and the network is down', async () => {
    const s = startSession({ signedIn: true, online: false });
    await s.elapse(0);
    expect(s.told).toEqual([{ type: 'session.signedIn', user: member }, expired]);
    expect(s.provider.calls).toEqual([expect.objectContaining({ forceRefresh: false, outcome: 'network' })]);
    s.stop();
  });

  it('keeps the reason when the provider reports the user gone before the failed renewal', async () => {
    const s = startSession({ signedIn: true });
    await s.elapse(0);
    s.provider.account = 'revoked';
    s.session().send({ type: 'session.refresh' });
    // The SDK signs the user out itself before its refresh call rejects.
    s.providerSignsOut();
    await s.elapse(0);
    expect(s.told.at(-1)).toEqual(expired);
    s.stop();
  });

  it('ends without a reason when the user signed out elsewhere during a renewal that succeeds', async () => {
    const s = startSession({ signedIn: true });
    await s.elapse(0);
    s.session().send({ type: 'session.refresh' });
    s.providerSignsOut();
    await s.elapse(0);
    expect(s.told.at(-1)).toEqual({ type: 'session.signedOut', reason: null });
    expect(s.provider.signOuts).toBe(0);
    s.stop();
  });

  it('turns session.refresh during the first read into a forced read', async () => {
    const s = startSession({ signedIn: true });
    s.session().send({ type: 'session.refresh' });
    await s.elapse(0);
    expect(s.provider.calls.map((c) => c.forceRefresh)).toEqual([false, true]);
    expect(s.session().getSnapshot().matches({ signedIn: { valid: 'waiting' } })).toBe(true);
    s.stop();
  });

  it('renews at once on an API 401 the provider may still renew, and only once while renewing', async () => {
    const s = startSession({ signedIn: true });
    await s.elapse(0);
    s.apiRejects('auth/id-token-revoked');
    s.apiRejects('auth/id-token-expired');
    await s.elapse(0);
    expect(s.provider.calls.map((c) => c.forceRefresh)).toEqual([false, true]);
    expect(s.told.at(-1)?.type).toBe('session.signedIn');
    s.stop();
  });

  it('tells a member whose renewed token the API refuses too that sign-in failed, not that the session expired', async () => {
    const s = startSession({ signedIn: true });
    await s.elapse(0);
    // The refused request left half a second before its answer came.
    const firstSentAt = Date.now() - 500;
    s.apiRejects('auth/invalid-id-token', firstSentAt);
    await s.elapse(1000);
    expect(s.provider.calls.map((c) => c.forceRefresh)).toEqual([false, true]);
    // A late answer to a request sent with the old token is no verdict on the new one: renew again.
    s.apiRejects('auth/invalid-id-token', firstSentAt);
    await s.elapse(1000);
    expect(s.provider.calls.map((c) => c.forceRefresh)).toEqual([false, true, true]);
    expect(s.told.at(-1)?.type).toBe('session.signedIn');
    // Refused again with the token just read: the server does not take this sign-in.
    s.apiRejects('auth/invalid-id-token');
    await s.elapse(0);
    expect(s.told.at(-1)).toEqual({ type: 'session.signedOut', reason: { code: 'auth/sign-in-refused' } });
    expect(s.provider.signOuts).toBe(1);
    s.stop();
  });

  it('tells the app again when another account signs in, and reads its token', async () => {
    const s = startSession({ signedIn: true });
    await s.elapse(0);
    s.signIn({ uid: 'uid-2', email: 'other@aurora.test' });
    await s.elapse(0);
    expect(s.told.at(-1)).toEqual({ type: 'session.signedIn', user: { uid: 'uid-2', email: 'other@aurora.test' } });
    expect(s.provider.calls.map((c) => c.forceRefresh)).toEqual([false, false]);
    s.stop();
  });
});
