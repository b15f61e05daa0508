import { assertEvent, assign, enqueueActions, fromCallback, raise, type AnyEventObject, sendTo, setup, spawnChild, stopChild } from 'xstate';
import { callErrorOf, notProvided } from './errorCode.ts';
import { mustUpdateContainer } from '../domain/version.ts';
import { appStartMachine, type AppStartOutput } from './appStart.machine.ts';
import { connectionMachine } from './connection.machine.ts';
import { layoutMachine } from './layout.machine.ts';
import { languageMachine } from './language.machine.ts';
import { sessionMachine } from './session.machine.ts';
import { memberLoadMachine } from './memberLoad.machine.ts';
import { signInMachine } from './signIn.machine.ts';
import { setUpMachine } from './setUp.machine.ts';
import { contentMachine } from './content.machine.ts';
import { typeFeedsMachine } from './typeFeeds.machine.ts';
import { initialAppContext, pathShown, shownOfferTypes, signOutReason, type AppContext, type AppError, type AppEvent, type AppInput, type Member, type NavigatorLike } from './app.rules.ts';

const errorParams = ({ event }: { event: { error: unknown } }) => callErrorOf(event.error);

/**
 * The root actor: the app phase (loading, auth, setUp, content, forceUpdate, error) and the
 * long-lived children, each with a systemId so siblings can find each other. Each child starts
 * its own: appStart the brand's and the container's loads, memberLoad the member's, content the
 * navigator, the mixed feed, search and the member's cart, typeFeeds the per-type feeds.
 */
export const appMachine = setup({
  types: { context: {} as AppContext, events: {} as AppEvent, input: {} as AppInput | undefined },
  actors: {
    appStart: appStartMachine,
    /** The brand again, for its texts in the language now shown: tells `app.brandReloaded` (a failure keeps the brand shown). */
    reloadBrand: fromCallback<AnyEventObject>(() => notProvided('reloadBrand')),
    connection: connectionMachine,
    layout: layoutMachine,
    language: languageMachine,
    session: sessionMachine,
    memberLoad: memberLoadMachine,
    signIn: signInMachine,
    setUp: setUpMachine,
    content: contentMachine,
    typeFeeds: typeFeedsMachine,
  },
  actions: {
    /** Back to '/' in the address bar after sign-out (provided at the composition root). */
    resetUrl: () => notProvided('resetUrl'),
    /** Puts an auth screen's address in the address bar, for the auth routes to open (provided at the composition root). */
    showAuthScreen: () => notProvided('showAuthScreen'),
    /** Set-up is the stack '/' (spec 2.4): the address bar leaves /createaccount (provided at the composition root). */
    showSetUpUrl: () => notProvided('showSetUpUrl'),
    /** Forgets the cached billboard and feeds on sign-out (provided at the composition root). */
    clearCaches: () => notProvided('clearCaches'),
    rememberReturnPath: assign({ returnPath: ({ self }) => pathShown(self.getSnapshot().children.content?.getSnapshot().children.navigator as NavigatorLike | undefined) }),
    /** The member just loaded (kept in context first) shows in their language (machines/language.machine.ts). */
    tellLanguageMemberLoaded: sendTo('language', ({ context }) => ({ type: 'language.memberLoaded' as const, memberId: context.member!.user.id, language: context.member!.user.language ?? null })),
    tellMemberLeft: sendTo('language', { type: 'language.memberLeft' }),
    /** The mixed feed follows the member's favourite categories (a visitor became a member, or they changed them). */
    tellFeedFavourites: sendTo('content', ({ context }) => ({ type: 'content.favouritesChanged' as const, categoryIds: context.member?.user.favouriteCategoryIdList ?? [] })),
    /** The member's cart and push token start (machines/content.machine.ts). */
    tellContentMemberIn: sendTo('content', ({ context }) => ({ type: 'content.memberIn' as const, pushToken: { brandId: context.brand!.id, storedToken: context.member?.user.pushNotificationToken ?? null } })),
    /** The profile, the language or the push token saved the member's user (spec 4): the app shows the new one. */
    keepUser: assign(({ context, event }) => {
      assertEvent(event, 'app.userUpdated');
      return { member: context.member && { ...context.member, user: event.user } };
    }),
    keepFavourites: assign(({ context, event }) => {
      assertEvent(event, 'app.favouritesSaved');
      return { member: context.member && { ...context.member, user: { ...context.member.user, favouriteCategoryIdList: event.categoryIdList } } };
    }),
    /** Keeps the app's own sign-out reason (role errors) unless the session gives one. */
    endSession: assign(({ context, event }) => {
      assertEvent(event, 'session.signedOut');
      return { sessionUser: null, authError: event.reason ?? context.authError };
    }),
    /** The brand's texts (tab labels, terms) in the language now shown; a later change replaces an earlier reload. */
    reloadBrandTexts: enqueueActions(({ enqueue }) => {
      enqueue.stopChild('brandTexts');
      enqueue.spawnChild('reloadBrand', { id: 'brandTexts' });
    }),
    /** The per-type feeds and the categories load again; not started yet, they load afresh when they start. */
    reloadTypeFeeds: enqueueActions(({ enqueue, self }) => {
      if (self.getSnapshot().children.typeFeeds) enqueue.sendTo('typeFeeds', { type: 'typeFeeds.reload' });
    }),
  },
  // None: a task of its own, after the one that entered content and drew its first screen, so that
  // neither is long enough to hold up the member's first tap (issue 26, total blocking time).
  delays: { firstScreenDrawn: 0 },
  guards: {
    failedToStart: (_, output: AppStartOutput) => output.error !== null,
    isBelowMinimumVersion: ({ context }) => context.containerVersion !== 'pending' && context.brand !== null && mustUpdateContainer(context.containerVersion, context.brand.settings.minimumContainerVersion),
    hasCompletedOnboarding: (_, member: Member) => member.user.completedOnboarding,
    wasSignedIn: ({ context }) => context.sessionUser !== null,
    /** Signed out, the brand's public offers open (its visitorBrowsing setting), unless an auth screen was asked for. */
    welcomesVisitors: ({ context }) => context.brand?.settings.visitorBrowsing === true && !context.authScreenFirst,
    browsingAllowed: ({ context }) => context.brand?.settings.visitorBrowsing === true,
    /** The app signed the user out with a reason (expired, no role) or a notice (account deleted) to tell. */
    hasAuthMessage: ({ context }) => context.authError !== null || context.authNotice !== null,
    endsSession: (_, error: AppError) => signOutReason(error) !== null,
    failedForNetwork: ({ context }) => context.error?.code === 'failed_to_fetch',
    /** An unknown brand stays unknown: nothing to try again (spec 2.2). */
    isUnknownBrand: ({ context }) => context.error?.code === 'brand_not_found',
    knowsBrand: ({ context }) => context.brand !== null,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => initialAppContext(input),
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
      initial: 'start',
      states: {
        start: {
          invoke: {
            src: 'appStart',
            id: 'appStart',
            onDone: [
              { guard: { type: 'failedToStart', params: ({ event }) => event.output }, target: '#app.error', actions: assign({ error: ({ event }) => event.output.error }) },
              { target: 'version', actions: assign(({ event }) => ({ brand: event.output.brand, containerVersion: event.output.containerVersion })) },
            ],
          },
        },
        /** Holds the container's version against the brand's minimum (spec 2.6). */
        version: {
          always: [{ guard: 'isBelowMinimumVersion', target: '#app.forceUpdate' }, { target: 'session', actions: spawnChild('session', { id: 'session', systemId: 'session' }) }],
        },
        /** Waits for the session to say whether someone is signed in (handled at the root). */
        session: {},
        member: {
          invoke: {
            src: 'memberLoad',
            id: 'memberLoad',
            input: ({ context }) => ({ uid: context.sessionUser?.uid ?? null }),
            onDone: [
              { guard: { type: 'hasCompletedOnboarding', params: ({ event }) => event.output }, target: '#app.content', actions: [assign({ member: ({ event }) => event.output }), 'tellLanguageMemberLoaded'] },
              { target: '#app.setUp', actions: [assign({ member: ({ event }) => event.output }), 'tellLanguageMemberLoaded'] },
            ],
          },
        },
        signingOut: { entry: sendTo('session', { type: 'session.signOut' }) },
      },
    },
    /** Nobody is signed in: the brand's visitors browse, or the sign-in screen opens. */
    signedOut: { always: [{ guard: 'welcomesVisitors', target: 'content.visitor' }, { target: 'auth' }] },
    auth: {
      entry: [assign({ member: null }), 'tellMemberLeft'],
      on: { 'app.browse': { guard: 'browsingAllowed', target: 'signedOut', actions: assign({ authScreenFirst: false, authError: null, authNotice: null }) } },
      invoke: { src: 'signIn', id: 'signIn', systemId: 'signIn', input: ({ context }) => ({ error: context.authError, notice: context.authNotice }) },
    },
    setUp: {
      entry: 'showSetUpUrl',
      // Completed: the member is loaded afresh (completedOnboarding now true) and the app moves to content.
      invoke: { src: 'setUp', id: 'setUp', systemId: 'setUp', input: ({ context }) => ({ settings: context.brand!.settings, user: context.member!.user }), onDone: 'loading.member' },
    },
    content: {
      // The per-type feeds and the categories: not on the first screen, so started in a task after it.
      after: { firstScreenDrawn: { actions: spawnChild('typeFeeds', { id: 'typeFeeds', systemId: 'typeFeeds', input: ({ context }) => ({ types: shownOfferTypes(context.brand) }) }) } },
      exit: [stopChild('typeFeeds'), assign({ returnPath: null })],
      invoke: {
        src: 'content',
        id: 'content',
        input: ({ context }) => ({ navigation: context.navigation!(context.brand!, context.returnPath, context.layout), favouriteIds: context.member?.user.favouriteCategoryIdList ?? [] }),
      },
      on: {
        // The feeds load again in it (the member's cart, like each page showing the server's names, hears it itself: whenLanguageChanges).
        'app.languageChanged': { actions: ['reloadBrandTexts', sendTo('content', { type: 'content.reload' }), 'reloadTypeFeeds'] },
        'app.backOnline': { actions: ['reloadBrandTexts', sendTo('content', { type: 'content.reload' }), 'reloadTypeFeeds'] },
      },
      initial: 'member',
      states: {
        member: {
          entry: 'tellContentMemberIn',
          on: { 'app.userUpdated': { actions: ['keepUser', 'tellFeedFavourites'] }, 'app.favouritesSaved': { actions: ['keepFavourites', 'tellFeedFavourites'] } },
        },
        /** A signed-out visitor browses the brand's public offers with the same navigator; member actions ask them to sign in in a dialog over the page, which stays as it was. */
        visitor: {
          entry: [assign({ member: null }), 'tellMemberLeft'],
          on: {
            // Signed in from the dialog (or another tab): the member is loaded on the page they are on.
            'session.signedIn': { target: '.loadingMember', actions: assign({ sessionUser: ({ event }) => event.user, authError: null, authNotice: null }) },
            'app.authScreenWanted': { target: '#app.auth', actions: ['rememberReturnPath', 'showAuthScreen'] },
          },
          initial: 'opening',
          states: {
            /** Signed out by the app with something to tell (expired, no role, account deleted): the dialog tells it. */
            opening: { always: [{ guard: 'hasAuthMessage', target: 'signingIn' }, { target: 'browsing' }] },
            browsing: { on: { 'app.signInWanted': { target: 'signingIn', actions: 'rememberReturnPath' } } },
            signingIn: {
              invoke: { src: 'signIn', id: 'signIn', systemId: 'signIn', input: ({ context }) => ({ error: context.authError, notice: context.authNotice }) },
              on: { 'app.signInDismissed': { target: 'browsing', actions: assign({ authError: null, authNotice: null, returnPath: null }) } },
            },
            loadingMember: {
              invoke: {
                src: 'memberLoad',
                id: 'memberLoad',
                input: ({ context }) => ({ uid: context.sessionUser?.uid ?? null }),
                onDone: [
                  {
                    guard: { type: 'hasCompletedOnboarding', params: ({ event }) => event.output },
                    target: '#app.content.member',
                    // The feeds load again: the member-only offers appear, in the order of their favourites.
                    actions: [assign({ member: ({ event }) => event.output }), 'tellLanguageMemberLoaded', 'clearCaches', sendTo('content', { type: 'content.reload' }), 'reloadTypeFeeds', 'tellFeedFavourites'],
                  },
                  // Set-up first; the page they were on opens after it.
                  { target: '#app.setUp', actions: ['rememberReturnPath', assign({ member: ({ event }) => event.output }), 'tellLanguageMemberLoaded'] },
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
          { guard: 'isUnknownBrand' },
          // The session child lives on once the brand is there; only the member needs reloading.
          { guard: 'knowsBrand', target: 'loading.member', actions: assign({ error: null }) },
          { target: 'loading', actions: assign({ error: null }) },
        ],
      },
    },
  },
  on: {
    // A member load failed (at start or on a visitor's page): a role or token error signs out and is told on the sign-in form; anything else is the error screen.
    'xstate.error.actor.memberLoad': [
      { guard: { type: 'endsSession', params: errorParams }, target: '.loading.signingOut', actions: assign({ authError: ({ event }) => ({ code: signOutReason(callErrorOf(event.error))! }) }) },
      { target: '.error', actions: assign({ error: ({ event }) => callErrorOf(event.error) }) },
    ],
    // Also when another account signs in (in another tab): its member is loaded afresh.
    'session.signedIn': { target: '.loading.member', actions: assign({ sessionUser: ({ event }) => event.user, authError: null, authNotice: null }) },
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
