/**
 * `npm run charts`: every machine that stately.config.json lists, drawn as an SVG statechart in
 * docs/charts/ (Graphviz compiled to WebAssembly, so offline and the same bytes on every
 * machine), with docs/charts/README.md linking them. `npm run charts -- --check` writes nothing
 * and fails when a chart or the index is missing, stale or left over (run in `npm test`).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chartProblems, renderCharts, writeCharts } from './charts/chartFiles.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const chartsDir = join(root, 'docs', 'charts');

const files = await renderCharts(root);
if (process.argv.includes('--check')) {
  const problems = chartProblems(chartsDir, files);
  if (problems.length) {
    console.error(`${problems.map((problem) => `docs/charts/${problem}`).join('\n')}\nRun \`npm run charts\` and commit docs/charts/.`);
    process.exit(1);
  }
  console.log(`charts: the ${files.size - 1} statecharts in docs/charts/ are up to date`);
} else {
  writeCharts(chartsDir, files);
  console.log(`charts: wrote ${files.size - 1} statecharts and README.md to docs/charts/`);
}
