import { useEffect, useState } from 'react';
import {
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  redirect,
  RouterProvider,
  type RouterHistory,
} from '@tanstack/react-router';
import { saveWantedPath } from '../services/browserHistory.ts';
import { authHistory, retainAuthHistory } from './authHistory.ts';
import { SignInScreen } from '../screens/signIn/SignInScreen.tsx';
import { CreateAccountScreen } from '../screens/createAccount/CreateAccountScreen.tsx';
import { ForgotPasswordScreen } from '../screens/forgotPassword/ForgotPasswordScreen.tsx';
import { ResetPasswordScreen } from '../screens/resetPassword/ResetPasswordScreen.tsx';

/** The auth stack (spec 2.5). */
function createAuthRouter(history: RouterHistory) {
  const rootRoute = createRootRoute({ component: Outlet });
  const page = (path: string, component: () => React.ReactNode) => createRoute({ getParentRoute: () => rootRoute, path, component });
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
