import { vi } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { sessionMachine, type SessionEndReason, type SessionEvent, type SessionUser, type TokenLife } from '../../machines/session.machine.ts';
import { ApiError, failedToFetch } from '../../src/api/apiError.ts';
import { tokenLifetimeMs } from './sessionFakes.ts';

export const member: SessionUser = { uid: 'uid-1', email: 'member@aurora.test' };

/** What the session tells its parent. */
export type Told = { type: 'session.signedIn'; user: SessionUser } | { type: 'session.signedOut'; reason: SessionEndReason | null };

export interface TokenCall {
  at: number;
  forceRefresh: boolean;
  outcome: 'token' | 'network' | 'auth/user-disabled' | 'auth/user-token-expired';
}

/**
 * A fake identity provider the test steers (network, account state), with a log of every token
 * read, behind the real session machine, which runs under a recording parent. Use fake timers.
 */
export function startSession(options: { signedIn?: boolean; online?: boolean; firstTokenLifeMs?: number } = {}) {
  const provider = {
    online: options.online ?? true,
    account: 'ok' as 'ok' | 'disabled' | 'revoked',
    user: options.signedIn ? member : (null as SessionUser | null),
    calls: [] as TokenCall[],
    signOuts: 0,
    /** The next read of a token hands out one with this much life left (then an hour). */
    nextTokenLifeMs: options.firstTokenLifeMs ?? tokenLifetimeMs,
  };
  let emitUser: ((user: SessionUser | null) => void) | null = null;
  const rejectionListeners = new Set<(code: string, sentAt: number) => void>();

  const session = sessionMachine.provide({
    actors: {
      observeUser: fromCallback<SessionEvent>(({ sendBack }) => {
        emitUser = (user) => sendBack({ type: 'session.userChanged', user });
        emitUser(provider.user);
        return () => (emitUser = null);
      }),
      observeTokenRejections: fromCallback<SessionEvent>(({ sendBack }) => {
        const listener = (code: string, sentAt: number) => sendBack({ type: 'session.tokenRejected', code, sentAt });
        rejectionListeners.add(listener);
        return () => rejectionListeners.delete(listener);
      }),
      readToken: fromPromise<TokenLife, { forceRefresh: boolean }>(async ({ input }) => {
        const at = Date.now();
        const log = (outcome: TokenCall['outcome']) => provider.calls.push({ at, forceRefresh: input.forceRefresh, outcome });
        if (!provider.online) {
          log('network');
          throw failedToFetch();
        }
        if (provider.account !== 'ok') {
          const code = provider.account === 'disabled' ? 'auth/user-disabled' : 'auth/user-token-expired';
          log(code);
          throw new ApiError(401, code, code);
        }
        log('token');
        const life = provider.nextTokenLifeMs;
        provider.nextTokenLifeMs = tokenLifetimeMs;
        return { expiresAt: at + life, readAt: at };
      }),
      signOut: fromPromise(async () => {
        provider.signOuts += 1;
        provider.user = null;
      }),
    },
  });

  const told: Told[] = [];
  const parent = setup({ types: { events: {} as Told }, actors: { session } }).createMachine({
    invoke: { src: 'session', id: 'session', systemId: 'session' },
    on: {
      'session.signedIn': { actions: ({ event }) => void told.push(event) },
      'session.signedOut': { actions: ({ event }) => void told.push({ type: event.type, reason: event.reason }) },
    },
  });
  const actor = createActor(parent).start();
  const sessionRef = () => actor.system.get('session') as ActorRefFrom<typeof sessionMachine>;

  return {
    provider,
    told,
    session: sessionRef,
    /** Lets due timers run, then the promise chains they start (a failed read, then the sign-out). */
    async elapse(ms: number) {
      await vi.advanceTimersByTimeAsync(ms);
      for (let i = 0; i < 10; i++) await Promise.resolve();
    },
    /** A sign-in with valid credentials, so the provider is reachable and the account usable. */
    signIn(user: SessionUser = member) {
      Object.assign(provider, { user, online: true, account: 'ok' });
      emitUser?.(user);
    },
    /** The provider reports the user gone (another tab signed out, or the SDK after a fatal refresh). */
    providerSignsOut() {
      provider.user = null;
      emitUser?.(null);
    },
    /** The API answers 401 with `code` to a request sent at `sentAt` (now: with the current token). */
    apiRejects: (code: string, sentAt = Date.now()) => rejectionListeners.forEach((listener) => listener(code, sentAt)),
    rejectionListenerCount: () => rejectionListeners.size,
    stop: () => actor.stop(),
  };
}
