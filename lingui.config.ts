import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Three catalogs per locale, so the first load carries only what its first screen shows
 * (src/i18n/i18n.ts loads them):
 * - `base` loads with the app: the app's frame, the shared components and error texts, the error
 *   and force-update screens, and what the content routes draw without loading a screen (the
 *   shell, the feeds, search and the visitor's sign-in prompts);
 * - `auth` (sign-in, account creation and reset, set-up) loads with the auth routes, the set-up
 *   screen and the visitor's sign-in form;
 * - `content` (every other screen) loads with each of those screens (src/routes/screens.tsx), the
 *   cart and the guide's first-visit dialog.
 * A message used in more than one is in each.
 */
const baseSources = [
  '<rootDir>/src/start.tsx',
  '<rootDir>/src/App.tsx',
  '<rootDir>/src/api/client.ts',
  '<rootDir>/src/components',
  '<rootDir>/src/i18n/errorMessages.ts',
  '<rootDir>/src/routes/ContentShell.tsx',
  '<rootDir>/src/wiring/pageTitle.wiring.ts',
  '<rootDir>/src/screens/error',
  '<rootDir>/src/screens/forceUpdate',
  '<rootDir>/src/screens/feed',
  '<rootDir>/src/screens/search',
  '<rootDir>/src/screens/typeFeed',
  '<rootDir>/src/screens/notFound',
  '<rootDir>/src/screens/visitor/SignInDialog.tsx',
  '<rootDir>/src/screens/visitor/SignInNeededScreen.tsx',
];

const authSources = [
  '<rootDir>/src/routes/AuthRoutes.tsx',
  '<rootDir>/src/screens/BackToSignIn.tsx',
  '<rootDir>/src/screens/signIn',
  '<rootDir>/src/screens/createAccount',
  '<rootDir>/src/screens/forgotPassword',
  '<rootDir>/src/screens/resetPassword',
  '<rootDir>/src/screens/setUp',
  '<rootDir>/src/screens/visitor/SignInDialogForm.tsx',
];

const asExclude = (source: string) => (/\.[a-z]+$/.test(source) ? source : `${source}/**`);

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sv', 'nb'],
  catalogs: [
    { path: '<rootDir>/src/i18n/locales/{locale}/base', include: baseSources },
    { path: '<rootDir>/src/i18n/locales/{locale}/auth', include: authSources },
    {
      path: '<rootDir>/src/i18n/locales/{locale}/content',
      include: ['<rootDir>/src', '<rootDir>/machines'],
      exclude: [...baseSources, ...authSources].map(asExclude),
    },
  ],
  format: formatter({ lineNumbers: false }),
});
