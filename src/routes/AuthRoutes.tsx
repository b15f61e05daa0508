import { createRootRoute, createRoute, createRouter, Navigate, Outlet, RouterProvider } from '@tanstack/react-router';
import { browserHistory } from './history.ts';
import { SignInScreen } from '../screens/signIn/SignInScreen.tsx';

const rootRoute = createRootRoute({
  component: Outlet,
  // Signed-out visitors only see the auth screens; anything else goes to sign-in.
  notFoundComponent: () => <Navigate to="/" replace />,
});

const routeTree = rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/', component: SignInScreen })]);

const authRouter = createRouter({ routeTree, history: browserHistory });

export default function AuthRoutes() {
  return <RouterProvider router={authRouter} />;
}
