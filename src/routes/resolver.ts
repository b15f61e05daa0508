import type { Resolution } from '../../machines/navigator.rules.ts';
import { contentRoutes, contentStacks, isOfferTypeParam, type RouteEntry, type RouteFlags } from './routeTable.ts';
import { createPathMatcher } from './pathMatch.ts';

/** '/search?q=jazz&x=#top' → '?q=jazz' (empty values dropped); '' without a query. */
export function searchOf(path: string): string {
  const query = path.split('#')[0]!.split('?').slice(1).join('?');
  const params = new URLSearchParams(query);
  for (const [name, value] of [...params]) if (value === '') params.delete(name);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** '/more/faq/?x=1#top' → '/more/faq'. */
export function normalizePath(path: string): string {
  const pathname = path.split(/[?#]/)[0] || '/';
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed.startsWith('/') ? trimmed || '/' : `/${trimmed}`;
}

/**
 * The navigator's view of the route table for one brand: paths match as TanStack Router matches
 * them (pathMatch.ts); routes and stacks switched off by the brand's flags count as missing.
 */
export function createResolver(flags: RouteFlags, routes: RouteEntry[] = contentRoutes) {
  const match = createPathMatcher(routes);
  const stackRoots = contentStacks.filter((stack) => stack.enabled?.(flags) ?? true).map((stack) => stack.root);

  function resolve(rawPath: string): Resolution {
    const path = normalizePath(rawPath);
    const firstSegment = `/${path.split('/')[1] ?? ''}`;
    const stack = stackRoots.includes(firstSegment) ? firstSegment : stackRoots[0]!;
    const found = match(path);
    if (!found || !(found.entry.enabled?.(flags) ?? true) || !isOfferTypeParam(found.params)) return { path, stack, routeId: null, params: {} };
    const { entry, params } = found;
    const search = searchOf(rawPath);
    return {
      path,
      stack,
      routeId: entry.path,
      params,
      ...(entry.redirectTo ? { redirectTo: entry.redirectTo } : {}),
      ...(entry.outsideTabs ? { outsideTabs: true as const } : {}),
      ...(search ? { search } : {}),
    };
  }

  return { resolve, stackRoots };
}
