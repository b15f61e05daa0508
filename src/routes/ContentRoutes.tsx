import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { browserHistory } from './history.ts';
import { ContentShell } from '../screens/shell/ContentShell.tsx';
import { MixedFeedScreen } from '../screens/feed/MixedFeedScreen.tsx';
import { ComingSoonScreen } from '../screens/notFound/ComingSoonScreen.tsx';
import { NotFoundScreen } from '../screens/notFound/NotFoundScreen.tsx';

const rootRoute = createRootRoute({
  component: () => (
    <ContentShell>
      <Outlet />
    </ContentShell>
  ),
  notFoundComponent: NotFoundScreen,
});

const page = (path: string, component: () => React.ReactNode) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

/** Signed-in routes (spec 2.3). Screens of later releases show a coming-soon page. */
const routeTree = rootRoute.addChildren([
  page('/', MixedFeedScreen),
  page('/search', ComingSoonScreen),
  page('/checkout', ComingSoonScreen),
  page('/editorial', ComingSoonScreen),
  page('/benefit', ComingSoonScreen),
  page('/live', ComingSoonScreen),
  page('/more', ComingSoonScreen),
  page('/more/$section', ComingSoonScreen),
  page('/$type/$id', ComingSoonScreen),
  page('/$origin/$type/$id', ComingSoonScreen),
]);

export const contentRouter = createRouter({ routeTree, history: browserHistory });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof contentRouter;
  }
}

export default function ContentRoutes() {
  return <RouterProvider router={contentRouter} />;
}
