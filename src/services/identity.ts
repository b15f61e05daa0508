import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
} from 'firebase/auth';
import type { ClientConfig } from '../config.ts';
import { ApiError, failedToFetch } from '../api/apiError.ts';

/** The signed-in account as the rest of the app sees it. */
export interface IdentityUser {
  uid: string;
  email: string | null;
}

/** The identity provider as the machines use it; the firebase SDK stays behind this. */
export interface IdentityService {
  /** Calls back with the current user now and on every sign-in/out; returns an unsubscribe. */
  observeUser(listener: (user: IdentityUser | null) => void): () => void;
  signInWithPassword(email: string, password: string): Promise<IdentityUser>;
  signOut(): Promise<void>;
  /** The current ID token (refreshed by the SDK when near expiry), or null when signed out. */
  getIdToken(): Promise<string | null>;
}

/**
 * The firebase/auth SDK for one brand's tenant. With the embedded provider it talks to the
 * app's own origin through connectAuthEmulator; with real Firebase to Identity Platform.
 */
export function createIdentityService(config: ClientConfig['firebase'], tenantId: string): IdentityService {
  const app: FirebaseApp = initializeApp(
    { apiKey: config.apiKey, projectId: config.projectId, authDomain: config.authDomain },
    `klubb-${tenantId}`,
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
    signOut: () => signOut(auth),
    getIdToken: async () => {
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken() : null;
    },
  };
}

/** SDK errors carry codes like auth/invalid-credential; the app speaks ApiError everywhere. */
export function identityError(error: unknown): ApiError {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'auth/unknown';
  if (code === 'auth/network-request-failed') return failedToFetch();
  return new ApiError(401, code, error instanceof Error ? error.message : code);
}
