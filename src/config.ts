/** Build-time configuration (Vite `VITE_*` variables); every value has a working local default. */
export interface ClientConfig {
  /** Where /v1 lives; empty means the app's own origin. */
  apiBase: string;
  firebase: {
    apiKey: string;
    projectId: string;
    authDomain?: string;
    /** Origin speaking the Firebase Auth emulator protocol; null for real Firebase. */
    emulatorOrigin: string | null;
  };
  development: boolean;
  /** VITE_NO_DESKTOP=true builds the variant without a desktop layout (desktop shows loading). */
  noDesktop: boolean;
  /** Base URL of the Android container's local service (GET {url}/get_version); null when the build names none. */
  containerServiceUrl: string | null;
}

export function readClientConfig(env: ImportMetaEnv, origin: string): ClientConfig {
  const realFirebase = Boolean(env.VITE_FIREBASE_API_KEY);
  return {
    apiBase: (env.VITE_API_BASE ?? '').replace(/\/$/, ''),
    firebase: {
      apiKey: env.VITE_FIREBASE_API_KEY || 'klubb-local-key',
      projectId: env.VITE_FIREBASE_PROJECT_ID || 'klubb-local',
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || undefined,
      // Google's Firebase Auth Emulator (VITE_IDENTITY_ORIGIN) works with any API key, real or not.
      emulatorOrigin: env.VITE_IDENTITY_ORIGIN || (realFirebase ? null : origin),
    },
    development: env.DEV,
    noDesktop: env.VITE_NO_DESKTOP === 'true',
    // No default: every Android web view (an in-app browser too) looks like the container, and one
    // that runs no service must not wait for it and be told to update.
    containerServiceUrl: env.VITE_CONTAINER_SERVICE_URL?.replace(/\/$/, '') || null,
  };
}
