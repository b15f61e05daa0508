import type { IdentityService, IdentityUser } from './identity.ts';

export interface LazyIdentityDeps {
  /** Imports and starts the identity SDK (firebase/auth); called again only after a failure. */
  load: () => Promise<IdentityService>;
  /** Whether the SDK saved a signed-in user on this device, read without the SDK (storedIdentityUser.ts). */
  hasStoredUser: () => Promise<boolean>;
  /** Calls back when the page is shown again (another tab may have signed in meanwhile); returns an unsubscribe. */
  onShown: (callback: () => void) => () => void;
  log: (message: string, error: unknown) => void;
}

/**
 * The identity service with its SDK loaded the first time it is needed: at once when a session
 * must be restored (a user is saved on this device), else when someone signs in. Until then
 * nobody is signed in: no SDK, no token.
 */
export function createLazyIdentity({ load, hasStoredUser, onShown, log }: LazyIdentityDeps): IdentityService {
  let loading: Promise<IdentityService> | null = null;
  let announceLoaded: (service: IdentityService) => void = () => {};
  /** Resolves once, with the first SDK that loaded. */
  const loaded = new Promise<IdentityService>((resolve) => (announceLoaded = resolve));
  const sdk = () => {
    loading ??= load().then(
      (service) => {
        announceLoaded(service);
        return service;
      },
      (error: unknown) => {
        loading = null; // The next need tries again.
        throw error;
      },
    );
    return loading;
  };
  /** The SDK when it is (being) loaded or a user is saved; null when nobody can be signed in. */
  const sdkIfSignedIn = async () => loading ?? ((await hasStoredUser()) ? sdk() : null);
  const logFailure = (error: unknown) => log('The identity SDK could not be loaded', error);

  return {
    observeUser(listener: (user: IdentityUser | null) => void) {
      let stopped = false;
      let unsubscribe = () => {};
      // Whoever loads the SDK (a session to restore, a sign-in), from then on the SDK tells.
      void loaded.then((service) => {
        if (!stopped) unsubscribe = service.observeUser(listener);
      });
      sdkIfSignedIn().then(
        // Nobody saved and nothing loading meanwhile: signed out, without the SDK.
        (service) => void (!service && !loading && !stopped && listener(null)),
        (error: unknown) => {
          logFailure(error);
          // A saved user whose SDK cannot load (offline): signed out on this page until it loads.
          if (!stopped) listener(null);
        },
      );
      const stopWatching = onShown(() => {
        if (!loading) sdkIfSignedIn().catch(logFailure);
      });
      return () => {
        stopped = true;
        stopWatching();
        unsubscribe();
      };
    },
    signInWithPassword: async (email, password) => (await sdk()).signInWithPassword(email, password),
    signInWithCustomToken: async (token) => (await sdk()).signInWithCustomToken(token),
    signOut: async () => {
      const service = await sdkIfSignedIn();
      if (service) await service.signOut();
    },
    getIdToken: async () => {
      const service = await sdkIfSignedIn();
      return service ? service.getIdToken() : null;
    },
    getIdTokenResult: async (forceRefresh) => {
      const service = await sdkIfSignedIn();
      return service ? service.getIdTokenResult(forceRefresh) : null;
    },
  };
}
