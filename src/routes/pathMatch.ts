import type { RouteEntry } from './routeTable.ts';

/** A route's path in segments: a `$name` segment captures, any other must equal (in any case). */
interface CompiledRoute {
  entry: RouteEntry;
  segments: ({ param: string } | { text: string })[];
}

const segmentsOf = (path: string) => path.split('/').slice(1);

/**
 * The route table's matcher, as TanStack Router matches these paths (tests/machines/pathMatch.test.ts
 * holds it to the router itself): whole paths only, a fixed segment before a parameter at each
 * position from the left, fixed segments in any case, parameters URI-decoded, the earlier route
 * on a tie. Written out because the router's matcher alone costs a visitor's first screen ~20 kB.
 */
export function createPathMatcher(routes: RouteEntry[]) {
  const compiled: CompiledRoute[] = routes.map((entry) => ({
    entry,
    segments: entry.path === '/' ? [] : segmentsOf(entry.path).map((s) => (s.startsWith('$') ? { param: s.slice(1) } : { text: s.toLowerCase() })),
  }));

  /** The route of a normalized path (no query, no trailing slash) with its parameters, or null. */
  return function match(path: string): { entry: RouteEntry; params: Record<string, string> } | null {
    const parts = path === '/' ? [] : segmentsOf(path);
    let best: { route: CompiledRoute; rank: number[] } | null = null;
    for (const route of compiled) {
      if (route.segments.length !== parts.length) continue;
      const rank: number[] = [];
      const fits = route.segments.every((segment, i) => {
        if ('param' in segment) return parts[i] !== '' && rank.push(0) > 0;
        return segment.text === parts[i]!.toLowerCase() && rank.push(1) > 0;
      });
      if (fits && (!best || outranks(rank, best.rank))) best = { route, rank };
    }
    if (!best) return null;
    const params: Record<string, string> = {};
    try {
      best.route.segments.forEach((segment, i) => {
        if ('param' in segment) params[segment.param] = decodeURIComponent(parts[i]!);
      });
    } catch {
      return null; // A malformed escape is no address of ours.
    }
    return { entry: best.route.entry, params };
  };
}

function outranks(rank: number[], other: number[]): boolean {
  for (let i = 0; i < rank.length; i++) if (rank[i] !== other[i]) return rank[i]! > other[i]!;
  return false;
}
