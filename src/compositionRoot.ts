import { fromCallback, fromPromise } from 'xstate';
import { appMachine } from '../machines/app.machine.ts';
import { signOutReason, type AppEvent, type AppInput, type Layout, type Member } from '../machines/app.rules.ts';
import { callErrorOf } from '../machines/errorCode.ts';
import { loadMember } from './services/memberLoader.ts';
import { cachedCategories, cachedUser, rememberUser } from './services/memberCache.ts';
import { navigatorMachine, type NavigatorEvent } from '../machines/navigator.machine.ts';
import type { Brand } from '../contract/brand.ts';
import { detectDeviceProfile, isDesktopLayout, readDeviceInput } from './domain/deviceProfile.ts';
import { createResolver } from './routes/resolver.ts';
import { media } from './theme/breakpoints.ts';
import { applyHistoryEffect, isAuthScreenPath, observePopstate, resetToRoot, saveNavigation, showAuthScreen, showSetUpRoot, startLocation } from './services/browserHistory.ts';
import { sessionMachine, type SessionEvent } from '../machines/session.machine.ts';
import { signInMachine } from '../machines/signIn.machine.ts';
import { setUpMachine, type CompleteOnboardingRequest } from '../machines/setUp.machine.ts';
import { completeOnboarding } from './api/onboarding.ts';
import { clearReferralCode, readReferralCode } from './services/referralCode.ts';
import { feedMachine, type PageRequest } from '../machines/feed.machine.ts';
import type { ClientConfig } from './config.ts';
import type { Services } from './services/services.ts';
import { createApiClient } from './api/client.ts';
import { getBrand, getBrandRole } from './api/brand.ts';
import { getUser } from './api/user.ts';
import { getBillboard, getCategories, getOfferList, searchOffers } from './api/offers.ts';
import { searchMachine, type SearchRequest } from '../machines/search.machine.ts';
import { categoriesMachine } from '../machines/categories.machine.ts';
import { cartMachine } from '../machines/cart.machine.ts';
import { getShoppingCart, updateShoppingCart, type CartUpdateBody } from './api/cart.ts';
import { cacheKeyPrefix, clearAll } from './services/persistedStore.ts';
import { cachedBillboard, cachedFirstPage } from './services/offerCache.ts';
import type { IdentityService } from './services/identity.ts';
import { nextTask } from './wiring/nextTask.ts';
import { createLazyIdentity } from './services/lazyIdentity.ts';
import { hasStoredIdentityUser, storedUserKeyPrefix } from './services/storedIdentityUser.ts';
import { createRejectionFeed, readTokenLife } from './services/tokenLife.ts';
import { createContainerService } from './services/container.ts';
import { setBrandLocality } from './i18n/format.ts';
import { activateLocale, i18n } from './i18n/i18n.ts';
import { languageMachine, type Language } from '../machines/language.machine.ts';
import { rememberDeviceChoice } from './services/languageChoice.ts';
import { updateUser } from './api/profile.ts';
import { rememberBrand, savedBrand } from './services/brandCache.ts';
import { connectionMachine, type ConnectionEvent } from '../machines/connection.machine.ts';
import { observeConnection } from './services/connection.ts';
import { layoutMachine, type LayoutEvent } from '../machines/layout.machine.ts';
import { observeWindowWidth } from './services/windowWidth.ts';
import { analyticsUrl, createAnalytics } from './services/analytics.ts';
import { appVersion } from './domain/appVersion.ts';
import { wirePushToken } from './wiring/pushToken.wiring.ts';
import { followContainerLinks } from './services/containerLinks.ts';

/**
 * The composition root: the app machine with the real services behind its actors.
 * The identity service exists once the brand (and so its tenant) is known.
 */
export function provideAppMachine(config: ClientConfig, appUrl: string): { appMachine: typeof appMachine; services: Services } {
  let identity: IdentityService | null = null;
  const requireIdentity = () => {
    if (!identity) throw new Error('The identity service starts after the brand is loaded');
    return identity;
  };
  const storedUser = storedUserCheck(config.firebase.apiKey);
  const rejections = createRejectionFeed();
  const api = createApiClient({
    baseUrl: config.apiBase,
    appUrl,
    getIdToken: async () => identity?.getIdToken() ?? null,
    onUnauthorized: rejections.report,
  });
  const deviceProfile = detectDeviceProfile(readDeviceInput(window));
  const container = createContainerService({
    containerType: deviceProfile.device.containerType,
    serviceUrl: config.containerServiceUrl,
  });
  const analytics = createAnalytics({
    url: analyticsUrl(config.apiBase, appUrl),
    profile: deviceProfile,
    coreVersion: appVersion,
    getIdToken: async () => identity?.getIdToken() ?? null,
    log: config.development ? (message, detail) => console.warn(message, detail) : undefined,
  });
  followContainerLinks(window, deviceProfile.device.containerType);

  const startBrand = (brand: Brand) => {
    // Dates and amounts follow the brand's time zone and region from here on (one brand per page load).
    setBrandLocality(brand.settings);
    identity = createLazyIdentity({
      load: () => import('./services/identity.ts').then((m) => m.createIdentityService(config.firebase, brand.authTenantId ?? '')),
      hasStoredUser: () => storedUser.check(),
      onShown: onPageShown,
      log: (message, error) => console.warn(message, error),
    });
    return brand;
  };

  const provided = appMachine.provide({
    actions: {
      resetUrl: resetToRoot,
      showSetUpUrl: showSetUpRoot,
      clearCaches: () => clearAll(cacheKeyPrefix),
      showAuthScreen: ({ event }) => {
        if (event.type === 'app.authScreenWanted') showAuthScreen(event.screen);
      },
    },
    actors: {
      navigator: navigatorMachine.provide({
        actors: { browserHistory: fromCallback<NavigatorEvent>(({ sendBack }) => observePopstate(sendBack)) },
        actions: {
          applyHistory: (_, effect) => applyHistoryEffect(effect),
          saveNavigation: (_, saved) => saveNavigation(saved),
        },
      }),
      loadBrand: fromPromise(async () => {
        const brand = await getBrand(api);
        rememberBrand(brand);
        return startBrand(brand);
      }),
      loadSavedBrand: fromPromise(async () => startBrand(await savedBrand())),
      connection: connectionMachine.provide({
        actors: { watchConnection: fromCallback<ConnectionEvent>(({ sendBack }) => observeConnection(window, sendBack)) },
      }),
      layout: layoutMachine.provide({
        actors: { watchWindowWidth: fromCallback<LayoutEvent>(({ sendBack }) => observeWindowWidth(window, media.desktopLayout, sendBack)) },
      }),
      reloadBrand: fromCallback(({ sendBack }) => {
        let current = true;
        getBrand(api).then(
          (brand) => {
            rememberBrand(brand);
            if (current) sendBack({ type: 'app.brandReloaded', brand } satisfies AppEvent);
          },
          // The tabs keep their labels in the language before; the next change asks again.
          (error) => console.warn('The brand could not be loaded in the new language', error),
        );
        return () => void (current = false);
      }),
      language: languageMachine.provide({
        actors: {
          showLanguage: fromPromise(({ input }: { input: { language: Language } }) => activateLocale(input.language)),
          saveLanguage: fromPromise(async ({ input, signal }: { input: { language: Language }; signal: AbortSignal }) => {
            const user = await updateUser(api, { language: input.language });
            // Not after the member signed out meanwhile (the save's actor stopped): sign-out cleared the cache.
            if (!signal.aborted) rememberUser(user);
            return user;
          }),
        },
        actions: {
          rememberChoice: (_, choice) => rememberDeviceChoice(choice),
          // The member keeps the language on this device; their record (and their mails) catch up on the next load.
          logSaveFailure: (_, { error }) => console.warn('The language could not be saved on the member', error),
        },
      }),
      loadContainerVersion: fromPromise(() => container.version()),
      pushToken: wirePushToken({
        container,
        save: async (token) => {
          const user = await updateUser(api, { pushNotificationToken: token });
          rememberUser(user);
          return user;
        },
      }),
      loadMember: fromPromise(({ input }: { input: { uid: string | null } }): Promise<Member> =>
        loadMember({
          user: () => cachedUser(input.uid, () => getUser(api)),
          role: () => getBrandRole(api),
          endsSession: (error) => signOutReason(callErrorOf(error)) !== null,
          log: (message, error) => console.warn(message, error),
        }),
      ),
      session: sessionMachine.provide({
        actors: {
          // Told in a task of its own: the app's next phase (content, its children and their fetches) starts from it.
          observeUser: fromCallback<SessionEvent>(({ sendBack }) =>
            requireIdentity().observeUser((user) => void nextTask().then(() => sendBack({ type: 'session.userChanged', user }))),
          ),
          observeTokenRejections: fromCallback<SessionEvent>(({ sendBack }) =>
            rejections.listen((code, sentAt) => sendBack({ type: 'session.tokenRejected', code, sentAt })),
          ),
          readToken: fromPromise(({ input }: { input: { forceRefresh: boolean } }) =>
            readTokenLife(requireIdentity(), input.forceRefresh),
          ),
          signOut: fromPromise(() => requireIdentity().signOut()),
        },
      }),
      signIn: signInMachine.provide({
        actors: {
          signInWithPassword: fromPromise<unknown, { email: string; password: string }>(({ input }) =>
            requireIdentity().signInWithPassword(input.email, input.password),
          ),
        },
      }),
      setUp: setUpMachine.provide({
        actors: {
          loadSavedReferralCode: fromPromise(async () => readReferralCode()),
          completeOnboarding: fromPromise(async ({ input }: { input: CompleteOnboardingRequest }) => {
            const user = await completeOnboarding(api, input);
            // The app loads the member next: the cached one still needs set-up.
            rememberUser(user);
            return user;
          }),
          signInWithPassword: fromPromise<unknown, { email: string; password: string }>(({ input }) =>
            requireIdentity().signInWithPassword(input.email, input.password),
          ),
        },
        actions: { forgetReferralCode: clearReferralCode },
      }),
      // The feeds' and the categories' loads start in tasks of their own (`nextTask`): the app enters
      // content with all of them at once, and their cache reads and fetches made that one long task.
      feed: feedMachine.provide({
        actors: {
          loadBillboard: fromPromise(async () => {
            await nextTask();
            return cachedBillboard(i18n.locale, () => getBillboard(api));
          }),
          loadPage: fromPromise(async ({ input }: { input: PageRequest }) => {
            await nextTask();
            // Spec 7: extending the offer list is an interaction event with its type, offset and categories.
            if (input.offset > 0) analytics.track('extend_offer_list', { type: input.type ?? null, offset: input.offset, categoryId: input.categoryIds.join(',') || null });
            const load = () => getOfferList(api, { type: input.type, offset: input.offset, categoryIds: input.categoryIds });
            // Only the first page is cached (spec 4): later pages follow whatever the member scrolled to.
            return input.offset === 0 ? cachedFirstPage(input, i18n.locale, load) : load();
          }),
        },
      }),
      search: searchMachine.provide({
        actors: { searchOffers: fromPromise(({ input }: { input: SearchRequest }) => searchOffers(api, input)) },
      }),
      categories: categoriesMachine.provide({
        actors: {
          loadCategories: fromPromise(async () => {
            await nextTask();
            return cachedCategories(() => getCategories(api));
          }),
        },
      }),
      cart: cartMachine.provide({
        actors: {
          loadCart: fromPromise(() => getShoppingCart(api)),
          saveCart: fromPromise(({ input }: { input: CartUpdateBody }) => updateShoppingCart(api, input)),
        },
      }),
    },
  });
  return { appMachine: provided, services: { api, identity: requireIdentity, container, analytics } };
}

/**
 * Whether a session must be restored, asked once at start and again when the page is shown
 * after being hidden (another tab may have signed in). With a saved user the identity SDK's
 * chunk starts downloading at once, beside the brand, instead of after it.
 */
function storedUserCheck(apiKey: string) {
  let answer = hasStoredIdentityUser(storedUserKeyPrefix(apiKey));
  void answer.then((stored) => {
    // Only fetched here; a failure shows where the SDK is needed (src/services/lazyIdentity.ts).
    if (stored) import('./services/identity.ts').catch(() => {});
  });
  let stale = false;
  document.addEventListener('visibilitychange', () => void (stale ||= document.visibilityState === 'hidden'));
  return {
    check() {
      if (stale) {
        stale = false;
        answer = hasStoredIdentityUser(storedUserKeyPrefix(apiKey));
      }
      return answer;
    },
  };
}

function onPageShown(callback: () => void): () => void {
  const listener = () => document.visibilityState === 'visible' && callback();
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** What the app machine needs to know about this browser at start. */
export function appInput(config: ClientConfig): AppInput {
  // The window's width decides with the device: the same media query as the skeleton's CSS, so the app
  // draws the layout the first paint showed (server/shell/skeleton.ts).
  // After start the layout follows the window (machines/layout.machine.ts).
  const wideWindow = window.matchMedia(media.desktopLayout).matches;
  const desktopDevice = isDesktopLayout(detectDeviceProfile(readDeviceInput(window)));
  return {
    layout: desktopDevice && wideWindow ? 'desktop' : 'mobile',
    desktopDevice,
    noDesktop: config.noDesktop,
    startsOnAuthScreen: isAuthScreenPath(window.location.pathname),
    navigation: (brand: Brand, returnPath: string | null, layout: Layout) => {
      const { resolve, stackRoots } = createResolver({ settings: brand.settings, testMode: config.development || brand.settings.testMode === true });
      // Desktop shows one page at a time; mobile stacks pages that slide in like a native app.
      return { resolve, stackRoots, location: startLocation(returnPath), stacked: layout === 'mobile' };
    },
  };
}
