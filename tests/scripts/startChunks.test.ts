import { describe, expect, it } from 'vitest';
import { startChunks, type ModuleGraph } from '../../scripts/startChunks.ts';
import { startPreloadTags } from '../../scripts/startPreload.ts';

/** A module graph: each module and what it imports statically. */
function graph(imports: Record<string, string[]>): ModuleGraph {
  return { getModuleInfo: (id) => (id in imports ? { importedIds: imports[id]! } : null) };
}

const modules = {
  entry: '/app/src/main.tsx',
  start: '/app/src/start.tsx',
  firstScreens: ['/app/src/routes/ContentRoutes.tsx', '/app/src/routes/AuthRoutes.tsx'],
  libraries: '/app/src/startLibraries.ts',
};
const app = graph({
  '/app/src/main.tsx': ['/app/src/wiring/shellPaint.ts', '/app/src/wiring/nextTask.ts', '\0vite/preload-helper.js'],
  '/app/src/start.tsx': ['/app/src/App.tsx', '/app/node_modules/react-dom/client.js', '/app/src/wiring/nextTask.ts', '\0vite/preload-helper.js'],
  '/app/src/App.tsx': ['/app/node_modules/react/index.js', '/app/src/components/Spinner.tsx', '/app/node_modules/xstate/dist/xstate.js'],
  '/app/node_modules/react-dom/client.js': ['/app/node_modules/scheduler/index.js'],
  '/app/src/startLibraries.ts': ['/app/node_modules/react-dom/client.js', '/app/node_modules/xstate/dist/xstate.js'],
  '/app/src/routes/ContentRoutes.tsx': ['/app/src/components/Spinner.tsx', '/app/src/screens/feed/FeedScreen.tsx', '/app/src/components/TextField.tsx'],
  '/app/src/routes/AuthRoutes.tsx': ['/app/src/components/TextField.tsx', '/app/src/screens/signIn/SignInScreen.tsx'],
});

describe("the start's chunks", () => {
  const chunkOf = startChunks(modules);

  it('puts what the start imports statically in two chunks: the libraries and the app', () => {
    expect(chunkOf('/app/src/start.tsx', app)).toBe('start');
    expect(chunkOf('/app/src/App.tsx', app)).toBe('start');
    expect(chunkOf('/app/src/components/Spinner.tsx', app)).toBe('start');
    expect(chunkOf('/app/node_modules/react-dom/client.js', app)).toBe('libraries');
    expect(chunkOf('/app/node_modules/react/index.js', app)).toBe('libraries');
    expect(chunkOf('/app/node_modules/scheduler/index.js', app)).toBe('libraries');
    expect(chunkOf('/app/node_modules/xstate/dist/xstate.js', app)).toBe('libraries');
    expect(chunkOf('/app/src/startLibraries.ts', app)).toBe('libraries');
  });

  it('puts what every first screen imports with the start, and leaves what only one imports to the bundler', () => {
    expect(chunkOf('/app/src/components/TextField.tsx', app)).toBe('start');
    expect(chunkOf('/app/src/screens/signIn/SignInScreen.tsx', app)).toBeNull();
  });

  it("keeps the entry's own imports out of them, so the entry does not evaluate the start before the shell paints", () => {
    expect(chunkOf('/app/src/wiring/nextTask.ts', app)).toBeNull();
    expect(chunkOf('\0vite/preload-helper.js', app)).toBeNull();
    expect(chunkOf('/app/src/wiring/shellPaint.ts', app)).toBeNull();
  });

  it('leaves the lazy screens to the bundler', () => {
    expect(chunkOf('/app/src/routes/ContentRoutes.tsx', app)).toBeNull();
    expect(chunkOf('/app/src/screens/feed/FeedScreen.tsx', app)).toBeNull();
  });
});

describe("the start's preload tags", () => {
  const chunk = (name: string, fileName: string, imports: string[] = [], isEntry = false) => ({ type: 'chunk', name, fileName, imports, isEntry });
  const bundle = [
    chunk('index', 'assets/index-1.js', ['assets/rolldown-runtime-1.js'], true),
    chunk('rolldown-runtime', 'assets/rolldown-runtime-1.js'),
    chunk('libraries', 'assets/libraries-1.js', ['assets/rolldown-runtime-1.js']),
    chunk('start', 'assets/start-1.js', ['assets/libraries-1.js', 'assets/rolldown-runtime-1.js', 'assets/index-1.js']),
    chunk('ContentRoutes', 'assets/ContentRoutes-1.js', ['assets/start-1.js']),
    { type: 'asset', name: 'start.css', fileName: 'assets/start-1.css' },
  ];

  it("preloads the named chunks and what they import, but not the entry's own chunks or the lazy screens", () => {
    const hrefs = startPreloadTags(bundle, ['libraries', 'start'], '/').map((tag) => tag.attrs?.href);
    expect(hrefs.sort()).toEqual(['/assets/libraries-1.js', '/assets/start-1.js']);
  });

  it('writes modulepreload links under the base', () => {
    const [tag] = startPreloadTags(bundle, ['libraries'], '/app/');
    expect(tag).toEqual({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: '/app/assets/libraries-1.js' }, injectTo: 'head' });
  });
});
