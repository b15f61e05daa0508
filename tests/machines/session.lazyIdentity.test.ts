import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, waitFor } from 'xstate';
import { sessionMachine, type SessionEvent } from '../../machines/session.machine.ts';
import { createLazyIdentity } from '../../src/services/lazyIdentity.ts';
import type { IdentityService, IdentityUser } from '../../src/services/identity.ts';
import { readTokenLife } from '../../src/services/tokenLife.ts';
import { noTokenRejections, tokenLifetimeMs } from './sessionFakes.ts';
import { member } from './sessionHarness.ts';

/** A stand-in for the firebase/auth SDK: a user saved on the device is signed in once it starts. */
function fakeSdk(saved: IdentityUser | null): IdentityService {
  let user = saved;
  const listeners = new Set<(user: IdentityUser | null) => void>();
  const tell = () => listeners.forEach((listener) => listener(user));
  return {
    observeUser(listener) {
      listeners.add(listener);
      queueMicrotask(() => listener(user));
      return () => listeners.delete(listener);
    },
    signInWithPassword: async (email) => {
      user = { uid: 'uid-new', email };
      tell();
      return user;
    },
    signInWithCustomToken: async () => member,
    signOut: async () => {
      user = null;
      tell();
    },
    getIdToken: async () => (user ? 'token' : null),
    getIdTokenResult: async () => (user ? { token: 'token', expiresAt: Date.now() + tokenLifetimeMs } : null),
  };
}

/** The real session machine over the lazy identity service, as the composition root wires it. */
function startSession(saved: IdentityUser | null) {
  const loads: string[] = [];
  const identity = createLazyIdentity({
    load: async () => {
      loads.push('sdk');
      return fakeSdk(saved);
    },
    hasStoredUser: async () => saved !== null,
    onShown: () => () => {},
    log: () => {},
  });
  const session = sessionMachine.provide({
    actors: {
      observeUser: fromCallback<SessionEvent>(({ sendBack }) => identity.observeUser((user) => sendBack({ type: 'session.userChanged', user }))),
      observeTokenRejections: noTokenRejections,
      readToken: fromPromise(({ input }: { input: { forceRefresh: boolean } }) => readTokenLife(identity, input.forceRefresh)),
      signOut: fromPromise(() => identity.signOut()),
    },
  });
  const told: string[] = [];
  const parent = setup({ actors: { session } }).createMachine({
    invoke: { src: 'session', id: 'session', systemId: 'session' },
    on: { '*': { actions: ({ event }) => void told.push(event.type) } },
  });
  const actor = createActor(parent).start();
  const sessionRef = actor.system.get('session') as ReturnType<typeof createActor<typeof session>>;
  return { identity, loads, told, sessionRef, stop: () => actor.stop() };
}

describe('the session over the lazily loaded identity SDK', () => {
  it('with no user saved on the device, is signed out at once and never loads the SDK', async () => {
    const s = startSession(null);
    await waitFor(s.sessionRef, (snapshot) => snapshot.matches('signedOut'));
    expect(s.told).toEqual(['session.signedOut']);
    expect(await s.identity.getIdToken()).toBeNull();
    await s.identity.signOut();
    expect(s.loads).toEqual([]);
    s.stop();
  });

  it('with a user saved, loads the SDK at once and restores the session', async () => {
    const s = startSession(member);
    await waitFor(s.sessionRef, (snapshot) => snapshot.matches({ signedIn: 'valid' }));
    expect(s.sessionRef.getSnapshot().context.user).toEqual(member);
    expect(s.told).toEqual(['session.signedIn']);
    expect(s.loads).toEqual(['sdk']);
    s.stop();
  });

  it('loads the SDK when a visitor signs in, once, and follows the new member', async () => {
    const s = startSession(null);
    await waitFor(s.sessionRef, (snapshot) => snapshot.matches('signedOut'));
    await Promise.all([s.identity.signInWithPassword('new@aurora.test', 'Password1'), s.identity.getIdToken()]);
    await waitFor(s.sessionRef, (snapshot) => snapshot.matches({ signedIn: 'valid' }));
    expect(s.sessionRef.getSnapshot().context.user).toEqual({ uid: 'uid-new', email: 'new@aurora.test' });
    expect(s.told).toEqual(['session.signedOut', 'session.signedIn']);
    expect(s.loads).toEqual(['sdk']);
    s.stop();
  });

  it('tries the SDK again on the next sign-in when its download failed', async () => {
    let failures = 1;
    const identity = createLazyIdentity({
      load: async () => {
        if (failures-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
        return fakeSdk(null);
      },
      hasStoredUser: async () => false,
      onShown: () => () => {},
      log: () => {},
    });
    await expect(identity.signInWithPassword('member@aurora.test', 'Password1')).rejects.toThrow('Failed to fetch');
    await expect(identity.signInWithPassword('member@aurora.test', 'Password1')).resolves.toMatchObject({ email: 'member@aurora.test' });
  });
});
