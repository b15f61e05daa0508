import { useEffect, useState } from 'react';
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
import { saveWantedPath } from '../services/browserHistory.ts';
import { authHistory, retainAuthHistory } from './authHistory.ts';
import { SignInScreen } from '../screens/signIn/SignInScreen.tsx';

// Sign-in is what most visitors need; the other auth screens load when opened.
const CreateAccountScreen = lazyRouteComponent(() => import('../screens/createAccount/CreateAccountScreen.tsx'), 'CreateAccountScreen');
const ForgotPasswordScreen = lazyRouteComponent(() => import('../screens/forgotPassword/ForgotPasswordScreen.tsx'), 'ForgotPasswordScreen');
const ResetPasswordScreen = lazyRouteComponent(() => import('../screens/resetPassword/ResetPasswordScreen.tsx'), 'ResetPasswordScreen');

/** The auth stack (spec 2.5). */
function createAuthRouter(history: RouterHistory) {
  const rootRoute = createRootRoute({ component: Outlet });
  const page = (path: string, component: Parameters<typeof createRoute>[0]['component']) => createRoute({ getParentRoute: () => rootRoute, path, component });
  const routeTree = rootRoute.addChildren([
    page('/', SignInScreen),
    page('/forgotpassword', ForgotPasswordScreen),
    page('/password_reset/$password_reset_verification_token', ResetPasswordScreen),
    page('/createaccount', CreateAccountScreen),
    page('/createaccount/$referral_code', CreateAccountScreen),
    // Any other path waits behind sign-in and is opened after it.
    createRoute({
      getParentRoute: () => rootRoute,
      path: '$',
      beforeLoad: ({ location }) => {
        saveWantedPath(location.pathname);
        throw redirect({ to: '/', replace: true });
      },
    }),
  ]);
  return createRouter({ routeTree, history });
}

export default function AuthRoutes() {
  const [router] = useState(() => createAuthRouter(authHistory()));
  useEffect(retainAuthHistory, []);
  return <RouterProvider router={router} />;
}
