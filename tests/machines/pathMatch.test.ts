import { describe, expect, it } from 'vitest';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { createPathMatcher } from '../../src/routes/pathMatch.ts';
import { normalizePath } from '../../src/routes/resolver.ts';
import { contentRoutes } from '../../src/routes/routeTable.ts';

/** TanStack Router's own matching of the same table: what the app's matcher must agree with. */
function routerMatch(path: string) {
  const root = createRootRoute();
  const children = contentRoutes.map((entry) => createRoute({ getParentRoute: () => root, path: entry.path }));
  const router = createRouter({ routeTree: root.addChildren(children), history: createMemoryHistory() });
  const [, params, found] = router.getMatchedRoutes(path);
  if (!found || '**' in params) return null;
  return { path: contentRoutes[children.findIndex((c) => c.id === found.id)]!.path, params };
}

const samples = [
  ...contentRoutes.map((r) => r.path.replace(/\$(\w+)/g, (_, name: string) => `${name}-1`)),
  '/', '/search', '/SEARCH', '/More/FAQ', '/more/faq/extra', '/more', '/more/x', '/mixedFeed/live/42', '/search/live/42',
  '/search/editorial', '/live/a%20b', '/live/%C3%A5', '/createaccount/CODE', '/createaccount', '/editorial',
  '/a/b/c/d', '/nowhere', '/more/restaurant/s/9', '/more/restaurant/s', '/more/restaurant/x/9', '/benefit/7',
  '/checkout', '/checkout/1', '/more/dev_test', '/more/guide', '/x/y', '/x/y/z',
];

describe('the route table matcher', () => {
  const match = createPathMatcher(contentRoutes);
  it.each(samples)('matches %s as TanStack Router does', (raw) => {
    const path = normalizePath(raw);
    const ours = match(path);
    expect(ours && { path: ours.entry.path, params: ours.params }).toEqual(routerMatch(path));
  });

  it('finds no route for a malformed escape instead of failing', () => {
    expect(match('/live/%E0%A4%A')).toBeNull();
  });
});
