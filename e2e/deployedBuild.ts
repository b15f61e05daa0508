import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The build the e2e server serves: a copy of dist (playwright.config.ts makes it at start), so
 * the offline spec can deploy a new build into it while the server runs, as a deploy would.
 */
export const e2eClientDir = (port: number | string) => join('.data', `e2e-${port}-client`);

/**
 * Deploys a new build into the served copy: index.html changes (a build marker), and sw.js
 * gets the new revision of it in its precache list, as a rebuild writes them. The precompressed
 * copies of index.html are removed so the server sends the new one. Returns the undo.
 */
export function deployNewBuild(dir: string, marker: string): () => void {
  const paths = { html: join(dir, 'index.html'), worker: join(dir, 'sw.js') };
  const before = { html: readFileSync(paths.html), worker: readFileSync(paths.worker), br: readFileSync(`${paths.html}.br`), gz: readFileSync(`${paths.html}.gz`) };
  const revision = (content: Buffer | string) => createHash('md5').update(content).digest('hex');
  const html = before.html.toString().replace('</head>', `<meta name="klubb-build" content="${marker}"></head>`);
  const oldEntry = `{url:"index.html",revision:"${revision(before.html)}"}`;
  const worker = before.worker.toString();
  if (!worker.includes(oldEntry)) throw new Error(`sw.js does not precache index.html as ${oldEntry}`);
  rmSync(`${paths.html}.br`);
  rmSync(`${paths.html}.gz`);
  writeFileSync(paths.html, html);
  writeFileSync(paths.worker, worker.replace(oldEntry, `{url:"index.html",revision:"${revision(html)}"}`));
  return () => {
    writeFileSync(paths.html, before.html);
    writeFileSync(`${paths.html}.br`, before.br);
    writeFileSync(`${paths.html}.gz`, before.gz);
    writeFileSync(paths.worker, before.worker);
  };
}
