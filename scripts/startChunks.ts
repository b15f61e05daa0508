/** The start's chunks, in the order the entry evaluates them (and the HTML preloads them). */
export const startChunkNames = ['libraries', 'start'] as const;
type StartChunk = (typeof startChunkNames)[number];

/** What the bundler tells a chunk-group function about the module graph. */
export interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

export interface StartModules {
  /** The page's entry (src/main.tsx). */
  entry: string;
  /** The app's start (src/start.tsx), imported by the entry once the shell has painted. */
  start: string;
  /**
   * The lazy route sets every first screen loads one of (the content's, the auth screens'): what
   * they all import goes with the start, not to small chunks of its own.
   */
  firstScreens: readonly string[];
  /** The module that runs the start's libraries (src/startLibraries.ts), imported by the entry a task before the start. */
  libraries: string;
}

/**
 * The chunk group of a module for the app's start: everything the start imports statically goes
 * to one of two chunks, `libraries` (node_modules) and `start` (the app's own), not to a dozen
 * small shared ones; the entry evaluates them in two tasks (src/main.tsx). What every first
 * screen's routes import (the text field) goes with the start too: as a small chunk of its own it
 * cost a request and gzip overhead on every first load. A module the entry imports statically
 * (the bundler's preload helper, `nextTask`) stays with the entry: in a start chunk it would make
 * the entry import, and so evaluate, the whole start at once.
 * Returns null for every other module (the bundler's own splitting).
 */
export function startChunks(modules: StartModules): (id: string, graph: ModuleGraph) => StartChunk | null {
  const reachable = new WeakMap<ModuleGraph, Map<string, Set<string>>>();
  /** A module and everything it imports statically, directly or not (per chunking pass). */
  function staticImportsOf(root: string, graph: ModuleGraph): Set<string> {
    const ofGraph = reachable.get(graph) ?? new Map<string, Set<string>>();
    reachable.set(graph, ofGraph);
    let found = ofGraph.get(root);
    if (found) return found;
    found = new Set();
    const queue = [root];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (found.has(id)) continue;
      found.add(id);
      queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    ofGraph.set(root, found);
    return found;
  }
  return (id, graph) => {
    if (id === modules.libraries) return 'libraries';
    if (staticImportsOf(modules.entry, graph).has(id)) return null;
    const ofStart = staticImportsOf(modules.start, graph).has(id);
    if (!ofStart && !modules.firstScreens.every((screens) => staticImportsOf(screens, graph).has(id))) return null;
    return id.includes('/node_modules/') ? 'libraries' : 'start';
  };
}
