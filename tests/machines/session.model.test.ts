import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';
import { member, startSession } from './sessionHarness.ts';
import { tokenLifetimeMs } from './sessionFakes.ts';

const second = 1000;
const minute = 60 * second;

/**
 * The member's session as the spec states it (section 3), apart from the code. `age` is how
 * long ago the current token was issued; every moment the model reaches is a renewal attempt,
 * so the last attempt was always now.
 */
interface World {
  signedIn: boolean;
  /** Why the last session ended. */
  reason: 'none' | 'expired' | 'disabled' | 'refused';
  age: number;
  /** Renewals failed in a row. */
  failures: number;
  online: boolean;
  account: 'ok' | 'disabled' | 'revoked';
  /** The current token was read because the API refused the one before. */
  afterRefusal: boolean;
}

const signedOut = (reason: World['reason']): World => ({ signedIn: false, reason, age: 0, failures: 0, online: true, account: 'ok', afterRefusal: false });
const fresh: World = { signedIn: true, reason: 'none', age: 0, failures: 0, online: true, account: 'ok', afterRefusal: false };

const name = (w: World) =>
  w.signedIn
    ? `in|${w.age / second}s|${w.failures}|${w.online ? 'online' : 'offline'}|${w.account}${w.afterRefusal ? '|renewed-after-refusal' : ''}`
    : `out|${w.reason}`;
const parse = (value: string): World => {
  const [side, a, b, c, d, e] = value.split('|');
  if (side === 'out') return signedOut(a as World['reason']);
  return {
    signedIn: true,
    reason: 'none',
    age: parseFloat(a!) * second,
    failures: Number(b),
    online: c === 'online',
    account: d as World['account'],
    afterRefusal: e === 'renewed-after-refusal',
  };
};

/** 30 s after the first failure, doubling, at most 16 minutes. */
const backoff = (failures: number) => Math.min(30 * second * 2 ** (failures - 1), 16 * minute);
/** Renewal 5 minutes before the token's expiry, or the next retry. */
const nextAttempt = (w: World) => (w.failures === 0 ? tokenLifetimeMs - 5 * minute : w.age + backoff(w.failures));
/** A token counts as expired 30 s before its expiry. */
const earlyExpiry = tokenLifetimeMs - 30 * second;
/** The moment the next timer fires: a renewal attempt, or the early expiry. */
const nextMoment = (w: World) => Math.min(nextAttempt(w), earlyExpiry);

function attempt(w: World, at: number): World {
  if (!w.online) return { ...w, age: at, failures: w.failures + 1 };
  if (w.account === 'disabled') return signedOut('disabled');
  if (w.account === 'revoked') return signedOut('expired');
  return { ...w, age: 0, failures: 0 };
}

function next(w: World, event: string): World | null {
  if (!w.signedIn) return event === 'SIGN_IN' ? fresh : null;
  const steady = w.failures === 0;
  switch (event) {
    case 'TIME_PASSES':
      // The renewal 5 minutes before expiry is a routine one; a retry keeps what started it.
      return nextAttempt(w) < earlyExpiry ? attempt(steady ? { ...w, afterRefusal: false } : w, nextAttempt(w)) : signedOut('expired');
    case 'SIGN_OUT':
      return signedOut('none');
    case 'NETWORK_DOWN':
      return steady && w.online && w.account === 'ok' ? { ...w, online: false } : null;
    case 'NETWORK_UP':
      return w.online ? null : { ...w, online: true };
    case 'ACCOUNT_DISABLED':
      return steady && w.online && w.account === 'ok' ? { ...w, account: 'disabled' } : null;
    case 'PASSWORD_CHANGED_ELSEWHERE':
      return steady && w.online && w.account === 'ok' ? { ...w, account: 'revoked' } : null;
    // session.refresh: an attempt now.
    case 'FORCE_REFRESH':
      return steady ? attempt({ ...w, afterRefusal: false }, w.age) : null;
    // An API 401 with a code the provider may still renew: an attempt now; unless the token
    // refused is the one read after an earlier refusal: the server does not take this sign-in.
    case 'API_REJECTS_TOKEN':
      if (!steady) return null;
      return w.afterRefusal ? signedOut('refused') : attempt({ ...w, afterRefusal: true }, w.age);
    case 'API_SAYS_DISABLED':
      return steady ? signedOut('disabled') : null;
    default:
      return null;
  }
}

const events = [
  'SIGN_IN',
  'TIME_PASSES',
  'SIGN_OUT',
  'NETWORK_DOWN',
  'NETWORK_UP',
  'ACCOUNT_DISABLED',
  'PASSWORD_CHANGED_ELSEWHERE',
  'FORCE_REFRESH',
  'API_REJECTS_TOKEN',
  'API_SAYS_DISABLED',
];
const start = signedOut('none');
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'sessionWorld', initial: name(start), states }));

const reasons = {
  none: null,
  expired: { code: 'auth/user-token-expired' },
  disabled: { code: 'auth/user-disabled' },
  refused: { code: 'auth/sign-in-refused' },
};

beforeEach(() => void vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') }));
afterEach(() => void vi.useRealTimers());

describe('session, generated paths over the real machine under a fake clock', () => {
  for (const path of pathPerTransition(model.getShortestPaths())) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} gives ${String(path.state.value)}`, async () => {
      const s = startSession();
      let current = start;
      let signOutsSeen = 0;

      const expectWorld = (w: World) => {
        const snapshot = s.session().getSnapshot();
        if (!w.signedIn) {
          expect(snapshot.value).toBe('signedOut');
          expect(s.told.at(-1)).toEqual({ type: 'session.signedOut', reason: reasons[w.reason] });
          expect(s.rejectionListenerCount()).toBe(0);
          return;
        }
        expect(snapshot.matches('signedIn')).toBe(true);
        expect(s.told.at(-1)).toEqual({ type: 'session.signedIn', user: member });
        // The current token came from a read `age` ago, and every read since has failed.
        const lastToken = s.provider.calls.findLastIndex((c) => c.outcome === 'token');
        expect(s.provider.calls[lastToken]!.at).toBe(Date.now() - w.age);
        const failed = s.provider.calls.slice(lastToken + 1);
        expect(failed).toHaveLength(w.failures);
        if (w.failures > 0) expect(failed.at(-1)!.at).toBe(Date.now());
        expect(failed.every((c) => c.outcome === 'network')).toBe(true);
      };

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            current = parse(String(state.value));
            expectWorld(current);
            // The provider is signed out whenever the session ends, however it ended.
            if (!current.signedIn && s.told.length > 1) expect(s.provider.signOuts).toBe(++signOutsSeen);
          },
        },
        events: {
          SIGN_IN: async () => {
            s.signIn();
            await s.elapse(0);
            expect(s.provider.calls.at(-1)).toEqual({ at: Date.now(), forceRefresh: false, outcome: 'token' });
          },
          TIME_PASSES: async () => {
            const wait = nextMoment(current) - current.age;
            const calls = s.provider.calls.length;
            // Nothing happens a millisecond early; then exactly on time.
            await s.elapse(wait - 1);
            expect(s.provider.calls).toHaveLength(calls);
            expect(s.session().getSnapshot().matches('signedIn')).toBe(true);
            await s.elapse(1);
            if (nextAttempt(current) < earlyExpiry) expect(s.provider.calls.at(-1)!).toMatchObject({ at: Date.now(), forceRefresh: true });
          },
          SIGN_OUT: async () => {
            s.session().send({ type: 'session.signOut' });
            await s.elapse(0);
          },
          NETWORK_DOWN: () => void (s.provider.online = false),
          NETWORK_UP: () => void (s.provider.online = true),
          ACCOUNT_DISABLED: () => void (s.provider.account = 'disabled'),
          PASSWORD_CHANGED_ELSEWHERE: () => void (s.provider.account = 'revoked'),
          FORCE_REFRESH: async () => {
            s.session().send({ type: 'session.refresh' });
            await s.elapse(0);
          },
          API_REJECTS_TOKEN: async () => {
            s.apiRejects('auth/id-token-revoked');
            await s.elapse(0);
          },
          API_SAYS_DISABLED: async () => {
            const calls = s.provider.calls.length;
            s.apiRejects('auth/user-disabled');
            await s.elapse(0);
            expect(s.provider.calls).toHaveLength(calls);
          },
        },
      });
      s.stop();
    });
  }

  it('explores the retries up to the 16-minute cap and every way a session ends', () => {
    const names = Object.keys(states);
    expect(names).toEqual(expect.arrayContaining(['out|none', 'out|expired', 'out|disabled', 'out|refused']));
    // A forced refresh failing at once walks the whole backoff before the token's early expiry.
    const afterForcedFailure = names.filter((n) => /^in\|[\d.]+s\|\d+\|offline\|ok$/.test(n) && !n.startsWith('in|0s|0'));
    expect(afterForcedFailure).toEqual(
      expect.arrayContaining(['in|0s|1|offline|ok', 'in|30s|2|offline|ok', 'in|90s|3|offline|ok', 'in|1890s|7|offline|ok', 'in|2850s|8|offline|ok']),
    );
    expect(names).not.toContain('in|3810s|9|offline|ok');
  });
});
