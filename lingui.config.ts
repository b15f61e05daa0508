import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Two catalogs per locale, so the first load carries only what a signed-out visitor can see:
 * `auth` (sign-in, account creation and reset, set-up, the error and force-update screens, the
 * shared components and error texts) loads with the app; `content` (everything signed in) loads
 * with the content routes (src/i18n/i18n.ts). A message used on both sides is in both catalogs.
 */
const authSources = [
  '<rootDir>/src/start.tsx',
  '<rootDir>/src/App.tsx',
  '<rootDir>/src/routes/AuthRoutes.tsx',
  '<rootDir>/src/screens/BackToSignIn.tsx',
  '<rootDir>/src/screens/signIn',
  '<rootDir>/src/screens/createAccount',
  '<rootDir>/src/screens/forgotPassword',
  '<rootDir>/src/screens/resetPassword',
  '<rootDir>/src/screens/setUp',
  '<rootDir>/src/screens/error',
  '<rootDir>/src/screens/forceUpdate',
  '<rootDir>/src/components/*.{ts,tsx}',
  '<rootDir>/src/i18n/errorMessages.ts',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sv', 'nb'],
  catalogs: [
    { path: '<rootDir>/src/i18n/locales/{locale}/auth', include: authSources },
    {
      path: '<rootDir>/src/i18n/locales/{locale}/content',
      include: ['<rootDir>/src', '<rootDir>/machines'],
      exclude: authSources.map((source) => (/\.[a-z]+$|\}$/.test(source) ? source : `${source}/**`)),
    },
  ],
  format: formatter({ lineNumbers: false }),
});
