import { useEffect, useRef, useState } from 'react';
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  RouterProvider,
  type RouterHistory,
} from '@tanstack/react-router';
import type { AuthRouteDeps } from '../wiring/authRouteDeps.ts';
import { authHistory, retainAuthHistory } from './authHistory.ts';
import { SignInScreen } from '../screens/signIn/SignInScreen.tsx';
import { loadBankIdOrder } from '../wiring/loadBankIdOrder.ts';

/** What the auth routes need from outside (src/wiring/authRoutes.wiring.ts). */
export interface AuthRoutesProps {
  /** Keeps a path asked for before sign-in, to open it after. */
  saveWantedPath: (path: string) => void;
  /** The browser's history by default; tests give a memory history. */
  history?: RouterHistory;
  /** When the brand lets visitors browse: to the offers without signing in (any app page opens as a visitor's). */
  onBrowse?: () => void;
}

/** Route parameters are plain non-empty segments; anything else is no match (TanStack throws to the not-found page). */
function segment(value: string | undefined): string {
  if (!value) throw new Error('Missing route parameter');
  return value;
}

/** The auth stack (spec 2.5): each route parses its parameters and hands the screen typed props. */
export function createAuthRouter(history: RouterHistory, saveWantedPath: (path: string) => void, browse: () => (() => void) | undefined = () => undefined) {
  const routeDeps: AuthRouteDeps = { goToSignIn: () => void router.navigate({ to: '/', replace: true }) };
  // Sign-in is what most visitors need; each other auth screen is one lazy chunk with its wiring.
  const CreateAccount = lazyRouteComponent(() => import('../wiring/createAccount.wiring.ts'), 'WiredCreateAccountScreen');
  const ForgotPassword = lazyRouteComponent(() =>
    import('../wiring/forgotPassword.wiring.ts').then((m) => ({ default: m.wiredForgotPasswordScreen(routeDeps) })),
  );
  const ResetPassword = lazyRouteComponent(() =>
    import('../wiring/resetPassword.wiring.ts').then((m) => ({ default: m.wiredResetPasswordScreen(routeDeps) })),
  );

  const rootRoute = createRootRoute({ component: Outlet });
  const signIn = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <SignInScreen loadBankIdOrder={loadBankIdOrder} onBrowse={browse()} />,
  });
  const forgotPassword = createRoute({ getParentRoute: () => rootRoute, path: '/forgotpassword', component: () => <ForgotPassword /> });
  const resetPassword = createRoute({
    getParentRoute: () => rootRoute,
    path: '/password_reset/$password_reset_verification_token',
    params: { parse: (raw) => ({ password_reset_verification_token: segment(raw.password_reset_verification_token) }) },
    component: function ResetPasswordRoute() {
      const { password_reset_verification_token: token } = resetPassword.useParams();
      return <ResetPassword token={token} />;
    },
  });
  const createAccount = createRoute({
    getParentRoute: () => rootRoute,
    path: '/createaccount',
    component: () => <CreateAccount referralCode={null} />,
  });
  const createAccountWithCode = createRoute({
    getParentRoute: () => rootRoute,
    path: '/createaccount/$referral_code',
    params: { parse: (raw) => ({ referral_code: segment(raw.referral_code) }) },
    component: function CreateAccountWithCodeRoute() {
      const { referral_code } = createAccountWithCode.useParams();
      return <CreateAccount referralCode={referral_code} />;
    },
  });
  // Any other path waits behind sign-in and is opened after it.
  const elsewhere = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    beforeLoad: ({ location }) => {
      // A visitor may open it as it is (e.g. back from create account to the offer they were on).
      const onBrowse = browse();
      if (onBrowse) return onBrowse();
      // With its query: a shared /search?q=… or /live?category=… opens as it was after sign-in.
      saveWantedPath(location.pathname + location.searchStr);
      throw redirect({ to: '/', replace: true });
    },
  });
  const routeTree = rootRoute.addChildren([signIn, forgotPassword, resetPassword, createAccount, createAccountWithCode, elsewhere]);
  const router = createRouter({ routeTree, history });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAuthRouter>;
  }
}

export default function AuthRoutes({ saveWantedPath, history, onBrowse }: AuthRoutesProps) {
  const browse = useRef(onBrowse);
  browse.current = onBrowse;
  const [router] = useState(() => createAuthRouter(history ?? authHistory(), saveWantedPath, () => browse.current));
  useEffect(() => (history ? undefined : retainAuthHistory()), [history]);
  return <RouterProvider router={router} />;
}
