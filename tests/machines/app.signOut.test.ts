import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { appMachine } from '../../machines/app.machine.ts';
import { type Member } from '../../machines/app.rules.ts';
import { sessionMachine, type SessionEvent, type TokenLife } from '../../machines/session.machine.ts';
import type { signInMachine } from '../../machines/signIn.machine.ts';
import { navigatorMachine } from '../../machines/navigator.machine.ts';
import { ApiError, failedToFetch } from '../../src/api/apiError.ts';
import type { Brand } from '../../contract/brand.ts';
import { testBrand, testMember, testNavigation, steadyConnection } from './fixtures.ts';
import { memberLoadWith, withChildFakes } from './appChildFakes.ts';
import { tokenLifetimeMs, stillBrowserHistory } from './sessionFakes.ts';

const member = { uid: 'uid-1', email: 'member@aurora.test' };

/**
 * The real app and session machines over fakes, signed in as `member`; the member load answers
 * with `answer` (or waits when it is 'pending'). Records the sign-out actions the app runs.
 */
function startApp(options: { signedIn?: boolean; answer?: Member | Error | 'pending' } = {}) {
  const ran: string[] = [];
  const provider = { online: true, rejectListener: null as ((code: string) => void) | null };
  const answer = options.answer ?? testMember(true);
  const actor = createActor(
    appMachine.provide({
      actions: { resetUrl: () => void ran.push('resetUrl'), showSetUpUrl: () => undefined, clearCaches: () => void ran.push('clearCaches') },
      actors: withChildFakes({
        connection: steadyConnection,
        loadBrand: fromPromise<Brand>(async () => testBrand()),
        memberLoad: memberLoadWith(
          fromPromise<Member, { uid: string | null }>(() => {
            if (answer === 'pending') return new Promise(() => undefined);
            return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
          }),
        ),
        navigator: navigatorMachine.provide({ actors: { browserHistory: stillBrowserHistory }, actions: { applyHistory: () => undefined, saveNavigation: () => undefined } }),
        session: sessionMachine.provide({
          actors: {
            observeUser: fromCallback<SessionEvent>(({ sendBack }) => {
              sendBack({ type: 'session.userChanged', user: options.signedIn === false ? null : member });
            }),
            observeTokenRejections: fromCallback<SessionEvent>(({ sendBack }) => {
              provider.rejectListener = (code) => sendBack({ type: 'session.tokenRejected', code });
              return () => (provider.rejectListener = null);
            }),
            readToken: fromPromise<TokenLife, { forceRefresh: boolean }>(async () => {
              if (!provider.online) throw failedToFetch();
              return { expiresAt: Date.now() + tokenLifetimeMs, readAt: Date.now() };
            }),
          },
        }),
      }),
    }),
    {
      input: testNavigation(),
    },
  ).start();
  const signInError = () => (actor.system.get('signIn') as ActorRefFrom<typeof signInMachine>).getSnapshot().context.error;
  return { actor, ran, provider, signInError };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => void vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') }));
afterEach(() => void vi.useRealTimers());

describe('signing out, from whichever phase', () => {
  it('from content: the member signs out; the URL is reset and the caches cleared, no reason shown', async () => {
    const app = startApp();
    await settle();
    expect(app.actor.getSnapshot().matches('content')).toBe(true);
    app.actor.send({ type: 'app.signOut' });
    await settle();
    expect(app.actor.getSnapshot().matches('auth')).toBe(true);
    expect(app.ran).toEqual(['resetUrl', 'clearCaches']);
    expect(app.actor.getSnapshot().context).toMatchObject({ sessionUser: null, member: null, authError: null });
    expect(app.signInError()).toBeNull();
  });

  it('from set-up: a token that cannot be renewed ends the session 30 s before its expiry, with the reason', async () => {
    const app = startApp({ answer: testMember(false) });
    await settle();
    expect(app.actor.getSnapshot().matches('setUp')).toBe(true);
    app.provider.online = false;
    await vi.advanceTimersByTimeAsync(tokenLifetimeMs - 30_000 - 1);
    expect(app.actor.getSnapshot().matches('setUp')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(app.actor.getSnapshot().matches('auth')).toBe(true);
    expect(app.ran).toEqual(['resetUrl', 'clearCaches']);
    expect(app.signInError()).toEqual({ code: 'auth/user-token-expired' });
  });

  it('from loading: the API says the account is disabled while the member loads', async () => {
    const app = startApp({ answer: 'pending' });
    await settle();
    expect(app.actor.getSnapshot().matches({ loading: 'member' })).toBe(true);
    app.provider.rejectListener!('auth/user-disabled');
    await settle();
    expect(app.actor.getSnapshot().matches('auth')).toBe(true);
    expect(app.ran).toEqual(['resetUrl', 'clearCaches']);
    expect(app.signInError()).toEqual({ code: 'auth/user-disabled' });
  });

  it("keeps the app's own reason (no role) when the session ends without one", async () => {
    const app = startApp({ answer: new ApiError(403, 'no_role_with_app_url', 'no role with app url') });
    await settle();
    expect(app.actor.getSnapshot().matches('auth')).toBe(true);
    expect(app.ran).toEqual(['resetUrl', 'clearCaches']);
    expect(app.signInError()).toEqual({ code: 'no_role_with_app_url' });
  });

  it('leaves the URL alone when nobody was signed in at start (a reset-password link stays)', async () => {
    const app = startApp({ signedIn: false });
    await settle();
    expect(app.actor.getSnapshot().matches('auth')).toBe(true);
    expect(app.ran).toEqual([]);
  });
});
