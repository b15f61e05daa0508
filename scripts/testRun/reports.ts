import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What `npm test` leaves behind for `npm run test:timing`: each suite's counts and where its time
 * went, in `.test-reports/` (not committed). The Vitest reporter and the Playwright config write
 * them; scripts/test.ts sums them into the closing line.
 */
export const reportsDir = join(dirname(fileURLToPath(import.meta.url)), '../../.test-reports');
export const reportPaths = {
  steps: join(reportsDir, 'steps.json'),
  vitest: join(reportsDir, 'vitest.json'),
  playwright: join(reportsDir, 'playwright.json'),
};

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** One step of `npm test` (type check, charts, the e2e build, Vitest, Playwright): when it started in the run, and its wall time. */
export interface StepReport {
  name: string;
  ok: boolean;
  seconds: number;
  startSeconds: number;
}

/** A Vitest file: its project, its outcome counts, and its time (tests and hooks; loading it). */
export interface VitestFileReport extends Counts {
  project: string;
  file: string;
  seconds: number;
  loadSeconds: number;
}

export interface VitestReport {
  files: VitestFileReport[];
  /** Errors outside any test (an unhandled rejection, a file that failed to load). */
  errors: number;
}

/** The parts of Playwright's JSON report read here. */
export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number; duration: number };
  suites: PlaywrightSuite[];
  errors: unknown[];
}
interface PlaywrightSuite {
  file: string;
  specs: { tests: { results: { duration: number; workerIndex: number; parallelIndex: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

export function writeReport(path: string, report: unknown) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(report, null, 1)}\n`);
}

export function readReport<T>(path: string): T | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined;
}

export function vitestCounts(report: VitestReport): Counts {
  const sum = (key: keyof Counts) => report.files.reduce((total, file) => total + file[key], 0);
  return { passed: sum('passed'), failed: sum('failed') + report.errors, skipped: sum('skipped') };
}

/** A flaky result (failed, then passed on a retry) counts as failed: the suite runs without retries. */
export function playwrightCounts(report: PlaywrightReport): Counts {
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected, failed: unexpected + flaky + report.errors.length, skipped };
}

/** Each Playwright spec file with the summed duration of its tests, in seconds. */
export function playwrightSpecSeconds(report: PlaywrightReport): Map<string, number> {
  const seconds = new Map<string, number>();
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs) {
      for (const test of spec.tests) for (const result of test.results) seconds.set(suite.file, (seconds.get(suite.file) ?? 0) + result.duration / 1000);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites) visit(suite);
  return seconds;
}

export const countsLine = ({ passed, failed, skipped }: Counts) => `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
