import type { HtmlTagDescriptor, Plugin } from 'vite';

type Chunk = { type: 'chunk'; fileName: string; name: string; imports: string[]; isEntry: boolean };

/**
 * `<link rel="modulepreload">` in index.html for the chunks of the app's start (src/main.tsx
 * imports them dynamically once the shell has painted): the browser fetches and compiles them
 * at once, and the entry only decides when they run. On a page with a billboard the server's
 * shell holds these links back until the image has painted (server/shell/renderShell.ts).
 */
export function startPreload(chunkNames: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'klubb-start-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        return startPreloadTags(Object.values(ctx.bundle ?? {}), chunkNames, base);
      },
    },
  };
}

/** The preload tags for the named chunks and the chunks they import, but for the entry's own imports (already in the page). */
export function startPreloadTags(bundle: readonly { type: string }[], chunkNames: readonly string[], base: string): HtmlTagDescriptor[] {
  const chunks = bundle.filter((output): output is Chunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const wanted = new Set<string>();
  const add = (fileName: string) => {
    if (wanted.has(fileName)) return;
    wanted.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) add(imported);
  };
  for (const chunk of chunks) if (!chunk.isEntry && chunkNames.includes(chunk.name)) add(chunk.fileName);
  const entryImports = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
  return [...wanted]
    .filter((fileName) => !entryImports.has(fileName))
    .map((fileName): HtmlTagDescriptor => ({
      tag: 'link',
      attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
      injectTo: 'head',
    }));
}
