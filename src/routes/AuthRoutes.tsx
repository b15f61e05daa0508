import { useEffect } from 'react';
import { createRootRoute, createRoute, createRouter, Navigate, Outlet, RouterProvider, useLocation } from '@tanstack/react-router';
import { browserHistory } from './history.ts';
import { saveWantedPath } from '../services/browserHistory.ts';
import { SignInScreen } from '../screens/signIn/SignInScreen.tsx';

/** Signed-out visitors only see the auth screens; any other path waits behind sign-in (spec 2.5). */
function RedirectToSignIn() {
  const { pathname } = useLocation();
  useEffect(() => saveWantedPath(pathname), [pathname]);
  return <Navigate to="/" replace />;
}

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: RedirectToSignIn });

const routeTree = rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/', component: SignInScreen })]);

const authRouter = createRouter({ routeTree, history: browserHistory });

export default function AuthRoutes() {
  return <RouterProvider router={authRouter} />;
}
