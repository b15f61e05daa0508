/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_IDENTITY_ORIGIN?: string;
  readonly VITE_NO_DESKTOP?: string;
  readonly VITE_CONTAINER_SERVICE_URL?: string;
  /** `true` in `npm run dev`: watch the actors in Stately's inspector. */
  readonly VITE_INSPECT?: string;
}

/** package.json's version, put in by the build (vite.config.ts). */
declare const __APP_VERSION__: string;
