/** This app's own version (spec 9: 5.23.3), package.json's, put in by the build (vite.config.ts). */
export const appVersion: string = __APP_VERSION__;
