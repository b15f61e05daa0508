import { assign, fromPromise, sendTo, setup, spawnChild } from 'xstate';
import type { Brand, BrandRole } from '../server/schemas/brand.ts';
import type { User } from '../server/schemas/user.ts';
import { isBelowVersion } from '../src/domain/version.ts';
import { sessionMachine, type SessionUser } from './session.machine.ts';
import { signInMachine, type SignInError } from './signIn.machine.ts';
import { feedMachine } from './feed.machine.ts';

export interface AppError {
  status: number;
  code: string;
  message: string;
}

export interface Member {
  user: User;
  role: BrandRole;
}

export interface AppContext {
  containerVersion: string;
  brand: Brand | null;
  member: Member | null;
  /** Shown on the sign-in form when the app signed the user out (no role, bad role). */
  authError: SignInError | null;
  error: AppError | null;
}

export type AppEvent =
  | { type: 'session.signedIn'; user: SessionUser }
  | { type: 'session.signedOut' }
  | { type: 'app.signOut' }
  | { type: 'app.retry' };

/** Role errors sign the user out and are told on the sign-in screen, not the error screen. */
const roleErrorCodes = new Set(['no_role_with_app_url', 'bad_user_role_for_app_url']);

const toAppError = (error: unknown): AppError => {
  const e = (error ?? {}) as Partial<AppError>;
  return { status: e.status ?? 0, code: e.code ?? 'unknown', message: e.message ?? String(error) };
};

/**
 * The root actor: the app phase (loading, auth, setUp, content, forceUpdate, error) and the
 * long-lived children, each with a systemId so siblings can find each other.
 */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as { containerVersion?: string } | undefined,
  },
  actors: {
    loadBrand: fromPromise<Brand>(async () => {
      throw new Error('loadBrand not provided');
    }),
    loadMember: fromPromise<Member>(async () => {
      throw new Error('loadMember not provided');
    }),
    session: sessionMachine,
    signIn: signInMachine,
    feed: feedMachine,
  },
  guards: {
    isBelowMinimumVersion: ({ context, event }) =>
      'output' in event &&
      isBelowVersion(context.containerVersion, (event.output as Brand).settings.minimumContainerVersion),
    hasCompletedOnboarding: ({ event }) => 'output' in event && (event.output as Member).user.completedOnboarding,
    isRoleError: ({ event }) => 'error' in event && roleErrorCodes.has(toAppError(event.error).code),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    containerVersion: input?.containerVersion ?? '0.0.0',
    brand: null,
    member: null,
    authError: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      initial: 'brand',
      states: {
        brand: {
          invoke: {
            src: 'loadBrand',
            onDone: [
              {
                guard: 'isBelowMinimumVersion',
                target: '#app.forceUpdate',
                actions: assign({ brand: ({ event }) => event.output }),
              },
              {
                target: 'session',
                actions: [
                  assign({ brand: ({ event }) => event.output }),
                  spawnChild('session', { id: 'session', systemId: 'session' }),
                ],
              },
            ],
            onError: { target: '#app.error', actions: assign({ error: ({ event }) => toAppError(event.error) }) },
          },
        },
        session: {
          on: { 'session.signedIn': 'member', 'session.signedOut': '#app.auth' },
        },
        member: {
          invoke: {
            src: 'loadMember',
            onDone: [
              {
                guard: 'hasCompletedOnboarding',
                target: '#app.content',
                actions: assign({ member: ({ event }) => event.output }),
              },
              { target: '#app.setUp', actions: assign({ member: ({ event }) => event.output }) },
            ],
            onError: [
              {
                guard: 'isRoleError',
                target: 'signingOut',
                actions: assign({ authError: ({ event }) => ({ code: toAppError(event.error).code }) }),
              },
              { target: '#app.error', actions: assign({ error: ({ event }) => toAppError(event.error) }) },
            ],
          },
        },
        signingOut: {
          entry: sendTo('session', { type: 'session.signOut' }),
        },
      },
    },
    auth: {
      entry: assign({ member: null }),
      invoke: {
        src: 'signIn',
        id: 'signIn',
        systemId: 'signIn',
        input: ({ context }) => ({ error: context.authError }),
      },
      on: { 'session.signedIn': { target: 'loading.member', actions: assign({ authError: null }) } },
    },
    setUp: {},
    content: {
      invoke: { src: 'feed', id: 'feed.mixed', systemId: 'feed.mixed', input: {} },
    },
    forceUpdate: {},
    error: {
      on: {
        'app.retry': [
          // The session child lives on once the brand is there; only the member needs reloading.
          { guard: ({ context }) => context.brand !== null, target: 'loading.member', actions: assign({ error: null }) },
          { target: 'loading', actions: assign({ error: null }) },
        ],
      },
    },
  },
  on: {
    'session.signedOut': '.auth',
    'app.signOut': { actions: sendTo('session', { type: 'session.signOut' }) },
  },
});
