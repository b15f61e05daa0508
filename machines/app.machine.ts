import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, raise, type AnyEventObject, sendTo, setup, spawnChild } from 'xstate';
import { callErrorOf, notProvided } from './errorCode.ts';
import type { Brand } from '../contract/brand.ts';
import { mustUpdateContainer, type ContainerVersion } from '../domain/version.ts';
import { sessionMachine } from './session.machine.ts';
import { signInMachine } from './signIn.machine.ts';
import { setUpMachine } from './setUp.machine.ts';
import { feedMachine } from './feed.machine.ts';
import { searchMachine } from './search.machine.ts';
import { categoriesMachine } from './categories.machine.ts';
import { navigatorMachine } from './navigator.machine.ts';
import { cartMachine } from './cart.machine.ts';
import { languageMachine } from './language.machine.ts';
import { connectionMachine } from './connection.machine.ts';
import { layoutMachine } from './layout.machine.ts';
import { pushTokenMachine } from './pushToken.machine.ts';
import {
  offerTypes,
  pathShown,
  shownOfferTypes,
  signOutReason,
  type AppContext,
  type AppError,
  type AppEvent,
  type AppInput,
  type Member,
  type NavigatorLike,
} from './app.rules.ts';

const toAppError = callErrorOf;

/**
 * The root actor: the app phase (loading, auth, setUp, content, forceUpdate, error) and the
 * long-lived children, each with a systemId so siblings can find each other.
 */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput | undefined,
  },
  actors: {
    loadBrand: fromPromise<Brand>(async () => notProvided('loadBrand')),
    /** The brand this device saved when it last loaded it (issue 26: opened offline); rejects when there is none. */
    loadSavedBrand: fromPromise<Brand>(async () => notProvided('loadSavedBrand')),
    connection: connectionMachine,
    layout: layoutMachine,
    /** The member now signed in (uid from the session: a cached user of another account is not theirs). */
    loadMember: fromPromise<Member, { uid: string | null }>(async () => notProvided('loadMember')),
    /** The native container's version (spec 7: bridge or container service); null in a plain browser. */
    loadContainerVersion: fromPromise<ContainerVersion | null>(async () => notProvided('loadContainerVersion')),
    session: sessionMachine,
    signIn: signInMachine,
    setUp: setUpMachine,
    feed: feedMachine,
    navigator: navigatorMachine,
    search: searchMachine,
    categories: categoriesMachine,
    cart: cartMachine,
    pushToken: pushTokenMachine,
    language: languageMachine,
    /** The brand again, for its texts in the language now shown: tells `app.brandReloaded` (a failure keeps the brand shown). */
    reloadBrand: fromCallback<AnyEventObject>(() => notProvided('reloadBrand')),
  },
  actions: {
    /** Back to '/' in the address bar after sign-out (provided at the composition root). */
    resetUrl: () => notProvided('resetUrl'),
    /** Puts an auth screen's address in the address bar, for the auth routes to open (provided at the composition root). */
    showAuthScreen: () => notProvided('showAuthScreen'),
    rememberReturnPath: assign({
      returnPath: ({ self }) => pathShown((self.getSnapshot().children as Record<string, NavigatorLike | undefined>).navigator),
    }),
    /** A visitor became a member on the page they were on: the feed follows their favourites. */
    tellFeedFavourites: sendTo('feed.mixed', ({ context }) => ({
      type: 'feed.favouritesChanged' as const,
      categoryIds: context.member?.user.favouriteCategoryIdList ?? [],
    })),
    /** Set-up is the stack '/' (spec 2.4): the address bar leaves /createaccount (provided at the composition root). */
    showSetUpUrl: () => notProvided('showSetUpUrl'),
    /** Forgets the cached billboard and feeds on sign-out (provided at the composition root). */
    clearCaches: () => notProvided('clearCaches'),
    /** Keeps the app's own sign-out reason (role errors) unless the session gives one. */
    endSession: assign(({ context, event }) => {
      assertEvent(event, 'session.signedOut');
      return { sessionUser: null, authError: event.reason ?? context.authError };
    }),
    /**
     * What the first screen of content does not show: one feed per offer type the brand shows
     * (showEditorial, showBenefit, showLive), as feed.{type}, and the categories.
     */
    startTabChildren: enqueueActions(({ context, enqueue }) => {
      for (const type of shownOfferTypes(context.brand)) {
        enqueue.spawnChild('feed', { id: `feed.${type}`, systemId: `feed.${type}`, input: { type } });
      }
      enqueue.spawnChild('categories', { id: 'categories', systemId: 'categories' });
    }),
    stopTabChildren: enqueueActions(({ enqueue }) => {
      for (const type of offerTypes) enqueue.stopChild(`feed.${type}`);
      enqueue.stopChild('categories');
    }),
    tellMemberLeft: sendTo('language', { type: 'language.memberLeft' }),
    /** The brand's texts (tab labels, terms) in the language now shown; a later change replaces an earlier reload. */
    reloadBrandTexts: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('brandTexts');
      enqueue.spawnChild('reloadBrand', { id: 'brandTexts' });
    }),
    /** Every feed and the categories load again (in the language now shown, or for the member now signed in). */
    reloadContent: enqueueActions(({ context, enqueue, system }) => {
      enqueue.sendTo('feed.mixed', { type: 'feed.reload' });
      // Not started yet (startTabChildren), they load afresh when they start.
      for (const type of shownOfferTypes(context.brand)) if (system.get(`feed.${type}`)) enqueue.sendTo(`feed.${type}`, { type: 'feed.reload' });
      if (system.get('categories')) enqueue.sendTo('categories', { type: 'categories.reload' });
    }),
    /** The member's cart loads again: its offer and variant names come from the server in the language shown. */
    tellCartLanguageChanged: enqueueActions(({ enqueue, system }) => {
      if (system.get('cart')) enqueue.sendTo('cart', { type: 'cart.languageChanged' });
    }),
  },
  delays: {
    /**
     * None: a task of its own, after the one that entered content and drew its first screen, so
     * that neither is long enough to hold up the member's first tap (issue 26, total blocking time).
     */
    firstScreenDrawn: 0,
  },
  guards: {
    knowsContainerVersion: ({ context }) => context.containerVersion !== 'pending',
    isBelowMinimumVersion: ({ context }) =>
      context.containerVersion !== 'pending' &&
      context.brand !== null &&
      mustUpdateContainer(context.containerVersion, context.brand.settings.minimumContainerVersion),
    hasCompletedOnboarding: (_, member: Member) => member.user.completedOnboarding,
    wasSignedIn: ({ context }) => context.sessionUser !== null,
    /** Signed out, the brand's public offers open (its visitorBrowsing setting), unless an auth screen was asked for. */
    welcomesVisitors: ({ context }) => context.brand?.settings.visitorBrowsing === true && !context.authScreenFirst,
    browsingAllowed: ({ context }) => context.brand?.settings.visitorBrowsing === true,
    /** The app signed the user out with a reason (expired, no role) or a notice (account deleted) to tell. */
    hasAuthMessage: ({ context }) => context.authError !== null || context.authNotice !== null,
    endsSession: (_, error: AppError) => signOutReason(error) !== null,
    /** No answer at all (spec 8: status 600, failed_to_fetch), not an error the server answered. */
    isNetworkFailure: (_, error: AppError) => error.code === 'failed_to_fetch',
    failedForNetwork: ({ context }) => context.error?.code === 'failed_to_fetch',
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    containerVersion: 'pending',
    layout: input?.layout ?? 'mobile',
    desktopDevice: input?.desktopDevice ?? input?.layout === 'desktop',
    noDesktop: input?.noDesktop ?? false,
    navigation: input?.navigation ?? null,
    authScreenFirst: input?.startsOnAuthScreen ?? false,
    returnPath: null,
    brand: null,
    sessionUser: null,
    member: null,
    authError: null,
    authNotice: null,
    error: null,
    language: input?.language ?? { shown: 'en', deviceChoice: null, chosenBy: null },
  }),
  invoke: [
    // The app's language, from the first sign-in screen to sign-out and beyond.
    { src: 'language', id: 'language', systemId: 'language', input: ({ context }) => context.language },
    { src: 'connection', id: 'connection', systemId: 'connection' },
    { src: 'layout', id: 'layout', input: ({ context }) => ({ layout: context.layout, desktopDevice: context.desktopDevice }) },
  ],
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      // Asked beside the brand; the container service answers the same version all page long.
      invoke: {
        src: 'loadContainerVersion',
        onDone: { actions: assign({ containerVersion: ({ event }) => event.output }) },
        onError: { actions: assign({ containerVersion: null }) },
      },
      initial: 'brand',
      states: {
        brand: {
          invoke: {
            src: 'loadBrand',
            onDone: { target: 'version', actions: assign({ brand: ({ event }) => event.output }) },
            onError: [
              // The network is down: the app opens with the brand this device saved, and says it is offline.
              {
                guard: { type: 'isNetworkFailure', params: ({ event }) => toAppError(event.error) },
                target: 'savedBrand',
                actions: [assign({ error: ({ event }) => toAppError(event.error) }), sendTo('connection', { type: 'connection.lost' })],
              },
              { target: '#app.error', actions: assign({ error: ({ event }) => toAppError(event.error) }) },
            ],
          },
        },
        /** Offline at start: the saved brand if this device has one, else the network error stands. */
        savedBrand: {
          invoke: {
            src: 'loadSavedBrand',
            onDone: { target: 'version', actions: assign({ brand: ({ event }) => event.output, error: null }) },
            onError: '#app.error',
          },
        },
        /** Waits for the container's version, then holds it against the brand's minimum (spec 2.6). */
        version: {
          always: [
            { guard: 'isBelowMinimumVersion', target: '#app.forceUpdate' },
            {
              guard: 'knowsContainerVersion',
              target: 'session',
              actions: spawnChild('session', { id: 'session', systemId: 'session' }),
            },
          ],
        },
        /** Waits for the session to say whether someone is signed in (handled at the root). */
        session: {},
        member: {
          invoke: {
            src: 'loadMember',
            input: ({ context }) => ({ uid: context.sessionUser?.uid ?? null }),
            onError: [
              // A role or token error signs out and is told on the sign-in form; anything else is the error screen.
              {
                guard: { type: 'endsSession', params: ({ event }) => toAppError(event.error) },
                target: '#app.loading.signingOut',
                actions: assign({ authError: ({ event }) => ({ code: signOutReason(toAppError(event.error))! }) }),
              },
              { target: '#app.error', actions: assign({ error: ({ event }) => toAppError(event.error) }) },
            ],
            onDone: [
              {
                guard: { type: 'hasCompletedOnboarding', params: ({ event }) => event.output },
                target: '#app.content',
                actions: [
                  assign({ member: ({ event }) => event.output }),
                  sendTo('language', ({ event }) => ({ type: 'language.memberLoaded', memberId: event.output.user.id, language: event.output.user.language ?? null })),
                ],
              },
              {
                target: '#app.setUp',
                actions: [
                  assign({ member: ({ event }) => event.output }),
                  sendTo('language', ({ event }) => ({ type: 'language.memberLoaded', memberId: event.output.user.id, language: event.output.user.language ?? null })),
                ],
              },
            ],
          },
        },
        signingOut: {
          entry: sendTo('session', { type: 'session.signOut' }),
        },
      },
    },
    /** Nobody is signed in: the brand's visitors browse, or the sign-in screen opens. */
    signedOut: {
      always: [{ guard: 'welcomesVisitors', target: 'content.visitor' }, { target: 'auth' }],
    },
    auth: {
      entry: [assign({ member: null }), 'tellMemberLeft'],
      on: {
        'app.browse': {
          guard: 'browsingAllowed',
          target: 'signedOut',
          actions: assign({ authScreenFirst: false, authError: null, authNotice: null }),
        },
      },
      invoke: {
        src: 'signIn',
        id: 'signIn',
        systemId: 'signIn',
        input: ({ context }) => ({ error: context.authError, notice: context.authNotice }),
      },
    },
    setUp: {
      entry: 'showSetUpUrl',
      // Completed: the member is loaded afresh (completedOnboarding now true) and the app moves to content.
      invoke: {
        src: 'setUp',
        id: 'setUp',
        systemId: 'setUp',
        input: ({ context }) => ({ settings: context.brand!.settings, user: context.member!.user }),
        onDone: 'loading.member',
      },
    },
    content: {
      after: { firstScreenDrawn: { actions: 'startTabChildren' } },
      exit: ['stopTabChildren', assign({ returnPath: null })],
      invoke: [
        {
          src: 'feed',
          id: 'feed.mixed',
          systemId: 'feed.mixed',
          input: ({ context }) => ({ favouriteIds: context.member?.user.favouriteCategoryIdList ?? [] }),
        },
        // The mobile home's search field is its way into search.
        { src: 'search', id: 'search', systemId: 'search' },
        {
          src: 'navigator',
          id: 'navigator',
          systemId: 'navigator',
          input: ({ context }) => context.navigation!(context.brand!, context.returnPath, context.layout),
        },
      ],
      on: {
        'app.languageChanged': { actions: ['reloadBrandTexts', 'reloadContent', 'tellCartLanguageChanged'] },
        'app.backOnline': { actions: ['reloadBrandTexts', 'reloadContent'] },
      },
      initial: 'member',
      states: {
        member: {
          invoke: [
            // The member's cart: the badge counts it on every page, and offer pages add to it.
            { src: 'cart', id: 'cart', systemId: 'cart' },
            // Spec 4: 10 s after the member's content opens, their device's push token goes to their record if it changed.
            {
              src: 'pushToken',
              id: 'pushToken',
              input: ({ context }) => ({ brandId: context.brand!.id, storedToken: context.member?.user.pushNotificationToken ?? null }),
            },
          ],
          on: {
            'app.userUpdated': {
              actions: [
                assign({ member: ({ context, event }) => (context.member ? { ...context.member, user: event.user } : null) }),
                sendTo('feed.mixed', ({ event }) => ({ type: 'feed.favouritesChanged', categoryIds: event.user.favouriteCategoryIdList ?? [] })),
              ],
            },
            'app.favouritesSaved': {
              actions: [
                assign({
                  member: ({ context, event }) =>
                    context.member ? { ...context.member, user: { ...context.member.user, favouriteCategoryIdList: event.categoryIdList } } : null,
                }),
                sendTo('feed.mixed', ({ event }) => ({ type: 'feed.favouritesChanged', categoryIds: event.categoryIdList })),
              ],
            },
          },
        },
        /**
         * A signed-out visitor browses the brand's public offers with the same navigator; member
         * actions ask them to sign in in a dialog over the page, which stays as it was.
         */
        visitor: {
          entry: [assign({ member: null }), 'tellMemberLeft'],
          on: {
            // Signed in from the dialog (or another tab): the member is loaded on the page they are on.
            'session.signedIn': {
              target: '.loadingMember',
              actions: assign({ sessionUser: ({ event }) => event.user, authError: null, authNotice: null }),
            },
            'app.authScreenWanted': {
              target: '#app.auth',
              actions: ['rememberReturnPath', 'showAuthScreen'],
            },
          },
          initial: 'opening',
          states: {
            /** Signed out by the app with something to tell (expired, no role, account deleted): the dialog tells it. */
            opening: {
              always: [{ guard: 'hasAuthMessage', target: 'signingIn' }, { target: 'browsing' }],
            },
            browsing: {
              on: { 'app.signInWanted': { target: 'signingIn', actions: 'rememberReturnPath' } },
            },
            signingIn: {
              invoke: {
                src: 'signIn',
                id: 'signIn',
                systemId: 'signIn',
                input: ({ context }) => ({ error: context.authError, notice: context.authNotice }),
              },
              on: {
                'app.signInDismissed': { target: 'browsing', actions: assign({ authError: null, authNotice: null, returnPath: null }) },
              },
            },
            loadingMember: {
              invoke: {
                src: 'loadMember',
                input: ({ context }) => ({ uid: context.sessionUser?.uid ?? null }),
                onError: [
                  // A role or token error signs out and is told on the sign-in form; anything else is the error screen.
                  {
                    guard: { type: 'endsSession', params: ({ event }) => toAppError(event.error) },
                    target: '#app.loading.signingOut',
                    actions: assign({ authError: ({ event }) => ({ code: signOutReason(toAppError(event.error))! }) }),
                  },
                  { target: '#app.error', actions: assign({ error: ({ event }) => toAppError(event.error) }) },
                ],
                onDone: [
                  {
                    guard: { type: 'hasCompletedOnboarding', params: ({ event }) => event.output },
                    target: '#app.content.member',
                    // The feeds load again: the member-only offers appear, in the order of their favourites.
                    actions: [
                      assign({ member: ({ event }) => event.output }),
                      sendTo('language', ({ event }) => ({ type: 'language.memberLoaded', memberId: event.output.user.id, language: event.output.user.language ?? null })),
                      'clearCaches',
                      'reloadContent',
                      'tellFeedFavourites',
                    ],
                  },
                  // Set-up first; the page they were on opens after it.
                  {
                    target: '#app.setUp',
                    actions: [
                      'rememberReturnPath',
                      assign({ member: ({ event }) => event.output }),
                      sendTo('language', ({ event }) => ({ type: 'language.memberLoaded', memberId: event.output.user.id, language: event.output.user.language ?? null })),
                    ],
                  },
                ],
              },
            },
          },
        },
      },
    },
    forceUpdate: {},
    error: {
      on: {
        // Failed for want of a network: it is back, so the app tries again by itself.
        'app.backOnline': { guard: 'failedForNetwork', actions: raise({ type: 'app.retry' }) },
        'app.retry': [
          // An unknown brand stays unknown: nothing to try again (spec 2.2).
          { guard: ({ context }) => context.error?.code === 'brand_not_found' },
          // The session child lives on once the brand is there; only the member needs reloading.
          { guard: ({ context }) => context.brand !== null, target: 'loading.member', actions: assign({ error: null }) },
          { target: 'loading', actions: assign({ error: null }) },
        ],
      },
    },
  },
  on: {
    // Also when another account signs in (in another tab): its member is loaded afresh.
    'session.signedIn': {
      target: '.loading.member',
      actions: assign({ sessionUser: ({ event }) => event.user, authError: null, authNotice: null }),
    },
    'session.signedOut': [
      // A member leaving, from whichever phase: nothing of theirs stays (spec 3).
      { guard: 'wasSignedIn', target: '.signedOut', actions: ['endSession', 'resetUrl', 'clearCaches'] },
      { target: '.signedOut', actions: 'endSession' },
    ],
    'app.signOut': { actions: sendTo('session', { type: 'session.signOut' }) },
    'app.languageChanged': { actions: 'reloadBrandTexts' },
    'app.brandReloaded': { actions: assign({ brand: ({ event }) => event.brand }) },
    'app.layoutChanged': { actions: assign({ layout: ({ event }) => event.layout }) },
    'app.accountDeleted': { actions: [assign({ authNotice: 'accountDeleted' }), sendTo('session', { type: 'session.signOut' })] },
  },
});
