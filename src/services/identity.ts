import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
} from 'firebase/auth';
import type { ClientConfig } from '../config.ts';
import { ApiError, failedToFetch } from '../api/apiError.ts';
import { identityAppName } from './storedIdentityUser.ts';

/** The signed-in account as the rest of the app sees it. */
export interface IdentityUser {
  uid: string;
  email: string | null;
}

/** An ID token and when it expires, in ms since the epoch. */
export interface IdTokenResult {
  token: string;
  expiresAt: number;
}

/** The identity provider as the machines use it; the firebase SDK stays behind this. */
export interface IdentityService {
  /** Calls back with the current user now and on every sign-in/out; returns an unsubscribe. */
  observeUser(listener: (user: IdentityUser | null) => void): () => void;
  signInWithPassword(email: string, password: string): Promise<IdentityUser>;
  /** Signs in with a custom token the API issued (bank-eID sign-in). */
  signInWithCustomToken(token: string): Promise<IdentityUser>;
  signOut(): Promise<void>;
  /** The current ID token (refreshed by the SDK when near expiry), or null when signed out. */
  getIdToken(): Promise<string | null>;
  /**
   * The current ID token with its expiry (ms since the epoch), or null when signed out; with
   * forceRefresh the provider issues a new one. Errors are ApiErrors (see identityError).
   */
  getIdTokenResult(forceRefresh?: boolean): Promise<IdTokenResult | null>;
}

/**
 * The firebase/auth SDK for one brand's tenant. With the embedded provider it talks to the
 * app's own origin through connectAuthEmulator; with real Firebase to Identity Platform.
 * The app imports this module only when it is needed (src/services/lazyIdentity.ts).
 */
export function createIdentityService(config: ClientConfig['firebase'], tenantId: string): IdentityService {
  const app: FirebaseApp = initializeApp(
    { apiKey: config.apiKey, projectId: config.projectId, authDomain: config.authDomain },
    identityAppName(tenantId),
  );
  // No popupRedirectResolver: it would load Google's scripts (DESIGN.md).
  const auth: Auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  auth.tenantId = tenantId;
  if (config.emulatorOrigin) connectAuthEmulator(auth, config.emulatorOrigin, { disableWarnings: true });

  const toUser = (user: { uid: string; email: string | null }): IdentityUser => ({ uid: user.uid, email: user.email });

  return {
    observeUser: (listener) => onAuthStateChanged(auth, (user) => listener(user ? toUser(user) : null)),
    signInWithPassword: async (email, password) => {
      try {
        return toUser((await signInWithEmailAndPassword(auth, email, password)).user);
      } catch (error) {
        throw identityError(error);
      }
    },
    signInWithCustomToken: async (token) => {
      try {
        return toUser((await signInWithCustomToken(auth, token)).user);
      } catch (error) {
        throw identityError(error);
      }
    },
    signOut: () => signOut(auth),
    getIdToken: async () => {
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken() : null;
    },
    getIdTokenResult: async (forceRefresh = false) => {
      await auth.authStateReady();
      if (!auth.currentUser) return null;
      try {
        const result = await auth.currentUser.getIdTokenResult(forceRefresh);
        const expiresAt = Date.parse(result.expirationTime);
        // exp is on the provider's clock: a token just issued lasts its whole lifetime on this device's.
        const fullLifeFromNow = Date.now() + expiresAt - Date.parse(result.issuedAtTime);
        return { token: result.token, expiresAt: forceRefresh ? fullLifeFromNow : Math.min(expiresAt, fullLifeFromNow) };
      } catch (error) {
        throw identityError(error);
      }
    },
  };
}

/** SDK errors carry codes like auth/invalid-credential; the app speaks ApiError everywhere. */
export function identityError(error: unknown): ApiError {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'auth/unknown';
  if (code === 'auth/network-request-failed') return failedToFetch();
  return new ApiError(401, code, error instanceof Error ? error.message : code);
}
