import { createRootRoute, createRoute, createRouter, Outlet, redirect, RouterProvider } from '@tanstack/react-router';
import { browserHistory } from './history.ts';
import { saveWantedPath } from '../services/browserHistory.ts';
import { SignInScreen } from '../screens/signIn/SignInScreen.tsx';

const rootRoute = createRootRoute({ component: Outlet });

const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: '/', component: SignInScreen }),
  // Signed-out visitors only see the auth screens; any other path is remembered for after sign-in (spec 2.5).
  createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    beforeLoad: ({ location }) => {
      saveWantedPath(location.pathname);
      throw redirect({ to: '/', replace: true });
    },
  }),
]);

const authRouter = createRouter({ routeTree, history: browserHistory });

export default function AuthRoutes() {
  return <RouterProvider router={authRouter} />;
}
