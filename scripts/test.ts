import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import {
  countsLine,
  playwrightCounts,
  readReport,
  reportPaths,
  reportsDir,
  vitestCounts,
  writeReport,
  type Counts,
  type PlaywrightReport,
  type StepReport,
  type VitestReport,
} from './testRun/reports.ts';

/*
 * `npm test`: the type check, the charts check and the e2e build, then Vitest and Playwright side
 * by side (each alone leaves a core idle a tenth of the time: Playwright while pages load and
 * servers answer, Vitest while its server tests wait on child processes). Every step runs even
 * when one before it failed (a Vitest failure does not hide the e2e results); the suites' lines
 * are prefixed with their name. It ends with one line summing the tests of both suites.
 * `npm run test:timing` reads what it leaves in .test-reports/.
 */

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const checks: Step[] = [
  { name: 'type check', command: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'charts check', command: 'npx', args: ['tsx', 'scripts/charts.ts', '--check'] },
  // The e2e build talks to the simulated container's push service (e2e/container.spec.ts).
  { name: 'e2e build', command: 'npx', args: ['vite', 'build', '--logLevel', 'warn'], env: { VITE_CONTAINER_SERVICE_URL: 'http://127.0.0.1:3100' } },
];
// Besides the usual output, each suite writes its report for the closing line and npm run test:timing.
const vitest: Step = { name: 'vitest', command: 'npx', args: ['vitest', 'run', '--reporter=default', '--reporter=./scripts/testRun/vitestReporter.ts'] };
const playwright: Step = {
  name: 'playwright',
  command: 'npx',
  args: ['playwright', 'test', '--reporter=list,json'],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: reportPaths.playwright },
};

const runStarted = performance.now();
const done: StepReport[] = [];

/** Runs `step`, its output line by line (prefixed with its name when `prefixed`), and records it. */
function run(step: Step, prefixed: boolean): Promise<boolean> {
  const started = performance.now();
  return new Promise<boolean>((resolve) => {
    const child = spawn(step.command, step.args, {
      stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      // Piped output is no terminal: colours are kept on when npm test itself writes to one.
      env: { ...process.env, ...(prefixed && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...step.env },
    });
    if (prefixed) {
      for (const [stream, out] of [[child.stdout!, process.stdout], [child.stderr!, process.stderr]] as const) {
        createInterface({ input: stream }).on('line', (line) => out.write(`[${step.name}] ${line}\n`));
      }
    }
    child.on('close', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  }).then((ok) => {
    const seconds = (performance.now() - started) / 1000;
    done.push({ name: step.name, ok, seconds, startSeconds: (started - runStarted) / 1000 });
    writeReport(reportPaths.steps, done);
    return ok;
  });
}

rmSync(reportsDir, { recursive: true, force: true });
for (const step of checks) await run(step, false);
// Playwright needs the build: without it there is nothing to serve.
const built = done.find((step) => step.name === 'e2e build')!.ok;
await Promise.all([run(vitest, true), built ? run(playwright, true) : Promise.resolve(false)]);
if (!built) done.push({ name: playwright.name, ok: false, seconds: 0, startSeconds: (performance.now() - runStarted) / 1000 });

const vitestReport = readReport<VitestReport>(reportPaths.vitest);
const playwrightReport = readReport<PlaywrightReport>(reportPaths.playwright);
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
for (const counts of [vitestReport && vitestCounts(vitestReport), playwrightReport && playwrightCounts(playwrightReport)]) {
  if (!counts) continue;
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}
// A step that failed without a failed test to show for it (the type check, a suite that did not finish).
const failedSteps = done.filter((step) => !step.ok).map((step) => step.name);
const missing = [...(vitestReport ? [] : ['vitest']), ...(playwrightReport ? [] : ['playwright'])].filter((name) => !failedSteps.includes(name));
const notes = [...failedSteps.map((name) => `${name} failed`), ...missing.map((name) => `${name} wrote no report`)];
const minutes = (performance.now() - runStarted) / 1000 / 60;
console.log(`\nnpm test took ${minutes.toFixed(1)} min (npm run test:timing tells where it went)`);
console.log(`${countsLine(total)}${notes.length ? `; ${notes.join(', ')}` : ''}`);
process.exit(failedSteps.length || missing.length || total.failed ? 1 : 0);
