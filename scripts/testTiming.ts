import {
  countsLine,
  playwrightCounts,
  playwrightSpecSeconds,
  readReport,
  reportPaths,
  vitestCounts,
  type PlaywrightReport,
  type StepReport,
  type VitestReport,
} from './testRun/reports.ts';

/*
 * `npm run test:timing`: where the last `npm test` spent its time (from .test-reports/): each
 * step against the budget, Vitest per project and its ten slowest files, Playwright per spec.
 * Vitest and Playwright run side by side, and each runs files side by side (one per core), so
 * their file times add up to more than the run's wall time.
 */

/** The budget the README states: npm test on a two-core machine. */
const budgetMinutes = 15;

const steps = readReport<StepReport[]>(reportPaths.steps);
if (!steps) {
  console.error('No timing yet: run npm test first (it writes .test-reports/).');
  process.exit(1);
}
const vitest = readReport<VitestReport>(reportPaths.vitest);
const playwright = readReport<PlaywrightReport>(reportPaths.playwright);

const s = (seconds: number) => `${seconds.toFixed(1)} s`.padStart(9);
const table = (rows: [string, string][]) => rows.map(([value, label]) => `  ${value}  ${label}`).join('\n');

// Vitest and Playwright run side by side: the run lasts until the last step ends.
const wall = Math.max(...steps.map((step) => step.startSeconds + step.seconds));
console.log(`npm test: ${(wall / 60).toFixed(1)} min of the ${budgetMinutes} min budget (${Math.round((wall / 60 / budgetMinutes) * 100)} %)`);
console.log(table(steps.map((step) => [s(step.seconds), `${step.name}${step.ok ? '' : ' (failed)'}, from ${step.startSeconds.toFixed(0)} s`])));

if (vitest) {
  console.log(`\nVitest: ${countsLine(vitestCounts(vitest))}; file time per project (tests and hooks + loading the file):`);
  const projects = new Map<string, { seconds: number; load: number; files: number }>();
  for (const file of vitest.files) {
    const project = projects.get(file.project) ?? { seconds: 0, load: 0, files: 0 };
    projects.set(file.project, { seconds: project.seconds + file.seconds, load: project.load + file.loadSeconds, files: project.files + 1 });
  }
  console.log(table([...projects].sort((a, b) => b[1].seconds - a[1].seconds).map(([name, p]) => [s(p.seconds + p.load), `${name}: ${p.files} files (${p.load.toFixed(1)} s loading)`])));
  console.log('\nThe 10 slowest Vitest files:');
  const slowest = [...vitest.files].sort((a, b) => b.seconds + b.loadSeconds - (a.seconds + a.loadSeconds)).slice(0, 10);
  console.log(table(slowest.map((file) => [s(file.seconds + file.loadSeconds), `${file.file} (${file.project})`])));
}

if (playwright) {
  const specs = [...playwrightSpecSeconds(playwright)].sort((a, b) => b[1] - a[1]);
  const sum = specs.reduce((total, [, seconds]) => total + seconds, 0);
  console.log(`\nPlaywright: ${countsLine(playwrightCounts(playwright))}; ${s(playwright.stats.duration / 1000).trim()} wall, ${sum.toFixed(0)} s of tests, per spec:`);
  console.log(table(specs.map(([file, seconds]) => [s(seconds), file])));
}
